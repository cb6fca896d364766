/**
 * The user's links in Cloud Firestore, through firebase/firestore/lite (REST over fetch, which a
 * service worker can use). Every dependency arrives as an argument, so the integration tests run this
 * exact code against the local backend with the real SDK.
 *
 * links/{code} is private to its owner, targets/{code} public, what the redirect page reads (their fields
 * and limits: ./schema.ts). The pair is written, edited and deleted together; firestore.rules checks each
 * half against the other. Each concern has its module in ./store/; this composes them.
 */
import type { Firestore } from "firebase/firestore/lite";
import { createShorten, type LocalLinks } from "./store/create";
import { updateTarget } from "./store/edit";
import { listPage, type PageRequest } from "./store/pages";
import { freeAmong, readLink } from "./store/read";
import { removeMany } from "./store/remove";
import { retag, setTags } from "./store/tags";
import type { TagChange } from "./tags";
import type { LinksChange, RandomBytes } from "./types";

export type { LocalLinks, NewLink } from "./store/create";
export type { PageRequest } from "./store/pages";
export { DELETE_BATCH, DELETE_LIMIT } from "./store/remove";
export { TAG_BATCH } from "./store/tags";

export interface LinkStoreDeps {
	db: Firestore;
	random: RandomBytes;
	/** Milliseconds since the epoch; stands in for the server's time in what shorten() returns. */
	clock: () => number;
	/** Where short links live, e.g. "https://sho.rt/"; a link's short URL is this plus its code. */
	shortLinkBase: string;
	/** The short-link site's other names (shortLinkSiteHosts), refused as targets as shortLinkBase is. */
	siteHosts?: readonly string[];
	/** Told after every write that changed links, so open pages can follow. */
	onChange?: (change: LinksChange) => void;
	/** The worker's copy of the owner's links, which answers the same-address lookup without a request. */
	local?: LocalLinks;
}

export function createLinkStore({
	db,
	random,
	clock,
	shortLinkBase,
	siteHosts = [],
	onChange = () => undefined,
	local,
}: LinkStoreDeps) {
	return {
		get: (code: string) => readLink(db, shortLinkBase, code),
		shorten: createShorten({ db, random, clock, shortLinkBase, siteHosts, onChange, ...(local ? { local } : {}) }),
		listPage: (owner: string, request: PageRequest) => listPage(db, shortLinkBase, owner, request),
		freeAmong: (codes: string[]) => freeAmong(db, codes),
		updateTarget: (code: string, newUrl: string) =>
			updateTarget({ db, clock, shortLinkBase, siteHosts, onChange }, code, newUrl),
		removeMany: (owner: string, codes: string[]) => removeMany(db, onChange, owner, codes),
		setTags: (code: string, tags: readonly string[]) => setTags({ db, clock, shortLinkBase, onChange }, code, tags),
		retag: (owner: string, changes: readonly TagChange[]) => retag({ db, clock, onChange }, owner, changes),
	};
}

export type LinkStore = ReturnType<typeof createLinkStore>;
