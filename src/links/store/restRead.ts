/**
 * Where the caller's links at some codes point now, read over REST with the caller's token (./rest.ts): the
 * check of a worker's copy of its links before Auth has started (background/linkMirrors.ts). Each code is
 * its own `batchGet`, as the SDK's getDoc sends it, all at once: the rules refuse a whole batch for one
 * document the caller may not read.
 */
import { LINKS } from "../schema";
import { isPermissionDenied } from "./refusals";
import { callRest, documentsRoot, type RestTarget } from "./rest";

interface BatchGetAnswer {
	found?: { fields?: { url?: { stringValue?: unknown } } };
}

/**
 * The address of the caller's link at `code`, or null when the caller has none there: missing, or not
 * theirs to read (the rules refuse a read of a deleted link, whose document is gone, as of another
 * user's). Any other failure throws a RestError.
 */
async function linkUrl(target: RestTarget, code: string): Promise<string | null> {
	const name = `${documentsRoot(target.projectId)}/${LINKS}/${encodeURIComponent(code)}`;
	try {
		const [answer] = (await callRest(target, "batchGet", { documents: [name] })) as BatchGetAnswer[];
		const url = answer?.found?.fields?.url?.stringValue;
		return typeof url === "string" ? url : null;
	} catch (error) {
		if (isPermissionDenied(error)) return null;
		throw error;
	}
}

/** Each code's link address as Firestore holds it now (null for none of the caller's), in one round trip. */
export async function linkUrlsOverRest(
	target: RestTarget,
	codes: readonly string[],
): Promise<Map<string, string | null>> {
	const urls = await Promise.all(codes.map((code) => linkUrl(target, code)));
	return new Map(codes.map((code, i) => [code, urls[i] ?? null]));
}
