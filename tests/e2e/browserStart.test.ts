/**
 * The first shorten after a browser start (issue 20): storage.session is empty and no worker has run, so
 * the worker reads the user Auth kept on disk by the app's name and API key (background/authPersistence.ts)
 * and commits with that user's token before Auth has started, whose reload of the user is a round trip a
 * user far from Firebase would wait for. This file builds the extension against a proxy in front of Auth
 * that holds that reload: the link comes only if the shorten does not wait for it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { buildLocalExtension } from "../../scripts/localBuild";
import { type AnyRequest, type BackgroundCall, createClient, OFFSCREEN_DOCUMENT } from "../../src/messages";
import { type FaultyProxy, startFaultyProxy } from "../integration/firestore/faultyProxy";
import { launchExtension } from "./extension";

const extensionDir = mkdtempSync(join(tmpdir(), "shorty-browser-start-extension-"));
const profile = mkdtempSync(join(tmpdir(), "shorty-browser-start-profile-"));
let authProxy: FaultyProxy;

beforeAll(async () => {
	const backend = inject("backend");
	authProxy = await startFaultyProxy(Number(backend.auth.split(":")[1]));
	await buildLocalExtension(extensionDir, {
		auth: `127.0.0.1:${authProxy.port}`,
		firestore: backend.firestore,
		hosting: backend.hosting,
	});
});

afterAll(async () => {
	await authProxy?.close();
	rmSync(extensionDir, { recursive: true, force: true });
	rmSync(profile, { recursive: true, force: true });
});

/**
 * A browser on the kept profile, and the worker's client from Shorty's clipboard page opened as a tab: a
 * page of Shorty's that sends the worker nothing itself, so no request but the test's makes Firebase.
 */
async function inBrowser<T>(use: (call: BackgroundCall) => Promise<T>): Promise<T> {
	const browser = await launchExtension(extensionDir, { profile });
	try {
		const page = await browser.openPage(OFFSCREEN_DOCUMENT);
		return await use(
			createClient((request: AnyRequest) => page.evaluate((message) => chrome.runtime.sendMessage(message), request)),
		);
	} finally {
		await browser.close();
	}
}

const isReload = (path: string) => path.endsWith("/accounts:lookup");

it("shortens a new address after a browser start while Auth's reload of the kept user is held, and keeps that user", async () => {
	const url = (name: string) => `https://example.com/browser-start/${name}/${crypto.randomUUID()}`;
	const uid = await inBrowser(async (call) => {
		expect(await call({ type: "shorten", url: url("before") })).toMatchObject({ ok: true });
		// The mirror on disk complete, as a user's is once the worker has run a while: the next browser's
		// shorten looks the address up there, where an incomplete one would ask Firestore through Auth.
		expect(await call({ type: "syncLinks" })).toMatchObject({ ok: true, data: { complete: true } });
		const session = await call({ type: "session" });
		if (!session.ok || !session.data.user) throw new Error("the first shorten signed nobody in");
		return session.data.user.uid;
	});

	await inBrowser(async (call) => {
		const reload = authProxy.catchNext(isReload);
		const after = url("after");
		const link = await call({ type: "shorten", url: after });
		expect(link, "the shorten waited for Auth's reload").toMatchObject({ ok: true, data: { url: after } });
		// Auth starts once the commit has left; let its reload through, and it names the same user, whose
		// links hold the new one.
		await (await reload).pass();
		expect(await call({ type: "session" })).toMatchObject({ ok: true, data: { user: { uid } } });
		const page = await call({ type: "listLinks", pageSize: 10 });
		if (!page.ok || !link.ok) throw new Error("no first page of links");
		expect(page.data.links.map((item) => item.code)).toContain(link.data.code);
	});
});
