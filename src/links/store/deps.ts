/** What the link store is built from: every dependency an argument, so tests need no mocks. */
import type { Firestore } from "firebase/firestore/lite";
import type { Link, LinksChange, RandomBytes } from "../types";

/**
 * The owner's links as the worker holds them locally (../mirror/), asked before any request: the
 * same-address lookup without a round trip, kept safe across a worker that dies mid-create.
 */
export interface LocalLinks {
	/**
	 * The owner's links to the address with this hash, and the codes of earlier creates of it whose outcome
	 * was never seen here; null when the local copy cannot answer for sure (it never synced in full).
	 */
	sameAddress(owner: string, urlHash: string): Promise<{ links: Link[]; unsettled: string[] } | null>;
	/** Remembers, before the commit is sent, that `code` is being created for this address. */
	creating(owner: string, urlHash: string, code: string): Promise<void>;
	/** The create of `code` is over with no link of the owner's to keep (the code was someone else's). */
	settled(owner: string, code: string): Promise<void>;
}

export interface LinkStoreDeps {
	/**
	 * Firestore, asked for only when a request goes out: a shorten the worker's copy answers never creates
	 * Firebase in a worker just started (background/index.ts).
	 */
	firestore: () => Firestore;
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

/** The dependencies with their defaults filled in, as the store's modules take them (a store may have no local copy). */
export type StoreDeps = Required<Omit<LinkStoreDeps, "local">> & Pick<LinkStoreDeps, "local">;
