/**
 * Where the caller's links at some codes point now, read over REST with the caller's token (./rest.ts): the
 * check of a worker's copy of its links before Auth has started (background/linkMirrors.ts). Each code is
 * its own `batchGet`, as the SDK's getDoc sends it, all at once: the rules refuse a whole batch for one
 * document the caller may not read.
 */
import { LINKS } from "../schema";
import { isPermissionDenied } from "./refusals";
import { callRest, documentsRoot, RestError, type RestTarget } from "./rest";

/** One document's entry in a `batchGet` answer. */
interface BatchGetEntry {
	found?: { fields?: { url?: { stringValue?: unknown } } };
	missing?: string;
}

/**
 * The address of the caller's link at `code`, or null when the caller has none there: missing, or not
 * theirs to read (the rules refuse a read of a deleted link, whose document is gone, as of another
 * user's). Any other answer or failure throws: the check is then not made, rather than a link dropped.
 */
async function linkUrl(target: RestTarget, code: string): Promise<string | null> {
	const name = `${documentsRoot(target.projectId)}/${LINKS}/${code}`;
	let entry: BatchGetEntry | undefined;
	try {
		[entry] = (await callRest(target, "batchGet", { documents: [name] })) as BatchGetEntry[];
	} catch (error) {
		if (isPermissionDenied(error)) return null;
		throw error;
	}
	if (entry?.missing !== undefined) return null;
	const url = entry?.found?.fields?.url?.stringValue;
	if (typeof url !== "string") throw new RestError("internal", `No link address in batchGet's answer for ${code}`);
	return url;
}

/**
 * Each code's link address as Firestore holds it now (null for none of the caller's), in one round trip;
 * as ./read.ts's linkUrls reads it through the SDK.
 */
export async function linkUrlsOverRest(
	target: RestTarget,
	codes: readonly string[],
): Promise<Map<string, string | null>> {
	return new Map(await Promise.all(codes.map(async (code) => [code, await linkUrl(target, code)] as const)));
}
