/**
 * The user's links in Cloud Firestore, through firebase/firestore/lite (REST over fetch, which a
 * service worker can use). Every dependency arrives as an argument, so the integration tests run this
 * exact code against the local backend with the real SDK.
 *
 * links/{code} is private to its owner, targets/{code} public, what the redirect page reads (their fields
 * and limits: ./schema.ts). The pair is written, edited and deleted together; firestore.rules checks each
 * half against the other. Each concern has its module in ./store/; this composes them.
 */
import { checkNewLink, createShorten, type NewLink } from "./store/create";
import type { LinkStoreDeps, StoreDeps } from "./store/deps";
import { updateTarget } from "./store/edit";
import { listPage, type PageRequest } from "./store/pages";
import { freeAmong, readLink } from "./store/read";
import { removeMany } from "./store/remove";
import { retag, setTags } from "./store/tags";
import type { TagChange } from "./tags";
import { checkUrl } from "./urls";

export type { NewLink } from "./store/create";
export type { LinkStoreDeps, LocalLinks } from "./store/deps";
export type { PageRequest } from "./store/pages";
export { DELETE_BATCH, DELETE_LIMIT } from "./store/remove";
export { TAG_BATCH } from "./store/tags";

export function createLinkStore({
	firestore,
	random,
	clock,
	shortLinkBase,
	siteHosts = [],
	onChange = () => undefined,
	local,
}: LinkStoreDeps) {
	const deps: StoreDeps = { firestore, random, clock, shortLinkBase, siteHosts, onChange, ...(local ? { local } : {}) };
	return {
		get: (code: string) => readLink(firestore(), shortLinkBase, code),
		shorten: createShorten(deps),
		checkNewLink: (input: Pick<NewLink, "url" | "alias">) => checkNewLink(input, shortLinkBase, siteHosts),
		/** What updateTarget checks first, with nothing sent. */
		checkTarget: (url: string) => checkUrl(url, shortLinkBase, siteHosts),
		listPage: (owner: string, request: PageRequest) => listPage(firestore(), shortLinkBase, owner, request),
		freeAmong: (codes: string[]) => freeAmong(firestore(), codes),
		updateTarget: (code: string, newUrl: string) => updateTarget(deps, code, newUrl),
		removeMany: (owner: string, codes: string[]) => removeMany(firestore(), onChange, owner, codes),
		setTags: (code: string, tags: readonly string[]) => setTags(deps, code, tags),
		retag: (owner: string, changes: readonly TagChange[]) => retag(deps, owner, changes),
	};
}

export type LinkStore = ReturnType<typeof createLinkStore>;
