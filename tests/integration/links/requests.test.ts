/**
 * What a shorten sends, counted at a proxy in front of the backend: each request is a round trip a user
 * far from Firestore waits for (issue 20). A new link is one commit with nothing read before it; only the
 * same-address lookup comes first, and a brand-new account skips even that.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createLinkStore, type LinkStore } from "../../../src/links/store";
import type { RandomBytes } from "../../../src/links/types";
import { closeProxiedWorkers, proxiedWorkerDb, SHORT_BASE } from "./proxiedWorker";

const realRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

afterAll(closeProxiedWorkers);

/** A user with an account's limits, new to the backend, and a link store of a freshly started worker for them. */
async function freshWorker(owner?: string) {
	const { db, methods, owner: user } = await proxiedWorkerDb(owner);
	const store: LinkStore = createLinkStore({
		firestore: () => db,
		random: realRandom,
		clock: Date.now,
		shortLinkBase: SHORT_BASE,
	});
	return { owner: user, store, methods };
}

/** The requests `shorten` sends, from a worker of its own. */
async function requestsOf(shorten: (store: LinkStore, owner: string) => Promise<unknown>, owner?: string) {
	const worker = await freshWorker(owner);
	await shorten(worker.store, worker.owner);
	return worker.methods;
}

describe("what a shorten sends", () => {
	it("a new account's first shorten sends one request, the commit", async () => {
		const methods = await requestsOf((store, owner) =>
			store.shorten(owner, { url: "https://example.com/requests/first", newAccount: true }),
		);
		expect(methods).toEqual(["commit"]);
	});

	it("a new address sends the same-address lookup, then one commit, even from a worker that just started", async () => {
		const { owner, store } = await freshWorker();
		await store.shorten(owner, { url: "https://example.com/requests/earlier", newAccount: true });
		const methods = await requestsOf(
			(restarted) => restarted.shorten(owner, { url: "https://example.com/requests/new" }),
			owner,
		);
		expect(methods).toEqual(["runQuery", "runQuery", "commit"]);
	});

	it("a new alias sends one commit", async () => {
		const { owner, store } = await freshWorker();
		await store.shorten(owner, { url: "https://example.com/requests/earlier", newAccount: true });
		const alias = `req-${crypto.randomUUID().slice(0, 8)}`;
		const methods = await requestsOf(
			(restarted) => restarted.shorten(owner, { url: "https://example.com/requests/alias", alias }),
			owner,
		);
		expect(methods).toEqual(["commit"]);
	});

	it("an alias someone holds is told taken after one commit and one round trip of reads", async () => {
		const { owner, store } = await freshWorker();
		const alias = `req-${crypto.randomUUID().slice(0, 8)}`;
		await store.shorten(owner, { url: "https://example.com/requests/held", alias, newAccount: true });
		const methods = await requestsOf((rival, other) =>
			expect(rival.shorten(other, { url: "https://example.com/requests/rival", alias })).rejects.toMatchObject({
				code: "alias-taken",
			}),
		);
		expect(methods).toEqual(["commit", "batchGet", "batchGet", "batchGet"]);
	});

	it("a repeated address sends the lookup alone and writes nothing", async () => {
		const { owner, store } = await freshWorker();
		const url = "https://example.com/requests/again";
		const first = await store.shorten(owner, { url, newAccount: true });
		let again: unknown;
		const methods = await requestsOf(async (restarted) => {
			again = await restarted.shorten(owner, { url });
		}, owner);
		expect(methods).toEqual(["runQuery", "runQuery"]);
		expect(again).toMatchObject({ code: first.code });
	});

	it("the first link of an account not known to be new is refused once for want of a quota, then made", async () => {
		const methods = await requestsOf((store, owner) =>
			store.shorten(owner, { url: "https://example.com/requests/unknown-quota" }),
		);
		// The refusal is told apart by reading the code's target, its link and the quota together: one round trip.
		expect(methods).toEqual(["runQuery", "runQuery", "commit", "batchGet", "batchGet", "batchGet", "commit"]);
	});
});
