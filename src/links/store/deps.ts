/** What the link store is built from: every dependency an argument, so tests need no mocks. */
import type { Firestore } from "firebase/firestore/lite";
import type { LinksChange, RandomBytes } from "../types";

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
}

/** The dependencies with their defaults filled in, as the store's modules take them. */
export type StoreDeps = Required<LinkStoreDeps>;
