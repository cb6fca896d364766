/**
 * Load through the real SDK and the real link store: many users shortening at once, and a crowd racing
 * for one alias. Latency is printed, never asserted (the machine is shared); correctness is asserted.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createLinkStore, type LinkStore } from "../../src/links/store";
import type { Link, RandomBytes } from "../../src/links/types";
import { type Client, newUser } from "./clients";

const SHORT_BASE = "http://127.0.0.1:5000/";
const realRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

interface Account {
	client: Client & { uid: string };
	store: LinkStore;
}

const opened: Client[] = [];

afterAll(async () => {
	await Promise.all(opened.map((client) => client.close()));
});

async function accounts(count: number): Promise<Account[]> {
	const clients = await Promise.all(Array.from({ length: count }, () => newUser()));
	opened.push(...clients);
	return clients.map((client) => ({ client, store: storeOf(client) }));
}

/** A link store of its own for `client`: what one more browser (service worker) of that user is. */
function storeOf(client: Client): LinkStore {
	return createLinkStore({
		firestore: () => client.db,
		random: realRandom,
		clock: Date.now,
		shortLinkBase: SHORT_BASE,
	});
}

/** Runs `task` and records how long it took, in milliseconds. */
async function timed<T>(task: () => Promise<T>, durations: number[]): Promise<T> {
	const start = performance.now();
	try {
		return await task();
	} finally {
		durations.push(performance.now() - start);
	}
}

/** The nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function report(name: string, durations: readonly number[], wall: number): void {
	const ms = (value: number) => `${value.toFixed(1)} ms`;
	console.log(
		`${name}: ${durations.length} calls in ${ms(wall)}; p50 ${ms(percentile(durations, 50))}, ` +
			`p95 ${ms(percentile(durations, 95))}, max ${ms(Math.max(...durations))}`,
	);
}

/** Every outcome is either the one winner or alias-taken; returns the winners. */
function winnersOf(outcomes: PromiseSettledResult<Link>[]): Link[] {
	for (const outcome of outcomes) {
		if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ code: "alias-taken" });
	}
	return outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
}

describe("load", () => {
	it("5 users x 50 concurrent shortens of distinct URLs: all succeed, codes unique, each user sees exactly their 50", async () => {
		const users = await accounts(5);
		const urlsOf = (user: number) =>
			Array.from({ length: 50 }, (_, i) => `https://example.com/load/${user}/${i}?r=${crypto.randomUUID()}`);
		const wanted = users.map((_, user) => urlsOf(user));
		const durations: number[] = [];
		const start = performance.now();
		const made = await Promise.all(
			users.map(({ client, store }, user) =>
				Promise.all(wanted[user]?.map((url) => timed(() => store.shorten(client.uid, { url }), durations)) ?? []),
			),
		);
		report("5 users x 50 concurrent shortens", durations, performance.now() - start);

		const codes = made.flat().map((link) => link.code);
		expect(codes).toHaveLength(250);
		expect(new Set(codes).size).toBe(250);
		for (const [user, { client, store }] of users.entries()) {
			expect(made[user]?.map((link) => link.url)).toEqual(wanted[user]);
			const page = await store.listPage(client.uid, { pageSize: 100 });
			expect(page.total).toBe(50);
			expect(page.links.map((link) => link.url).sort()).toEqual([...(wanted[user] ?? [])].sort());
			expect(page.next).toBeNull();
		}
	});

	it("200 concurrent creates of one alias by one user, for 200 URLs: one wins, 199 hear alias-taken", async () => {
		const [user] = await accounts(1);
		if (!user) throw new Error("no account");
		const alias = `load-one-${crypto.randomUUID().slice(0, 8)}`;
		const durations: number[] = [];
		const start = performance.now();
		const outcomes = await Promise.allSettled(
			Array.from({ length: 200 }, (_, i) =>
				timed(() => user.store.shorten(user.client.uid, { url: `https://example.com/alias/${i}`, alias }), durations),
			),
		);
		report("200 creates of one alias, one user", durations, performance.now() - start);

		const winners = winnersOf(outcomes);
		expect(winners).toHaveLength(1);
		expect(await user.store.get(alias)).toMatchObject({ code: alias, url: winners[0]?.url, custom: true });
		expect((await user.store.listPage(user.client.uid, { pageSize: 10 })).total).toBe(1);
	});

	it("200 concurrent creates of one alias by 5 users: one wins, 199 hear alias-taken, and only the winner has a link", async () => {
		const users = await accounts(5);
		const alias = `load-many-${crypto.randomUUID().slice(0, 8)}`;
		const durations: number[] = [];
		const start = performance.now();
		const outcomes = await Promise.allSettled(
			Array.from({ length: 200 }, (_, i) => {
				const { client, store } = users[i % users.length] as Account;
				return timed(() => store.shorten(client.uid, { url: `https://example.com/alias/${i}`, alias }), durations);
			}),
		);
		report("200 creates of one alias, 5 users", durations, performance.now() - start);

		expect(winnersOf(outcomes)).toHaveLength(1);
		const totals = await Promise.all(
			users.map(async ({ client, store }) => (await store.listPage(client.uid, { pageSize: 10 })).total),
		);
		expect(totals.sort()).toEqual([0, 0, 0, 0, 1]);
	});

	it("the same aliased shorten from 200 separate workers of one user makes one link, and every worker gets it", async () => {
		const [user] = await accounts(1);
		if (!user) throw new Error("no account");
		const alias = `load-same-${crypto.randomUUID().slice(0, 8)}`;
		const url = "https://example.com/alias/same";
		// Separate stores share no in-flight map: each is a browser of its own racing the others.
		const workers = Array.from({ length: 200 }, () => storeOf(user.client));
		const links = await Promise.all(workers.map((store) => store.shorten(user.client.uid, { url, alias })));
		expect(new Set(links.map((link) => `${link.code} ${link.url}`))).toEqual(new Set([`${alias} ${url}`]));
		expect((await user.store.listPage(user.client.uid, { pageSize: 10 })).total).toBe(1);
	});
});
