/** Reading single documents: one of the user's links, and which codes are free. */
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

/** Those of `codes` that no link holds yet, in the order given: read from the public targets/{code}. */
export async function freeAmong(db: Firestore, codes: string[]): Promise<string[]> {
	const valid = codes.filter(isCode);
	const taken = await Promise.all(valid.map(async (code) => (await getDoc(doc(db, TARGETS, code))).exists()));
	return valid.filter((_, index) => !taken[index]);
}
