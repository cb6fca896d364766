/** Percent-encoded text read back, or as written where it is not valid UTF-8 escapes ("%FF", "%E0%A4%A"). */
export function decodeURIComponentSafely(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}
