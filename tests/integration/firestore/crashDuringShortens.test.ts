/**
 * The server killed with SIGKILL, twice, while 1,000 shortens run through the real link store and SDK
 * against firestore.rules' policy. Every shorten the store reported done must be there afterwards, as a
 * whole pair: links/{code} and targets/{code} are one commit, so a crash keeps both or neither.
 * (persistence.test.ts kills the server under raw single-document commits; this is the product's write.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteApp, type FirebaseApp } from "firebase/app";
import { collection, getDocs } from "firebase/firestore/lite";
import { afterAll, expect, it } from "vitest";
import { localShortLinkSite } from "../../../local/config";
import { startFirestoreServer } from "../../../local/firestore/server";
import { shortyPolicy } from "../../../local/policy";
import { createLinkStore } from "../../../src/links/store";
import { ADMINISTRATOR, connectSdk, killHard, serverOptions, spawnServer } from "./helpers";

const SHORTENS = 1000;
/** Kill the server when this many shortens have been acknowledged in all. */
const KILL_AT = [250, 600];
/** One user per lane: 125 new links each, within an account's hourly limit (CREATION_LIMITS). */
const LANES = 8;

const apps: FirebaseApp[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "shorty-crash-"));

afterAll(async () => {
	await Promise.all(apps.map((app) => deleteApp(app)));
	rmSync(dataDir, { recursive: true, force: true });
});

it(`keeps every acknowledged shorten, links and targets in whole pairs, across SIGKILLs during ${SHORTENS} of them`, {
	timeout: 180_000,
}, async () => {
	const urls = Array.from({ length: SHORTENS }, (_, i) => `https://example.com/crash/${i}`);
	const acknowledged = new Map<string, string>();
	const settling: Promise<unknown>[] = [];
	let next = 0;

	/** One server process: lanes shorten until `stopAt` acknowledgements (then SIGKILL) or the URLs run out. */
	async function lifetime(stopAt: number | undefined): Promise<void> {
		const { child, port } = await spawnServer(dataDir, "shorty");
		const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));
		let alive = true;
		const lane = async (_: unknown, index: number) => {
			const owner = `crash-owner-${index}`;
			const { db, app } = connectSdk(port, owner);
			apps.push(app);
			const store = createLinkStore({ firestore: () => db, random, clock: Date.now, shortLinkBase: "https://sho.rt/" });
			while (alive && next < SHORTENS) {
				const url = urls[next++] as string;
				// Shortens cut off by the kill fail (after the SDK's own retries); they are simply not acknowledged.
				const shorten = store.shorten(owner, { url }).then(
					(link) => void acknowledged.set(link.code, link.url),
					() => undefined,
				);
				settling.push(shorten);
				await shorten;
				if (stopAt !== undefined && acknowledged.size >= stopAt && alive) {
					alive = false;
					await killHard(child);
				}
			}
		};
		await Promise.race([Promise.all(Array.from({ length: LANES }, lane)), waitUntilGone(child)]);
		alive = false;
		if (child.exitCode === null && child.signalCode === null) await killHard(child);
	}

	for (const stopAt of [...KILL_AT, undefined]) await lifetime(stopAt);
	await Promise.all(settling);
	expect(next).toBe(SHORTENS);
	expect(acknowledged.size).toBeGreaterThan(KILL_AT.at(-1) ?? 0);

	// The data files must load: a fresh server in this process reads them, and the administrator looks.
	const server = await startFirestoreServer(serverOptions(dataDir, { policy: shortyPolicy(localShortLinkSite()) }));
	try {
		const { db, app } = connectSdk(server.port, ADMINISTRATOR);
		apps.push(app);
		const [links, targets] = await Promise.all([getDocs(collection(db, "links")), getDocs(collection(db, "targets"))]);
		const linkUrls = new Map(links.docs.map((link) => [link.id, link.get("url") as string]));
		const targetUrls = new Map(targets.docs.map((target) => [target.id, target.get("url") as string]));
		for (const [code, url] of acknowledged) {
			expect(linkUrls.get(code), code).toBe(url);
			expect(targetUrls.get(code), code).toBe(url);
		}
		expect([...targetUrls.keys()].sort()).toEqual([...linkUrls.keys()].sort());
		expect(linkUrls.size).toBeLessThanOrEqual(SHORTENS);
		console.log(
			`crash test: ${SHORTENS} shortens, ${KILL_AT.length} SIGKILLs, ${acknowledged.size} acknowledged, ` +
				`${linkUrls.size} stored (each with its target)`,
		);
	} finally {
		await server.close();
	}
});

function waitUntilGone(child: { once(event: "exit", listener: () => void): unknown }): Promise<void> {
	return new Promise((resolve) => child.once("exit", () => resolve()));
}
