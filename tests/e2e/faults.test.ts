/**
 * Faults during a shorten, through the real extension in Chromium: a commit answered too late, the
 * backend stopped while the commit is on its way or after it landed, and the service worker terminated
 * mid-request. This file runs its own backend (so it can stop and restart it on the same ports, data
 * kept) and its own build, pointed at a proxy in front of Firestore that catches the shorten's commit at
 * the moment the fault should strike.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteApp, type FirebaseApp } from "firebase/app";
import { collection, type Firestore, getDocs } from "firebase/firestore/lite";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningBackend, startBackend } from "../../local/backend";
import type { BackendPorts } from "../../local/config";
import { freePort } from "../../local/ports";
import { buildLocalExtension } from "../../scripts/localBuild";
import { type AnyRequest, type BackgroundCall, createClient, type Failure } from "../../src/messages";
import { englishErrorText } from "../englishText";
import { type FaultyProxy, startFaultyProxy } from "../integration/firestore/faultyProxy";
import { ADMINISTRATOR, connectSdk } from "../integration/firestore/helpers";
import { type Extension, launchExtension } from "./extension";

const RESTART_TIMEOUT = 180_000;

const dataDir = mkdtempSync(join(tmpdir(), "shorty-faults-backend-"));
const extensionDir = mkdtempSync(join(tmpdir(), "shorty-faults-extension-"));
let ports: BackendPorts;
let backend: RunningBackend | null = null;
let proxy: FaultyProxy;
let extension: Extension;
let call: BackgroundCall;
let admin: { db: Firestore; app: FirebaseApp };
/** What the page heard each time the backend was stopped under a shorten. */
const stoppedReplies: Failure[] = [];

const start = async () => {
	// No short link is opened here: the static page starts sooner than the function, on each restart.
	backend = await startBackend({ ports, dataDir, persistAuth: true, shortLinks: "static-page" });
};

const stop = async () => {
	await backend?.stop();
	backend = null;
};

beforeAll(async () => {
	ports = { auth: await freePort(), firestore: await freePort(), hosting: await freePort() };
	await start();
	proxy = await startFaultyProxy(ports.firestore);
	await buildLocalExtension(extensionDir, {
		auth: `127.0.0.1:${ports.auth}`,
		firestore: `127.0.0.1:${proxy.port}`,
		hosting: `127.0.0.1:${ports.hosting}`,
	});
	admin = connectSdk(ports.firestore, ADMINISTRATOR);
	extension = await launchExtension(extensionDir);
	call = await signedInClient(extension);
}, RESTART_TIMEOUT);

afterAll(async () => {
	await extension?.close();
	if (admin) await deleteApp(admin.app);
	await proxy?.close();
	await stop();
	rmSync(dataDir, { recursive: true, force: true });
	rmSync(extensionDir, { recursive: true, force: true });
});

/**
 * The real client of the pages, over the real transport from an extension page to the worker, after a
 * first shorten that signs the worker in anonymously: the faults strike a signed-in worker.
 */
async function signedInClient(browser: Extension): Promise<BackgroundCall> {
	const page: Page = await browser.openPage("options/index.html");
	const client = createClient((request: AnyRequest) =>
		page.evaluate((message) => chrome.runtime.sendMessage(message), request),
	);
	const first = await client({ type: "shorten", url: `https://example.com/faults/first/${crypto.randomUUID()}` });
	expect(first).toMatchObject({ ok: true });
	return client;
}

/** The commit that writes `url`, caught at the proxy. */
const commitOf = (url: string) =>
	proxy.catchNext((path, body) => path.endsWith(":commit") && body.includes(JSON.stringify(url)));

/** Every link and target, as the administrator sees them past the rules. */
async function stored(): Promise<{ links: Map<string, string>; targets: Map<string, string> }> {
	const [links, targets] = await Promise.all([
		getDocs(collection(admin.db, "links")),
		getDocs(collection(admin.db, "targets")),
	]);
	const byCode = (docs: typeof links.docs) => new Map(docs.map((item) => [item.id, item.get("url") as string]));
	return { links: byCode(links.docs), targets: byCode(targets.docs) };
}

/** Nothing half-written: every link has its target with the same URL, and no target lacks its link. */
async function expectWholePairs(): Promise<Map<string, string>> {
	const { links, targets } = await stored();
	expect(targets).toEqual(links);
	return links;
}

const codesFor = (links: Map<string, string>, url: string) =>
	[...links].filter(([, target]) => target === url).map(([code]) => code);

/** A refusal a person can act on: a catalogued code and its text, never the SDK's own words. */
function expectClearError(reply: Awaited<ReturnType<BackgroundCall>>): void {
	expect(reply.ok).toBe(false);
	if (reply.ok) return;
	const text = englishErrorText(reply.error);
	expect(text).not.toMatch(/FirebaseError|Firebase:|Request failed/);
	expect(text.length).toBeGreaterThan(20);
	stoppedReplies.push(reply);
}

describe("a shorten whose commit gets no answer in time", () => {
	it("the page hears timeout, and the retry returns the link the commit made, once", async () => {
		const url = "https://example.com/faults/timed-out";
		const commit = commitOf(url);
		const reply = call({ type: "shorten", url });
		const caught = await commit;
		// Held past the page's time limit: the far server that answers too late.
		expect(await reply).toMatchObject({ ok: false, error: { code: "timeout" } });
		await caught.pass();

		const retried = await call({ type: "shorten", url });
		if (!retried.ok) throw new Error(`retry failed: ${retried.error.code}`);
		expect(codesFor(await expectWholePairs(), url)).toEqual([retried.data.code]);
	});
});

describe("the backend stopped during a shorten", () => {
	it(
		"before the commit arrives: a clear error, nothing written, and the retry after a restart makes one link",
		async () => {
			const url = "https://example.com/faults/stopped-before";
			const commit = commitOf(url);
			const reply = call({ type: "shorten", url });
			const caught = await commit;
			await stop();
			caught.cut();
			expectClearError(await reply);

			await start();
			expect(codesFor(await expectWholePairs(), url)).toEqual([]);
			const retried = await call({ type: "shorten", url });
			if (!retried.ok) throw new Error(`retry failed: ${englishErrorText(retried.error)}`);
			expect(codesFor(await expectWholePairs(), url)).toEqual([retried.data.code]);
		},
		RESTART_TIMEOUT,
	);

	it(
		"after the commit landed, before its answer: a clear error, and the retry after a restart returns that link",
		async () => {
			const url = "https://example.com/faults/stopped-after";
			const commit = commitOf(url);
			const reply = call({ type: "shorten", url });
			await (await commit).loseAnswer();
			await stop();
			expectClearError(await reply);

			await start();
			const landed = codesFor(await expectWholePairs(), url);
			expect(landed).toHaveLength(1);
			const retried = await call({ type: "shorten", url });
			if (!retried.ok) throw new Error(`retry failed: ${englishErrorText(retried.error)}`);
			expect(retried.data.code).toBe(landed[0]);
			expect(codesFor(await expectWholePairs(), url)).toEqual(landed);
		},
		RESTART_TIMEOUT,
	);

	// The lite SDK reports a fetch that got no response as "unknown"; the user must read that the database
	// could not be reached, not "Something went wrong inside Shorty".
	it("says the database could not be reached (firestore/unavailable)", () => {
		expect(stoppedReplies).toHaveLength(2);
		for (const reply of stoppedReplies) expect(reply.error.code).toBe("firestore/unavailable");
	});
});

describe("the service worker terminated during a shorten", () => {
	it("the page hears background-unavailable, and a retry returns one link", async () => {
		// A browser of its own, signed in after the restarts above: the Auth emulator keeps accounts across a
		// restart but not their tokens, so a worker that reloads an older session would start as a new user.
		const browser = await launchExtension(extensionDir);
		try {
			const client = await signedInClient(browser);
			const url = "https://example.com/faults/worker-terminated";
			const commit = commitOf(url);
			const reply = client({ type: "shorten", url });
			const caught = await commit;
			await browser.terminateWorker();
			expect(await reply).toMatchObject({ ok: false, error: { code: "background-unavailable" } });
			// The request was already on the wire when the worker died: it reaches the server all the same.
			await caught.pass();

			const retried = await client({ type: "shorten", url });
			if (!retried.ok) throw new Error(`retry failed: ${englishErrorText(retried.error)}`);
			expect(codesFor(await expectWholePairs(), url)).toEqual([retried.data.code]);
		} finally {
			await browser.close();
		}
	});
});
