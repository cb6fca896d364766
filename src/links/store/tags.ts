/** Tagging links: one link's list, or many links' new lists at once (a tag renamed or deleted). */
import { deleteField, doc, type Firestore, serverTimestamp, writeBatch } from "firebase/firestore/lite";
import { ShortyError, toAppError } from "../../errors";
import { isCode } from "../codes";
import { LINKS } from "../schema";
import { checkTags, type TagChange } from "../tags";
import type { Link } from "../types";
import type { StoreDeps } from "./deps";
import { chunksOf, commitEach, ownedAmong } from "./documents";
import { commitEdit } from "./edit";
import { readLink } from "./read";
import { isPermissionDenied, orThrow } from "./refusals";

/**
 * Links per batch when retagging many. An owner's edit costs 2 of the 20 document lookups a batched write
 * may make (firestore.rules: targetMatchesAfter), so 10 edits spend them all.
 */
export const TAG_BATCH = 10;

/** The edit that stores `tags`: a link with none has no field, as one never tagged. */
function tagsEdit(tags: readonly string[]) {
	return { tags: tags.length > 0 ? [...tags] : deleteField(), updatedAt: serverTimestamp() };
}

/** The link with `tags` as the store keeps them: no field for none. */
function withTags(link: Link, tags: string[], updatedAt: number): Link {
	const { tags: _, ...untagged } = link;
	return tags.length > 0 ? { ...untagged, tags, updatedAt } : { ...untagged, updatedAt };
}

/**
 * Replaces a link's tags with `inputs`, checked by checkTags first (a refusal names the reason and writes
 * nothing). Another user's link reads as not found, as in readLink.
 */
export async function setTags(
	{ firestore, clock, shortLinkBase, onChange }: StoreDeps,
	code: string,
	inputs: readonly string[],
): Promise<Link> {
	const tags = orThrow(checkTags(inputs));
	const db = firestore();
	const current = await readLink(db, shortLinkBase, code);
	const batch = writeBatch(db);
	batch.update(doc(db, LINKS, code), tagsEdit(tags));
	await commitEdit(db, shortLinkBase, code, batch);
	onChange({ kind: "updated", codes: [code] });
	return withTags(current, tags, clock());
}

async function commitTags(db: Firestore, changes: readonly TagChange[]): Promise<void> {
	const batch = writeBatch(db);
	for (const { link, tags } of changes) batch.update(doc(db, LINKS, link.code), tagsEdit(tags));
	await batch.commit();
}

/** An update's exists precondition failed: the link is gone. */
const isNotFound = (error: unknown) => (error as { code?: unknown })?.code === "not-found";

/**
 * Commits one batch and returns the changes that landed. A whole batch fails over one link deleted
 * meanwhile (in another browser; the rules refuse it before the update's precondition does): that link is
 * skipped, not an error, and the rest committed.
 */
async function commitSkippingDeleted(db: Firestore, owner: string, batch: TagChange[]): Promise<TagChange[]> {
	try {
		await commitTags(db, batch);
		return batch;
	} catch (error) {
		if (!isPermissionDenied(error) && !isNotFound(error)) throw error;
		const owned = new Set(
			await ownedAmong(
				db,
				owner,
				batch.map(({ link }) => link.code),
			),
		);
		if (owned.size === batch.length) throw error;
		const left = batch.filter(({ link }) => owned.has(link.code));
		if (left.length > 0) await commitTags(db, left);
		return left;
	}
}

/**
 * Gives many of `owner`'s links their new tag lists, TAG_BATCH links a batch, several at once (commitEach),
 * each announced as it lands; a link deleted meanwhile is skipped. Each list is checked by checkTags first: one
 * refusal and nothing is written. When a batch fails, no further batch starts and the error says how many
 * links were retagged. Returns the links retagged, as saved.
 */
export async function retag(
	{ firestore, clock, onChange }: StoreDeps,
	owner: string,
	changes: readonly TagChange[],
): Promise<Link[]> {
	const checked = changes.map(({ link, tags }) => {
		if (!isCode(link.code)) throw new ShortyError("invalid-request", `not a link's code: ${link.code.slice(0, 80)}`);
		return { link, tags: orThrow(checkTags(tags)) };
	});
	const retagged: Link[] = [];
	const failure = await commitEach(chunksOf(checked, TAG_BATCH), async (batch) => {
		const landed = await commitSkippingDeleted(firestore(), owner, batch);
		if (landed.length === 0) return;
		const now = clock();
		retagged.push(...landed.map(({ link, tags }) => withTags(link, tags, now)));
		onChange({ kind: "updated", codes: landed.map(({ link }) => link.code) });
	});
	if (failure !== null) {
		throw new ShortyError(
			toAppError(failure.error).code,
			`${retagged.length} of ${checked.length} links were retagged`,
		);
	}
	return retagged;
}
