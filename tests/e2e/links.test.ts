import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AnyRequest, Reply, Session } from "../../src/messages";
import { type Extension, launchExtension } from "./extension";

let extension: Extension;
let page: Page;

/** Sends a request from an extension page to the real service worker, as the popup and options do. */
async function call(request: AnyRequest): Promise<Reply<AnyRequest["type"]>> {
	return page.evaluate((message) => chrome.runtime.sendMessage(message), request);
}

async function data<T>(request: AnyRequest): Promise<T> {
	const reply = await call(request);
	if (!reply.ok) throw new Error(`${request.type} failed: ${reply.error.code} ${reply.error.detail ?? ""}`);
	return reply.data as T;
}

beforeAll(async () => {
	extension = await launchExtension();
	page = await extension.openPage("options/index.html");
});

afterAll(async () => {
	await extension?.close();
});

describe("the background with the local backend", () => {
	it("shortens on a first run with no account, through an anonymous session", async () => {
		const link = await data<{ code: string; shortUrl: string; url: string }>({
			type: "shorten",
			url: "https://example.com/e2e/first",
			title: "First",
		});
		expect(link.url).toBe("https://example.com/e2e/first");
		expect(link.shortUrl).toBe(`http://${inject("backend").hosting}/${link.code}`);
		const { user } = await data<Session>({ type: "session" });
		expect(user).toMatchObject({ anonymous: true, email: null });
	});

	it("keeps the session and the links when Chrome stops the worker, and a retried shorten returns the same link", async () => {
		const link = await data<{ code: string }>({ type: "shorten", url: "https://example.com/e2e/survives" });
		const before = await data<Session>({ type: "session" });
		await extension.terminateWorker();
		const after = await data<Session>({ type: "session" });
		expect(after.user?.uid).toBe(before.user?.uid);
		const retried = await data<{ code: string }>({ type: "shorten", url: "https://example.com/e2e/survives" });
		expect(retried.code).toBe(link.code);
		const fresh = await data<{ code: string }>({ type: "shorten", url: "https://example.com/e2e/after-restart" });
		expect(fresh.code).not.toBe(link.code);
	});

	it("answers bad input with a specific error and changes nothing", async () => {
		const { total } = await data<{ total: number }>({ type: "listLinks", pageSize: 10 });
		for (const [url, code] of [
			["javascript:alert(1)", "invalid-url"],
			["chrome://settings", "restricted-page"],
			[`https://example.com/${"x".repeat(2100)}`, "url-too-long"],
		]) {
			expect(await call({ type: "shorten", url: url as string })).toMatchObject({ ok: false, error: { code } });
		}
		expect(await call({ type: "shorten", url: "https://example.com/x", alias: "no spaces" })).toMatchObject({
			ok: false,
			error: { code: "alias-invalid" },
		});
		expect(await call({ type: "listLinks", pageSize: 7 })).toMatchObject({
			ok: false,
			error: { code: "invalid-request" },
		});
		expect(await call({ type: "listLinks", pageSize: 10, after: "x", before: "y" })).toMatchObject({
			ok: false,
			error: { code: "invalid-request" },
		});
		expect((await data<{ total: number }>({ type: "listLinks", pageSize: 10 })).total).toBe(total);
	});

	it("turns the anonymous session into an account that keeps its links, and signs in again after sign-out", async () => {
		const email = `e2e-${Date.now()}@shorty.test`;
		await data({ type: "shorten", url: "https://example.com/e2e/before-sign-up" });
		const anonymous = await data<Session>({ type: "session" });
		expect(anonymous.user?.anonymous).toBe(true);
		const announced = page.evaluate(
			(address) =>
				new Promise<unknown>((resolve) => {
					setTimeout(() => resolve("no session-changed event within 10 s"), 10_000);
					chrome.runtime.onMessage.addListener((event) => {
						if (event.type === "session-changed" && event.session.user?.email === address) resolve(event.session);
					});
				}),
			email,
		);
		const upgraded = await data<Session>({ type: "signUp", email, password: "correct horse" });
		expect(upgraded.user).toMatchObject({ uid: anonymous.user?.uid, email, anonymous: false });
		// Open pages hear of it too, although the uid did not change.
		expect(await announced).toMatchObject({ user: { uid: anonymous.user?.uid, email, anonymous: false } });
		const mine = await data<{ links: { url: string }[] }>({ type: "listLinks", pageSize: 100 });
		expect(mine.links.map((link) => link.url)).toContain("https://example.com/e2e/before-sign-up");

		expect((await data<Session>({ type: "signOut" })).user).toBeNull();
		expect(await call({ type: "listLinks", pageSize: 10 })).toMatchObject({ ok: false, error: { code: "signed-out" } });
		const wrong = await call({ type: "signIn", email, password: "wrong password" });
		expect(wrong).toEqual({
			ok: false,
			error: { code: "auth/invalid-credential" },
		});
		// An email with no account reads the same, and so does a password reset for it: nothing tells who has one.
		expect(await call({ type: "signIn", email: `nobody-${email}`, password: "correct horse" })).toEqual(wrong);
		expect(await call({ type: "resetPassword", email })).toEqual({ ok: true, data: { email } });
		expect(await call({ type: "resetPassword", email: `nobody-${email}` })).toEqual({
			ok: true,
			data: { email: `nobody-${email}` },
		});
		const back = await data<Session>({ type: "signIn", email, password: "correct horse" });
		expect(back.user?.uid).toBe(anonymous.user?.uid);
	});

	it("searches every word of the links, from the worker's copy, by page number and order", async () => {
		const alias = `e2e-find-${Date.now()}`;
		await data({ type: "shorten", url: "https://search.example/one", alias });
		await data({ type: "shorten", url: "https://search.example/two" });
		expect(await data({ type: "syncLinks" })).toEqual({ complete: true });
		const oldestFirst = await data<{ total: number; page: number; complete: boolean; links: { url: string }[] }>({
			type: "searchLinks",
			term: "SEARCH.example",
			sort: "oldest",
			pageSize: 10,
		});
		expect(oldestFirst).toMatchObject({ total: 2, page: 1, complete: true });
		expect(oldestFirst.links.map((link) => link.url)).toEqual([
			"https://search.example/one",
			"https://search.example/two",
		]);
		const aliases = await data<{ links: { code: string }[] }>({
			type: "searchLinks",
			term: "e2e-find",
			filter: "custom",
			pageSize: 10,
		});
		expect(aliases.links.map((link) => link.code)).toContain(alias);
		expect(await data({ type: "searchLinks", term: "no such thing!", pageSize: 10, page: 3 })).toMatchObject({
			total: 0,
			page: 1,
			links: [],
			tooLong: false,
		});
	});

	it("keeps settings in storage, with defaults until changed", async () => {
		expect(await data({ type: "getSettings" })).toEqual({ autoCopy: true, shortenOnOpen: true });
		expect(await data({ type: "setSettings", autoCopy: false })).toEqual({ autoCopy: false, shortenOnOpen: true });
		await extension.terminateWorker();
		expect(await data({ type: "getSettings" })).toEqual({ autoCopy: false, shortenOnOpen: true });
	});
});

describe("a brand-new profile", () => {
	it("five shortens at once make one anonymous user who owns all five links", async () => {
		const fresh = await launchExtension();
		try {
			const freshPage = await fresh.openPage("options/index.html");
			const urls = [1, 2, 3, 4, 5].map((n) => `https://example.com/e2e/burst/${n}`);
			const replies = await freshPage.evaluate(
				(all) => Promise.all(all.map((url) => chrome.runtime.sendMessage({ type: "shorten", url }))),
				urls,
			);
			expect(replies.every((reply) => reply.ok)).toBe(true);
			const page = await freshPage.evaluate(() => chrome.runtime.sendMessage({ type: "listLinks", pageSize: 10 }));
			expect(page.data.links.map((link: { url: string }) => link.url).sort()).toEqual(urls);
		} finally {
			await fresh.close();
		}
	});
});
