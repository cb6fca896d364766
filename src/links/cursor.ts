/**
 * Page cursors: where a page of links ends, as an opaque string the pages hand back to ask for the next
 * or previous page. It holds the last link's exact creation time (seconds and nanoseconds, because
 * milliseconds would skip or repeat links created in the same millisecond) and its code, which breaks
 * ties, so paging is exact whatever the total.
 */
import { ShortyError } from "../errors";
import { isCode } from "./codes";

export interface CursorPosition {
	seconds: number;
	nanoseconds: number;
	code: string;
}

export function encodeCursor({ seconds, nanoseconds, code }: CursorPosition): string {
	const bytes = new TextEncoder().encode(JSON.stringify([seconds, nanoseconds, code]));
	return btoa(String.fromCharCode(...bytes))
		.replaceAll("+", "-")
		.replaceAll("/", "_")
		.replace(/=+$/, "");
}

export function decodeCursor(cursor: string): CursorPosition {
	try {
		const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
		const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
		if (Array.isArray(parsed) && parsed.length === 3) {
			const [seconds, nanoseconds, code] = parsed as unknown[];
			// Firestore timestamps span years 1 to 9999; anything outside could only be a forged cursor.
			if (
				Number.isInteger(seconds) &&
				(seconds as number) >= -62_135_596_800 &&
				(seconds as number) <= 253_402_300_799 &&
				Number.isInteger(nanoseconds) &&
				(nanoseconds as number) >= 0 &&
				(nanoseconds as number) < 1e9 &&
				typeof code === "string" &&
				isCode(code)
			) {
				return { seconds: seconds as number, nanoseconds: nanoseconds as number, code };
			}
		}
	} catch {
		// Reported below: a cursor is only ever one this module made, so any other string is a bad request.
	}
	throw new ShortyError("invalid-request", "unreadable page cursor");
}
