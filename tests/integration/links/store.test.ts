import { collection, doc, getCount, getDoc, query, setDoc, Timestamp, where } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShortyError } from "../../../src/errors";
import { CODE_ALPHABET, generateCode } from "../../../src/links/codes";
import { parseRateLimit } from "../../../src/links/rateLimit";
import { CREATION_LIMITS } from "../../../src/links/schema";
import { createLinkStore, type LinkStore } from "../../../src/links/store";
import type { RandomBytes } from "../../../src/links/types";
import { administrator, type Client, newAccount, newUser, signedOut } from "../clients";

const SHORT_BASE = "http://127.0.0.1:5000/";
const realRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

interface Account {
	client: Client & { uid: string };
	store: LinkStore;
}

async function account(random: RandomBytes = realRandom, user = newUser): Promise<Account> {
	const client = await user();
	return {
		client,
		store: createLinkStore({ firestore: () => client.db, random, clock: Date.now, shortLinkBase: SHORT_BASE }),
	};
}

/** A random source that yields these codes first, then real randomness. */
function scriptedCodes(...codes: string[]): RandomBytes {
	const bytes = codes.flatMap((code) => [...code].map((char) => CODE_ALPHABET.indexOf(char)));
	return (length) => {
		const out = realRandom(length);
		for (let i = 0; i < length && bytes.length > 0; i++) out[i] = bytes.shift() as number;
		return out;
	};
}

const opened: Client[] = [];
let alice: Account;
let bob: Account;

beforeAll(async () => {
	[alice, bob] = await Promise.all([account(), account()]);
	opened.push(alice.client, bob.client);
});

afterAll(async () => {
	await Promise.all(opened.map((client) => client.close()));
});

async function linkCount(who: Account): Promise<number> {
	const mine = query(collection(who.client.db, "links"), where("owner", "==", who.client.uid));
	return (await getCount(mine)).data().count;
}

describe("shortening", () => {
	it("creates a 7-character link whose public target resolves to the normalized URL", async () => {
		const link = await alice.store.shorten(alice.client.uid, {
			url: "  HTTPS://Example.COM:443/Docs?q=1#top ",
			title: "Docs",
		});
		expect(link).toMatchObject({
			url: "https://example.com/Docs?q=1#top",
			host: "example.com",
			title: "Docs",
		});
		expect(link.code).toMatch(/^[0-9A-Za-z]{7}$/);
		expect(link.shortUrl).toBe(`${SHORT_BASE}${link.code}`);
		const visitor = signedOut();
		opened.push(visitor);
		expect((await getDoc(doc(visitor.db, "targets", link.code))).data()).toEqual({ url: link.url });
	});

	it("returns the same link for the same URL, however it was written", async () => {
		const first = await alice.store.shorten(alice.client.uid, { url: "https://example.com/same" });
		const again = await alice.store.shorten(alice.client.uid, { url: "HTTPS://EXAMPLE.com:443/same", title: "other" });
		expect(again.code).toBe(first.code);
	});

	it("makes one link when the same URL arrives three times at once", async () => {
		const url = `https://example.com/burst/${crypto.randomUUID()}`;
		const links = await Promise.all([1, 2, 3].map(() => alice.store.shorten(alice.client.uid, { url })));
		expect(new Set(links.map((link) => link.code)).size).toBe(1);
	});

	it("gives two users different links for one URL, and each sees only their own", async () => {
		const url = `https://example.com/shared/${crypto.randomUUID()}`;
		const [mine, theirs] = await Promise.all([
			alice.store.shorten(alice.client.uid, { url }),
			bob.store.shorten(bob.client.uid, { url }),
		]);
		expect(mine.code).not.toBe(theirs.code);
		await expect(bob.store.get(mine.code)).rejects.toMatchObject({ code: "link-not-found" });
		const bobsPage = await bob.store.listPage(bob.client.uid, { pageSize: 100 });
		expect(bobsPage.links.map((link) => link.code)).not.toContain(mine.code);
	});

	it("retries with a new code when a generated one is taken", async () => {
		const first = await alice.store.shorten(alice.client.uid, { url: "https://example.com/first-of-two" });
		const colliding = await account(scriptedCodes(first.code));
		opened.push(colliding.client);
		const second = await colliding.store.shorten(colliding.client.uid, { url: "https://example.com/second" });
		expect(second.code).not.toBe(first.code);
		expect((await alice.store.get(first.code)).url).toBe("https://example.com/first-of-two");
	});

	it("retries with a new code when the user holds the generated one already, leaving that link as it was", async () => {
		const held = await alice.store.shorten(alice.client.uid, { url: "https://example.com/held-by-me" });
		const sameUser = createLinkStore({
			firestore: () => alice.client.db,
			random: scriptedCodes(held.code),
			clock: Date.now,
			shortLinkBase: SHORT_BASE,
		});
		const stored = await alice.store.get(held.code);
		const second = await sameUser.shorten(alice.client.uid, { url: "https://example.com/held-second" });
		expect(second.code).not.toBe(held.code);
		expect(await alice.store.get(held.code)).toEqual(stored);
	});

	it("never takes a code whose public target stands without a link, and leaves that target alone", async () => {
		const admin = administrator();
		opened.push(admin);
		const orphan = generateCode(realRandom);
		await setDoc(doc(admin.db, "targets", orphan), { url: "https://example.com/orphaned" });
		// With a link made, Alice's quota exists, so only the rules on the code can refuse the commit.
		await alice.store.shorten(alice.client.uid, { url: "https://example.com/before-the-orphan" });
		const unlucky = createLinkStore({
			firestore: () => alice.client.db,
			random: scriptedCodes(orphan),
			clock: Date.now,
			shortLinkBase: SHORT_BASE,
		});
		const link = await unlucky.shorten(alice.client.uid, { url: "https://example.com/not-over-an-orphan" });
		expect(link.code).not.toBe(orphan);
		expect((await getDoc(doc(admin.db, "targets", orphan))).data()).toEqual({ url: "https://example.com/orphaned" });
		expect((await getDoc(doc(admin.db, "links", orphan))).exists()).toBe(false);
	});

	it("gives up with codes-exhausted after five taken codes in a row", async () => {
		const taken = await alice.store.shorten(alice.client.uid, { url: "https://example.com/taken" });
		const unlucky = await account(scriptedCodes(...Array(5).fill(taken.code)));
		opened.push(unlucky.client);
		await expect(unlucky.store.shorten(unlucky.client.uid, { url: "https://example.com/never" })).rejects.toMatchObject(
			{
				code: "codes-exhausted",
			},
		);
		expect(await linkCount(unlucky)).toBe(0);
	});

	it.each([
		["javascript:alert(1)", "invalid-url"],
		["chrome://settings", "restricted-page"],
		["file:///etc/passwd", "restricted-page"],
		[`https://example.com/${"a".repeat(2100)}`, "url-too-long"],
		[`${SHORT_BASE}abc1234`, "already-short"],
	])("refuses %s with %s and writes nothing", async (url, code) => {
		const before = await linkCount(alice);
		await expect(alice.store.shorten(alice.client.uid, { url })).rejects.toMatchObject({ code });
		expect(await linkCount(alice)).toBe(before);
	});
});

describe("titles", () => {
	/** Shortens a fresh URL with `title`; the title the link store answered with and the one stored. */
	async function titlesFor(title: string): Promise<[string, string]> {
		const url = `https://example.com/titled/${crypto.randomUUID()}`;
		const link = await alice.store.shorten(alice.client.uid, { url, title });
		return [link.title, (await getDoc(doc(alice.client.db, "links", link.code))).get("title")];
	}

	it("a long title is cut to 500 UTF-16 units between two characters, within the rules under either reading of size()", async () => {
		// 801 UTF-16 units in 401 characters: the 250th emoji would straddle the 500th unit.
		const [answered, stored] = await titlesFor(`a${"😀".repeat(400)}`);
		expect(stored).toBe(`a${"😀".repeat(249)}`);
		expect(answered).toBe(stored);
		expect(stored.length).toBe(499);
	});

	it("a title of exactly 500 UTF-16 units is kept whole", async () => {
		const title = `${"t".repeat(498)}😀`;
		expect((await titlesFor(title))[1]).toBe(title);
	});

	it("a lone surrogate, which is not valid UTF-8, is stored as U+FFFD", async () => {
		expect((await titlesFor("broken \ud83d title \ude00"))[1]).toBe("broken \ufffd title \ufffd");
	});
});

describe("aliases", () => {
	it("creates a link under the chosen alias, case kept", async () => {
		const alias = `Launch-${crypto.randomUUID().slice(0, 8)}`;
		const link = await alice.store.shorten(alice.client.uid, { url: "https://example.com/launch", alias });
		expect(link).toMatchObject({ code: alias, custom: true, shortUrl: `${SHORT_BASE}${alias}` });
	});

	it("an alias is a second link, and the plain shorten then returns the user's newest alias for the page", async () => {
		const url = `https://example.com/aliased/${crypto.randomUUID()}`;
		const plain = await alice.store.shorten(alice.client.uid, { url });
		const older = await alice.store.shorten(alice.client.uid, { url, alias: `old-${crypto.randomUUID().slice(0, 6)}` });
		const newer = await alice.store.shorten(alice.client.uid, { url, alias: `new-${crypto.randomUUID().slice(0, 6)}` });
		// Someone else's alias for the same page is theirs, not Alice's.
		await bob.store.shorten(bob.client.uid, { url, alias: `bob-${crypto.randomUUID().slice(0, 6)}` });
		expect([older, newer].every((link) => link.custom && link.code !== plain.code)).toBe(true);
		const before = await linkCount(alice);
		expect((await alice.store.shorten(alice.client.uid, { url })).code).toBe(newer.code);
		expect(await linkCount(alice)).toBe(before);
		expect((await bob.store.shorten(bob.client.uid, { url })).code).toMatch(/^bob-/);
	});

	it("a page with only an alias gets that alias from a plain shorten, and no generated link", async () => {
		const url = `https://example.com/only-alias/${crypto.randomUUID()}`;
		const alias = await alice.store.shorten(alice.client.uid, {
			url,
			alias: `only-${crypto.randomUUID().slice(0, 6)}`,
		});
		const before = await linkCount(alice);
		expect(await alice.store.shorten(alice.client.uid, { url })).toMatchObject({ code: alias.code, custom: true });
		expect(await linkCount(alice)).toBe(before);
	});

	it("tells which candidate aliases are free: any user's link takes a code, malformed ones are dropped", async () => {
		const stem = `free-${crypto.randomUUID().slice(0, 6)}`;
		await alice.store.shorten(alice.client.uid, { url: "https://example.com/free", alias: `${stem}-a` });
		await bob.store.shorten(bob.client.uid, { url: "https://example.com/free", alias: `${stem}-b` });
		const candidates = [`${stem}-a`, `${stem}-b`, `${stem}-c`, "no spaces", `${stem}-d`];
		expect(await alice.store.freeAmong(candidates)).toEqual([`${stem}-c`, `${stem}-d`]);
	});

	it("a retried aliased shorten (the worker died before answering) gets its link back", async () => {
		const alias = `retry-${crypto.randomUUID().slice(0, 8)}`;
		const first = await alice.store.shorten(alice.client.uid, { url: "https://example.com/retry", alias });
		const retried = await alice.store.shorten(alice.client.uid, { url: "https://example.com/retry", alias });
		expect(retried.code).toBe(first.code);
		await expect(
			alice.store.shorten(alice.client.uid, { url: "https://example.com/something-else", alias }),
		).rejects.toMatchObject({ code: "alias-taken" });
	});

	it("refuses an alias someone else holds, and malformed or reserved ones", async () => {
		const alias = `held-${crypto.randomUUID().slice(0, 8)}`;
		await alice.store.shorten(alice.client.uid, { url: "https://example.com/a", alias });
		await expect(bob.store.shorten(bob.client.uid, { url: "https://example.com/b", alias })).rejects.toMatchObject({
			code: "alias-taken",
		});
		await expect(
			bob.store.shorten(bob.client.uid, { url: "https://example.com/b", alias: "a b" }),
		).rejects.toMatchObject({
			code: "alias-invalid",
		});
		await expect(
			bob.store.shorten(bob.client.uid, { url: "https://example.com/b", alias: "Admin" }),
		).rejects.toMatchObject({
			code: "alias-reserved",
		});
	});

	it("when ten requests race for one alias, exactly one wins and the rest hear alias-taken", async () => {
		const alias = `race-${crypto.randomUUID().slice(0, 8)}`;
		const racers = [alice, bob, alice, bob, alice, bob, alice, bob, alice, bob];
		const outcomes = await Promise.allSettled(
			racers.map((who, i) => who.store.shorten(who.client.uid, { url: `https://example.com/race/${i}`, alias })),
		);
		expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
		for (const outcome of outcomes) {
			if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ code: "alias-taken" });
		}
	});
});

describe("paging through links", () => {
	it("walks 253 links in pages of 25, newest first, with no duplicate and no gap, and back again", async () => {
		// An email account: 253 new links in a few seconds are more than an anonymous session may make.
		const walker = await account(realRandom, newAccount);
		opened.push(walker.client);
		const uid = walker.client.uid;
		const created: string[] = [];
		for (let i = 0; i < 253; i++) {
			created.push((await walker.store.shorten(uid, { url: `https://example.com/page-walk/${i}` })).code);
		}
		const forward: string[][] = [];
		let page = await walker.store.listPage(uid, { pageSize: 25 });
		expect(page.previous).toBeNull();
		for (;;) {
			expect(page.total).toBe(253);
			forward.push(page.links.map((link) => link.code));
			if (!page.next) break;
			page = await walker.store.listPage(uid, { pageSize: 25, after: page.next });
		}
		expect(forward.map((codes) => codes.length)).toEqual([...Array(10).fill(25), 3]);
		expect(forward.flat()).toEqual([...created].reverse());

		const backward: string[][] = [forward.at(-1) ?? []];
		while (page.previous) {
			page = await walker.store.listPage(uid, { pageSize: 25, before: page.previous });
			backward.unshift(page.links.map((link) => link.code));
		}
		expect(backward).toEqual(forward);
	});

	it.each([10, 50, 100] as const)("shows at most %i links a page, and all of them when fewer", async (pageSize) => {
		const page = await alice.store.listPage(alice.client.uid, { pageSize });
		expect(page.links.length).toBe(Math.min(pageSize, page.total));
	});

	it("going back after new links were added lands on a full first page, not a short one", async () => {
		const reader = await account();
		opened.push(reader.client);
		const uid = reader.client.uid;
		for (let i = 0; i < 30; i++) await reader.store.shorten(uid, { url: `https://example.com/back/${i}` });
		const first = await reader.store.listPage(uid, { pageSize: 25 });
		const second = await reader.store.listPage(uid, { pageSize: 25, after: first.next ?? "" });
		for (let i = 0; i < 3; i++) await reader.store.shorten(uid, { url: `https://example.com/back/new-${i}` });
		const back = await reader.store.listPage(uid, { pageSize: 25, before: second.previous ?? "" });
		expect(back.links.map((link) => link.code)).toEqual(first.links.map((link) => link.code));
		// Only the three new links lie before this page now: the step back shows the full newest page instead.
		const newest = await reader.store.listPage(uid, { pageSize: 25, before: back.previous ?? "" });
		expect(newest.links).toHaveLength(25);
		expect(newest.previous).toBeNull();
		expect(newest.links[0]?.url).toBe("https://example.com/back/new-2");
	});

	it.each([
		["a string that is not a cursor", "not-a-cursor"],
		["a forged time far past year 9999", btoa(JSON.stringify([1e15, 0, "abc1234"]))],
		["a forged code that is a path", btoa(JSON.stringify([1, 0, "../x"]))],
	])("refuses %s as invalid-request", async (_, after) => {
		await expect(alice.store.listPage(alice.client.uid, { pageSize: 10, after })).rejects.toMatchObject({
			code: "invalid-request",
		});
	});

	it.each(["..", "a/b", "x", ""])(
		"reads %j, which cannot be a code, as link-not-found, and deletes nothing",
		async (code) => {
			await expect(alice.store.get(code)).rejects.toMatchObject({ code: "link-not-found" });
			expect(await alice.store.removeMany(alice.client.uid, [code])).toEqual([]);
		},
	);
});

describe("editing and deleting", () => {
	it("points a link at a new target, and the public target follows", async () => {
		const link = await alice.store.shorten(alice.client.uid, { url: "https://example.com/old-target" });
		const updated = await alice.store.updateTarget(link.code, "https://example.com/new-target");
		expect(updated).toMatchObject({ code: link.code, url: "https://example.com/new-target" });
		expect((await alice.store.get(link.code)).url).toBe("https://example.com/new-target");
		expect((await getDoc(doc(bob.client.db, "targets", link.code))).get("url")).toBe("https://example.com/new-target");
		await expect(alice.store.updateTarget(link.code, "javascript:alert(1)")).rejects.toMatchObject({
			code: "invalid-url",
		});
		await expect(bob.store.updateTarget(link.code, "https://evil.example/")).rejects.toMatchObject({
			code: "link-not-found",
		});
	});

	it("deletes a link with its target; deleting again, or someone else's, deletes nothing", async () => {
		const link = await alice.store.shorten(alice.client.uid, { url: "https://example.com/doomed" });
		expect(await bob.store.removeMany(bob.client.uid, [link.code])).toEqual([]);
		expect(await alice.store.removeMany(alice.client.uid, [link.code])).toEqual([link.code]);
		expect((await getDoc(doc(bob.client.db, "targets", link.code))).exists()).toBe(false);
		expect(await alice.store.removeMany(alice.client.uid, [link.code])).toEqual([]);
	});
});

describe("the creation limit", () => {
	const createdBy = async ({ client }: Account) =>
		(await getDoc(doc(client.db, "quotas", client.uid))).get("created") as number | undefined;

	it("counts each new link once: the same address again, or an alias retried, costs nothing", async () => {
		const user = await account();
		opened.push(user.client);
		const uid = user.client.uid;
		await user.store.shorten(uid, { url: "https://example.com/counted", anonymous: true });
		await user.store.shorten(uid, { url: "https://example.com/counted", anonymous: true });
		const alias = `counted-${crypto.randomUUID().slice(0, 6)}`;
		await user.store.shorten(uid, { url: "https://example.com/counted", alias, anonymous: true });
		await user.store.shorten(uid, { url: "https://example.com/counted", alias, anonymous: true });
		expect(await createdBy(user)).toBe(2);
	});

	it(`an anonymous session's new link after ${CREATION_LIMITS.anonymous} in an hour is rate-limited, saying when; its links still come back`, async () => {
		const user = await account();
		opened.push(user.client);
		const uid = user.client.uid;
		const made = [];
		for (let i = 0; i < CREATION_LIMITS.anonymous; i++) {
			made.push(await user.store.shorten(uid, { url: `https://example.com/limit/${i}`, anonymous: true }));
		}
		const refusal = user.store.shorten(uid, { url: "https://example.com/limit/one-more", anonymous: true });
		const refused = await refusal.then(
			() => null,
			(error: unknown) => error as ShortyError,
		);
		expect(refused?.code).toBe("rate-limited");
		// When the window started, an hour on; what an account may make, since the session is anonymous.
		const limit = parseRateLimit(refused?.detail);
		expect(limit?.accountLimit).toBe(300);
		expect((limit?.until ?? 0) - Date.now()).toBeGreaterThan(58 * 60_000);
		expect((limit?.until ?? 0) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
		const aliased = user.store.shorten(uid, {
			url: "https://example.com/limit/one-more",
			alias: `lim-${uid.slice(0, 8)}`,
			anonymous: true,
		});
		await expect(aliased).rejects.toMatchObject({ code: "rate-limited" });
		expect((await user.store.shorten(uid, { url: "https://example.com/limit/7", anonymous: true })).code).toBe(
			made[7]?.code,
		);
		expect(await createdBy(user)).toBe(CREATION_LIMITS.anonymous);
		expect((await user.store.listPage(uid, { pageSize: 100 })).total).toBe(CREATION_LIMITS.anonymous);
	});

	it("a full window refused to a clock running ahead of the server's is rate-limited, not a bare refusal", async () => {
		const user = await account();
		const admin = administrator();
		opened.push(user.client, admin);
		const uid = user.client.uid;
		// A window full by the server's clock, opened 50 minutes ago by it; this computer's is 20 minutes ahead.
		const windowStart = Timestamp.fromMillis(Date.now() - 50 * 60_000);
		const full = { windowStart, created: CREATION_LIMITS.account, lastCode: "full0000", lastAt: windowStart };
		await setDoc(doc(admin.db, "quotas", uid), full);
		const ahead = createLinkStore({
			firestore: () => user.client.db,
			random: realRandom,
			clock: () => Date.now() + 20 * 60_000,
			shortLinkBase: SHORT_BASE,
		});

		const refused = await ahead.shorten(uid, { url: "https://example.com/clock-ahead" }).then(
			() => null,
			(error: unknown) => error as ShortyError,
		);

		expect(refused?.code).toBe("rate-limited");
		// The window's end has passed by this clock: a minute from now is said, by this clock.
		const limit = parseRateLimit(refused?.detail);
		expect((limit?.until ?? 0) - (Date.now() + 20 * 60_000)).toBeGreaterThan(0);
		expect((await getDoc(doc(admin.db, "quotas", uid))).data()).toEqual(full);
		expect((await user.store.listPage(uid, { pageSize: 10 })).total).toBe(0);
	});

	it("a new account's first link opens its window, and so do its first links made at once", async () => {
		const [one, many] = await Promise.all([account(), account()]);
		opened.push(one.client, many.client);
		const alias = `new-${crypto.randomUUID().slice(0, 8)}`;
		const first = await one.store.shorten(one.client.uid, { url: "https://example.com/new-account", newAccount: true });
		expect(await one.store.get(first.code)).toMatchObject({ url: "https://example.com/new-account" });
		expect(await createdBy(one)).toBe(1);
		// The shortens that started the session all know it is new; the others' refused windows count on.
		const links = await Promise.all(
			Array.from({ length: 6 }, (_, i) =>
				many.store.shorten(many.client.uid, {
					url: `https://example.com/new-account/${i}`,
					newAccount: true,
					...(i === 0 ? { alias } : {}),
				}),
			),
		);
		expect(new Set(links.map((link) => link.code)).size).toBe(6);
		expect(links[0]?.code).toBe(alias);
		expect(await createdBy(many)).toBe(6);
	});

	it("concurrent first links of a new user all land, in one window", async () => {
		const user = await account();
		opened.push(user.client);
		const links = await Promise.all(
			Array.from({ length: 8 }, (_, i) =>
				user.store.shorten(user.client.uid, { url: `https://example.com/first/${i}` }),
			),
		);
		expect(new Set(links.map((link) => link.code)).size).toBe(8);
		expect(await createdBy(user)).toBe(8);
	});

	it("refuses a target on the project's other names, which the rules refuse too", async () => {
		const store = createLinkStore({
			firestore: () => alice.client.db,
			random: realRandom,
			clock: Date.now,
			shortLinkBase: SHORT_BASE,
			siteHosts: ["demo-shorty.firebaseapp.com", "demo-shorty.web.app"],
		});
		await expect(
			store.shorten(alice.client.uid, { url: "https://demo-shorty.firebaseapp.com/abc1234" }),
		).rejects.toMatchObject({ code: "already-short" });
	});
});
