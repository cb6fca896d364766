/** Reading single documents: one of the user's links, where some of them point now, and which codes are free. */
import { doc, type Firestore, getDoc } from "firebase/firestore/lite";
import { ShortyError } from "../../errors";
import { isCode } from "../codes";
import { LINKS, TARGETS } from "../schema";
import type { Link } from "../types";
import { linkFromSnapshot } from "./documents";
import { isPermissionDenied } from "./refusals";

/** One of the user's links; the rules make anyone else's unreadable, which reads as not found. */
export async function readLink(db: Firestore, shortLinkBase: string, code: string): Promise<Link> {
	// A string that cannot be a code cannot name a link, and must not reach Firestore as a path.
	if (!isCode(code)) throw new ShortyError("link-not-found");
	try {
		const snapshot = await getDoc(doc(db, LINKS, code));
		if (snapshot.exists()) return linkFromSnapshot(shortLinkBase, snapshot);
	} catch (error) {
		// Whether a code is someone else's is not the caller's business.
		if (!isPermissionDenied(error)) throw error;
	}
	throw new ShortyError("link-not-found");
}

/**
 * Where the caller's links at `codes` point now: each one's address, or null for no link of theirs (the
 * rules refuse a read of a deleted link, whose document is gone, as of another user's). One read each, all
 * at once: one round trip. As ./restRead.ts reads them with a token the caller holds.
 */
export async function linkUrls(db: Firestore, codes: readonly string[]): Promise<Map<string, string | null>> {
	const read = async (code: string): Promise<[string, string | null]> => {
		try {
			const url: unknown = (await getDoc(doc(db, LINKS, code))).get("url");
			return [code, typeof url === "string" ? url : null];
		} catch (error) {
			if (isPermissionDenied(error)) return [code, null];
			throw error;
		}
	};
	return new Map(await Promise.all(codes.map(read)));
}

/** Those of `codes` that no link holds yet, in the order given: read from the public targets/{code}. */
export async function freeAmong(db: Firestore, codes: string[]): Promise<string[]> {
	const valid = codes.filter(isCode);
	const taken = await Promise.all(valid.map(async (code) => (await getDoc(doc(db, TARGETS, code))).exists()));
	return valid.filter((_, index) => !taken[index]);
}
