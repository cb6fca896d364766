/** Editing a link: where it points, with its public target in the same batch. */
import {
	doc,
	type FieldValue,
	type Firestore,
	serverTimestamp,
	type WriteBatch,
	writeBatch,
} from "firebase/firestore/lite";
import { LINKS, type LinkDocument, TARGETS, type TargetDocument } from "../schema";
import type { Link } from "../types";
import { hashUrl } from "../urlHash";
import { checkUrl } from "../urls";
import type { StoreDeps } from "./deps";
import { readLink } from "./read";
import { isPermissionDenied, orThrow } from "./refusals";

/**
 * Commits a batch that edits the link at `code`. A link deleted since it was read fails the rules (the
 * update would create half a link) before the update's exists precondition, so it comes back as
 * permission-denied: reading it again says link-not-found.
 */
export async function commitEdit(db: Firestore, shortLinkBase: string, code: string, batch: WriteBatch) {
	try {
		await batch.commit();
	} catch (error) {
		if (isPermissionDenied(error)) await readLink(db, shortLinkBase, code);
		throw error;
	}
}

/** Points a link somewhere else; its public target changes in the same batch. */
export async function updateTarget(
	{ firestore, clock, shortLinkBase, siteHosts, onChange }: StoreDeps,
	code: string,
	newUrl: string,
): Promise<Link> {
	const { url, host } = orThrow(checkUrl(newUrl, shortLinkBase, siteHosts));
	const db = firestore();
	const current = await readLink(db, shortLinkBase, code);
	const batch = writeBatch(db);
	const edit: Partial<LinkDocument<FieldValue>> = {
		url,
		host,
		urlHash: await hashUrl(url),
		updatedAt: serverTimestamp(),
	};
	const target: TargetDocument = { url };
	batch.update(doc(db, LINKS, code), edit);
	batch.set(doc(db, TARGETS, code), target);
	await commitEdit(db, shortLinkBase, code, batch);
	onChange({ kind: "updated", codes: [code] });
	return { ...current, url, host, updatedAt: clock() };
}
