import { afterAll, beforeAll, describe, expect, it } from "vitest";
import manifest from "../../manifest.json" with { type: "json" };
import type { Reply } from "../../src/messages";
import { type Extension, launchExtension } from "./extension";

let extension: Extension;

beforeAll(async () => {
	extension = await launchExtension();
});

afterAll(async () => {
	await extension?.close();
});

describe("the installed extension", () => {
	it("starts its service worker from the build and it logs no errors", async () => {
		expect(extension.worker.url()).toBe(`chrome-extension://${extension.id}/service-worker.js`);
		// Anything thrown during start-up would have been logged by now and left no listener behind.
		const page = await extension.openPage("options/index.html");
		await page.getByText(`Shorty ${manifest.version}`).waitFor();
		expect(extension.workerErrors).toEqual([]);
	});

	it("renders the popup, which in a tab of its own has no page to shorten", async () => {
		const page = await extension.openPage("popup/index.html");
		await expect(page.title()).resolves.toBe("Shorty");
		await page.getByRole("heading", { name: "Shorty" }).waitFor();
		await page.getByRole("heading", { name: "This page cannot be shortened" }).waitFor();
		expect(await page.locator(".brand img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
	});

	it("renders the options page with the background's answer", async () => {
		const page = await extension.openPage("options/index.html");
		await page.getByRole("heading", { name: "Shorty options" }).waitFor();
		await page
			.getByRole("status")
			.filter({ hasText: `Shorty ${manifest.version}` })
			.waitFor();
	});

	it("round-trips a ping through runtime messaging, and leaves other messages unanswered", async () => {
		const page = await extension.openPage("options/index.html");
		const send = (message: unknown) =>
			page.evaluate(
				(m) =>
					chrome.runtime.sendMessage(m).then(
						(value) => ({ answered: value !== undefined, value }),
						(error: Error) => ({ answered: false, value: error.message }),
					),
				message,
			);
		const pong = await send({ type: "ping" });
		expect(pong).toMatchObject({ answered: true, value: { ok: true, data: { version: manifest.version } } });
		expect(await send({ type: "copy-to-clipboard", text: "x" })).toMatchObject({ answered: false });
	});

	it("answers again after Chrome terminates the idle service worker", async () => {
		const page = await extension.openPage("options/index.html");
		const ping = () => page.evaluate(() => chrome.runtime.sendMessage({ type: "ping" })) as Promise<Reply<"ping">>;
		const before = await ping();
		await extension.terminateWorker();
		const after = await ping();
		expect(after.ok).toBe(true);
		if (!before.ok || !after.ok) throw new Error("ping failed");
		expect(after.data.startedAt).toBeGreaterThan(before.data.startedAt);
	});
});
