/**
 * A link's analytics in real Chromium: visits made through the Hosting port, which the short-link Cloud
 * Function counts as people or bots by their user agent, show up in the options page's detail view,
 * from the keyboard, in light and dark, with no accessibility violation.
 */
import { deleteApp, initializeApp } from "firebase/app";
import {
	connectFirestoreEmulator,
	doc,
	getFirestore,
	increment,
	serverTimestamp,
	writeBatch,
} from "firebase/firestore/lite";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PROJECT_ID } from "../../local/config";
import { dayOf } from "../../src/links/dayCounts";
import { CLICK_TOTALS, clickTotalId } from "../../src/links/schema";
import type { Link } from "../../src/links/types";
import type { AnyRequest, Session } from "../../src/messages";
import { accessibilityViolations, type Extension, launchExtension } from "./extension";

const backend = inject("backend");
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

let extension: Extension;
let options: Page;

async function data<T>(request: AnyRequest): Promise<T> {
	const reply = await options.evaluate((message) => chrome.runtime.sendMessage(message), request);
	if (!reply.ok) throw new Error(`${request.type} failed: ${reply.error.code} ${reply.error.message}`);
	return reply.data as T;
}

/** A visit through Hosting, as a browser or a bot makes it: the function answers with its redirect. */
async function visit(link: Link, userAgent: string): Promise<void> {
	const response = await fetch(link.shortUrl, { redirect: "manual", headers: { "User-Agent": userAgent } });
	expect(response.status).toBe(302);
}

/**
 * Yesterday's visits with referrers, devices and browsers, written as the function writes them (Admin SDK):
 * the day's shard and, in the same commit, its people added to the link's all-time total.
 */
async function writeYesterday(code: string): Promise<void> {
	const { user } = await data<Session>({ type: "session" });
	if (!user) throw new Error("nobody signed in to own the link");
	const app = initializeApp({ projectId: PROJECT_ID, apiKey: "demo-key" }, `analytics-admin-${Date.now()}`);
	try {
		const db = getFirestore(app);
		const [host = "", port = ""] = backend.firestore.split(":");
		connectFirestoreEmulator(db, host, Number(port), { mockUserToken: "owner" });
		const day = dayOf(Date.now() - 86_400_000);
		const batch = writeBatch(db);
		batch.set(doc(db, "clicks", code, "days", `${day}-5`), {
			day,
			people: 4,
			referrers: { "news.example": 3, "mail.example": 1 },
			devices: { mobile: 3, desktop: 1 },
			browsers: { firefox: 3, safari: 1 },
		});
		batch.set(
			doc(db, CLICK_TOTALS, clickTotalId(code, 5)),
			{ owner: user.uid, code, people: increment(4), updatedAt: serverTimestamp() },
			{ merge: true },
		);
		await batch.commit();
	} finally {
		await deleteApp(app);
	}
}

describe.skipIf(backend.hosting === null)("a link's analytics", () => {
	beforeAll(async () => {
		extension = await launchExtension();
		options = await extension.openPage("options/index.html");
	});

	afterAll(async () => {
		await extension?.close();
	});

	it("shows the visits the function counted, people apart from bots, with where people came from", async () => {
		const link = await data<Link>({ type: "shorten", url: `https://example.com/analytics/${crypto.randomUUID()}` });
		await visit(link, PERSON);
		await visit(link, PERSON);
		await visit(link, BOT);
		await writeYesterday(link.code);

		await options.reload();
		const row = options.getByRole("row").filter({ hasText: link.code });
		// Today's two people and yesterday's four; the bot is not a click.
		await expect.poll(() => row.locator(".links-table__clicks").textContent()).toBe("6");

		// From the keyboard: the Analytics button of the row, then Enter.
		await row.getByRole("button", { name: /^Analytics for / }).focus();
		await options.keyboard.press("Enter");
		const dialog = options.getByRole("dialog", { name: /^Analytics for / });
		await dialog.getByText("in the last 30 days").waitFor();
		expect(await dialog.locator(".analytics__totals").textContent()).toBe("6 people and 1 bot in the last 30 days");
		const summary = await dialog.getByRole("img").getAttribute("aria-label");
		expect(summary).toContain("6 people and 1 bot;");

		await dialog.getByText("Show the days as a table").click();
		const today = dialog.getByRole("row").filter({ has: options.locator(`time[datetime="${dayOf(Date.now())}"]`) });
		expect(await today.getByRole("cell").allTextContents()).toEqual(["2", "1"]);

		const referrers = dialog.getByRole("region", { name: "Top referring sites" });
		expect(await referrers.getByRole("rowheader").allTextContents()).toEqual(["news.example", "mail.example"]);
		const devices = dialog.getByRole("region", { name: "Devices" });
		expect(await devices.getByRole("row").allTextContents()).toContain("Mobile3");

		await dialog.getByRole("button", { name: "Last 90 days" }).click();
		await dialog.getByText("in the last 90 days").waitFor();
		expect(await dialog.getByRole("button", { name: "Last 90 days" }).getAttribute("aria-pressed")).toBe("true");

		for (const colorScheme of ["light", "dark"] as const) {
			await options.emulateMedia({ colorScheme });
			expect(await accessibilityViolations(options), colorScheme).toEqual([]);
		}

		// Escape closes it, and focus is back on the button that opened it.
		await options.keyboard.press("Escape");
		await dialog.waitFor({ state: "hidden" });
		expect(await options.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("analytics");
	});
});
