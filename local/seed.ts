/**
 * Demo data for a first run: one account and 60 links spread over the past weeks, so the options page
 * shows real pagination at once. `seedAccount` does the same for any account and number of links, for
 * tests and benchmarks. Links are written with the emulators' administrator token ("owner"),
 * like a server script using the Admin SDK: that is how they can carry past creation times, which the
 * rules rightly refuse from clients. Running it again changes nothing.
 */
import { randomInt } from "node:crypto";
import { deleteApp, initializeApp } from "firebase/app";
import {
	collection,
	connectFirestoreEmulator,
	doc,
	type Firestore,
	getDocs,
	getFirestore,
	limit,
	query,
	Timestamp,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { generateCode } from "../src/links/codes";
import { LINKS, type LinkDocument, TARGETS, type TargetDocument } from "../src/links/schema";
import { hashUrl } from "../src/links/urlHash";
import { PROJECT_ID } from "./config";

export interface SeedAccount {
	email: string;
	password: string;
}

export const DEMO_ACCOUNT: SeedAccount = { email: "demo@shorty.test", password: "shorty-demo" };
export const DEMO_LINK_COUNT = 60;

const SITES = [
	["developer.chrome.com", "/docs/extensions/develop/concepts/service-workers", "Extension service worker basics"],
	["firebase.google.com", "/docs/firestore/query-data/query-cursors", "Paginate data with query cursors"],
	["developer.mozilla.org", "/en-US/docs/Web/API/Clipboard/writeText", "Clipboard: writeText() method"],
	["react.dev", "/reference/react/useEffect", "useEffect – React"],
	["vite.dev", "/guide/build", "Building for Production | Vite"],
	["www.typescriptlang.org", "/docs/handbook/2/narrowing.html", "TypeScript: Documentation - Narrowing"],
	["en.wikipedia.org", "/wiki/URL_shortening", "URL shortening - Wikipedia"],
	["github.com", "/GoogleChrome/chrome-extensions-samples", "GoogleChrome/chrome-extensions-samples"],
	["news.ycombinator.com", "/item?id=41000000", "Ask HN: What do you use to share links?"],
	["www.w3.org", "/TR/WCAG22/", "Web Content Accessibility Guidelines (WCAG) 2.2"],
] as const;

const HOUR_MS = 3_600_000;
/** Links per batch: two writes each (link and target), within Firestore's 500 writes to a batch. */
const LINKS_PER_BATCH = 250;

async function demoLink(
	index: number,
	owner: string,
	now: number,
): Promise<{ code: string; link: LinkDocument<Timestamp> }> {
	const [host, path, title] = SITES[index % SITES.length] as (typeof SITES)[number];
	const url = `https://${host}${path}${index >= SITES.length ? `${path.includes("?") ? "&" : "?"}ref=${index}` : ""}`;
	// Spread over about three weeks, newest first, so relative dates in the table vary.
	const createdAt = Timestamp.fromMillis(now - index * 8 * HOUR_MS - randomInt(HOUR_MS));
	return {
		code: generateCode((length) => crypto.getRandomValues(new Uint8Array(length))),
		link: {
			url,
			host,
			owner,
			title,
			createdAt,
			updatedAt: createdAt,
			clicks: (index * 37) % 50,
			custom: false,
			urlHash: await hashUrl(url),
		},
	};
}

async function userIdOf(authHost: string, account: SeedAccount): Promise<string> {
	const call = async (method: string) => {
		const response = await fetch(
			`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-key`,
			{
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ ...account, returnSecureToken: true }),
			},
		);
		return (await response.json()) as { localId?: string; error?: { message: string } };
	};
	const signUp = await call("signUp");
	const signedIn = signUp.error?.message === "EMAIL_EXISTS" ? await call("signInWithPassword") : signUp;
	if (!signedIn.localId) throw new Error(`The Auth emulator refused ${account.email}: ${signedIn.error?.message}`);
	return signedIn.localId;
}

/**
 * Writes `count` demo links for `owner`, the newest at `now`, about eight hours apart. `db` must be an
 * administrator's (the emulators' "owner" token): clients may not set past creation times.
 */
export async function writeDemoLinks(db: Firestore, owner: string, count: number, now: number): Promise<void> {
	for (let start = 0; start < count; start += LINKS_PER_BATCH) {
		const batch = writeBatch(db);
		for (let index = start; index < Math.min(count, start + LINKS_PER_BATCH); index++) {
			const { code, link } = await demoLink(index, owner, now);
			const target: TargetDocument = { url: link.url };
			batch.set(doc(db, LINKS, code), link);
			batch.set(doc(db, TARGETS, code), target);
		}
		await batch.commit();
	}
}

/** Creates the demo account and its links unless it already has links; returns how many links it wrote. */
export async function seedDemoData(hosts: { auth: string; firestore: string }, now = Date.now()): Promise<number> {
	return (await seedAccount(hosts, DEMO_ACCOUNT, DEMO_LINK_COUNT, now)).written;
}

/**
 * Creates `account` (or signs in to it) and gives it `count` links, the newest `now`, about eight hours
 * apart, unless it already has links. Returns its user id and how many links it wrote.
 */
export async function seedAccount(
	hosts: { auth: string; firestore: string },
	account: SeedAccount,
	count: number,
	now = Date.now(),
): Promise<{ uid: string; written: number }> {
	const owner = await userIdOf(hosts.auth, account);
	const app = initializeApp({ projectId: PROJECT_ID, apiKey: "demo-key" }, `seed-${owner}-${now}`);
	try {
		const db = getFirestore(app);
		const [host, port] = hosts.firestore.split(":");
		connectFirestoreEmulator(db, host ?? "127.0.0.1", Number(port), { mockUserToken: "owner" });
		const existing = await getDocs(query(collection(db, LINKS), where("owner", "==", owner), limit(1)));
		if (!existing.empty) return { uid: owner, written: 0 };
		await writeDemoLinks(db, owner, count, now);
		return { uid: owner, written: count };
	} finally {
		await deleteApp(app);
	}
}
