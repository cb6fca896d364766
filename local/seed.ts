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
	type DocumentReference,
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
import { dayExpiresAt, dayOf } from "../src/links/dayCounts";
import {
	CLICK_TOTALS,
	CLICKS,
	type ClickTotalDocument,
	clickTotalId,
	DAYS,
	type DayCountsDocument,
	LINKS,
	type LinkDocument,
	TARGETS,
	type TargetDocument,
} from "../src/links/schema";
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
const DAY_MS = 24 * HOUR_MS;
/** Links per batch: two writes each (link and target), within Firestore's 500 writes to a batch. */
const LINKS_PER_BATCH = 250;
/** Firestore's limit on the writes of one batch. */
const WRITES_PER_BATCH = 500;
/** Days of visits the newest demo link has, so its analytics show a 90-day chart with a quiet start. */
const DEMO_HISTORY_DAYS = 75;
const REFERRERS = ["news.ycombinator.com", "www.reddit.com", "mail.google.com", "t.co", "www.linkedin.com"];

/**
 * Visits as the Cloud Function counts them (one shard per day here): the newest link a few every day for
 * DEMO_HISTORY_DAYS, with referrers, devices and browsers; every other link a handful on the day it was made.
 */
function demoDayCounts(index: number, now: number): DayCountsDocument[] {
	const visitsOn = (daysAgo: number, people: number): DayCountsDocument => {
		const day = dayOf(now - daysAgo * DAY_MS);
		return {
			day,
			expireAt: dayExpiresAt(day),
			people,
			bots: (daysAgo + index) % 3,
			referrers: Object.fromEntries(
				REFERRERS.slice(0, 1 + ((daysAgo + index) % REFERRERS.length)).map((host, rank) => [
					host,
					Math.max(1, Math.floor(people / (rank + 2))),
				]),
			),
			devices: { desktop: Math.ceil(people * 0.6), mobile: Math.floor(people * 0.3), tablet: people % 2 },
			browsers: { chrome: Math.ceil(people / 2), firefox: Math.floor(people / 4), safari: Math.floor(people / 5) },
		};
	};
	if (index === 0) {
		// A wave with a launch spike: the chart then has a shape to read.
		return Array.from({ length: DEMO_HISTORY_DAYS }, (_, day) =>
			visitsOn(day, 4 + ((day * 7) % 9) + (day === 20 ? 40 : 0) + (day < 5 ? 6 : 0)),
		);
	}
	const people = (index * 37) % 50;
	return people === 0 ? [] : [visitsOn(Math.floor((index * 8) / 24), people)];
}

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

/** The shard every demo count is in: a quiet link's visits could all have landed in one. */
const DEMO_SHARD = 0;

/**
 * The link's all-time total in DEMO_SHARD, as the function leaves it after counting `days`: their people.
 * Stamped `now`, when the seed writes it, never later: a time ahead of the server's clock would hold a
 * mirror's sync cursor past the counts that follow.
 */
function demoTotal(
	owner: string,
	code: string,
	days: DayCountsDocument[],
	now: number,
): ClickTotalDocument<Timestamp> | null {
	const people = days.reduce((sum, day) => sum + (day.people ?? 0), 0);
	return people === 0 ? null : { owner, code, people, updatedAt: Timestamp.fromMillis(now) };
}

/**
 * Writes `count` demo links for `owner`, the newest at `now`, about eight hours apart, with visits counted
 * as the Cloud Function counts them: day documents and, for a link with people, its total, which agrees
 * with them. `db` must be an administrator's (the emulators' "owner" token): clients may not set past
 * creation times, and no client writes counts.
 */
export async function writeDemoLinks(db: Firestore, owner: string, count: number, now: number): Promise<void> {
	const counts: Array<{ ref: DocumentReference; data: DayCountsDocument | ClickTotalDocument<Timestamp> }> = [];
	for (let start = 0; start < count; start += LINKS_PER_BATCH) {
		const batch = writeBatch(db);
		for (let index = start; index < Math.min(count, start + LINKS_PER_BATCH); index++) {
			const { code, link } = await demoLink(index, owner, now);
			const target: TargetDocument = { url: link.url };
			batch.set(doc(db, LINKS, code), link);
			batch.set(doc(db, TARGETS, code), target);
			const days = demoDayCounts(index, now);
			for (const day of days) {
				counts.push({ ref: doc(db, CLICKS, code, DAYS, `${day.day}-${DEMO_SHARD}`), data: day });
			}
			const total = demoTotal(owner, code, days, now);
			if (total) counts.push({ ref: doc(db, CLICK_TOTALS, clickTotalId(code, DEMO_SHARD)), data: total });
		}
		await batch.commit();
	}
	for (let start = 0; start < counts.length; start += WRITES_PER_BATCH) {
		const batch = writeBatch(db);
		for (const { ref, data } of counts.slice(start, start + WRITES_PER_BATCH)) batch.set(ref, data);
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
