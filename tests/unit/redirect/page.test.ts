/**
 * The redirect page's behaviour in jsdom, against Shorty's local Firestore server with the rules'
 * policy: what a visitor sees for each kind of short link, where they are sent, and what is counted.
 * Only the navigation itself (location.replace) is recorded instead of performed; jsdom cannot navigate.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../../local/ports";
import { type FirestoreLocation, firestoreRest } from "../../../redirect/firestoreRest";
import { openRoute } from "../../../redirect/openRoute";
import { routeOf } from "../../../redirect/route";
import { showView } from "../../../redirect/views";
import { type LocalFirestore, startLocalFirestore } from "./localFirestore";

const ORIGIN = "https://sho.rt";
let firestore: LocalFirestore;
let navigations: string[];

beforeAll(async () => {
	firestore = await startLocalFirestore();
	await firestore.addLink("docs123", "https://example.com/docs?page=2");
	await firestore.addLink("preview1", "https://example.org/long/path");
	await firestore.addLink("evil123", "javascript:alert(document.cookie)");
	await firestore.addLink("dataurl", "data:text/html,<script>alert(1)</script>");
});

afterAll(async () => {
	await firestore?.stop();
});

beforeEach(() => {
	navigations = [];
	document.body.replaceChildren(document.createElement("main"));
});

/** Opens `path` the way main.ts does, with the store at `location` (the local server by default). */
function open(path: string, location: FirestoreLocation = firestore.location): Promise<void> {
	const root = document.querySelector("main") as HTMLElement;
	return openRoute(routeOf(path), {
		store: firestoreRest(location),
		show: (view, focus) => showView(root, view, focus),
		navigate: (url) => navigations.push(url),
		origin: ORIGIN,
	});
}

/** A Firestore address where nothing listens: what a visitor sees when the backend is unreachable. */
async function unreachableLocation(): Promise<FirestoreLocation> {
	return { ...firestore.location, origin: `http://127.0.0.1:${await freePort()}` };
}

describe("opening a short link", () => {
	it("sends the visitor to the target and counts exactly one click", async () => {
		const before = await firestore.clicksOf("docs123");
		await open("/docs123");
		expect(navigations).toEqual(["https://example.com/docs?page=2"]);
		await waitFor(async () => expect(await firestore.clicksOf("docs123")).toBe(before + 1));
	});

	it("says an unknown code does not exist, with a way home, and goes nowhere", async () => {
		await open("/nosuchcode");
		expect(screen.getByRole("heading", { name: "This short link does not exist" })).toBeTruthy();
		expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
		expect(document.title).toBe("Link not found · Shorty");
		expect(navigations).toEqual([]);
	});

	it("answers a malformed code with the same page without asking the database", async () => {
		// The database is unreachable: had the page asked it, it would offer a retry instead.
		await open("/no", await unreachableLocation());
		expect(screen.getByRole("heading", { name: "This short link does not exist" })).toBeTruthy();
	});

	it("refuses a target that is not an http(s) address, shows it as text, and counts nothing", async () => {
		for (const [code, address] of [
			["evil123", "javascript:alert(document.cookie)"],
			["dataurl", "data:text/html,<script>alert(1)</script>"],
		] as const) {
			await open(`/${code}`);
			expect(screen.getByRole("heading", { name: "This short link cannot be opened" })).toBeTruthy();
			expect(screen.getByText(address)).toBeTruthy();
			expect(document.querySelector("script")).toBeNull();
			expect(await firestore.clicksOf(code)).toBe(0);
		}
		expect(navigations).toEqual([]);
	});

	it("offers a retry when the backend is unreachable, and opens the link once it answers", async () => {
		const location = await unreachableLocation();
		await open("/docs123", location);
		expect(screen.getByRole("heading", { name: "Could not open the link" })).toBeTruthy();
		expect(navigations).toEqual([]);

		const port = Number(new URL(location.origin).port);
		const revived = await startLocalFirestore(port);
		try {
			await revived.addLink("docs123", "https://example.com/back");
			await userEvent.click(screen.getByRole("button", { name: "Retry" }));
			await waitFor(() => expect(navigations).toEqual(["https://example.com/back"]));
			await waitFor(async () => expect(await revived.clicksOf("docs123")).toBe(1));
		} finally {
			await revived.stop();
		}
	});

	it("moves focus to the new heading after a retry, so keyboard users are not left on nothing", async () => {
		await open("/nosuchcode", await unreachableLocation());
		await userEvent.click(screen.getByRole("button", { name: "Retry" }));
		const heading = await screen.findByRole("heading", { name: "Could not open the link" });
		expect(document.activeElement).toBe(heading);
	});
});

describe("previewing a short link with +", () => {
	it("shows where the link goes as text, opens nothing, and counts nothing until the visitor continues", async () => {
		await open("/preview1+");
		expect(screen.getByRole("heading", { name: "Where this link goes" })).toBeTruthy();
		expect(screen.getByText("https://example.org/long/path")).toBeTruthy();
		expect(screen.getByText(`${ORIGIN}/preview1`, { exact: false })).toBeTruthy();
		expect(document.title).toBe("Preview: example.org · Shorty");
		expect(navigations).toEqual([]);
		expect(await firestore.clicksOf("preview1")).toBe(0);

		const proceed = screen.getByRole("link", { name: "Continue to example.org" });
		expect(proceed.getAttribute("href")).toBe("https://example.org/long/path");
		// jsdom cannot follow the link; stop it after the page's own click handler has run.
		document.addEventListener("click", (event) => event.preventDefault(), { once: true });
		await userEvent.click(proceed);
		await waitFor(async () => expect(await firestore.clicksOf("preview1")).toBe(1));
	});

	it("refuses to preview a javascript: target as a link", async () => {
		await open("/evil123+");
		expect(screen.getByRole("heading", { name: "This short link cannot be opened" })).toBeTruthy();
		expect(screen.queryByRole("link", { name: /Continue/ })).toBeNull();
	});

	it("says an unknown code does not exist", async () => {
		await open("/nosuchcode+");
		expect(screen.getByRole("heading", { name: "This short link does not exist" })).toBeTruthy();
	});
});

describe("the home page", () => {
	it("says what this site is", async () => {
		await open("/");
		expect(screen.getByRole("heading", { name: "Shorty short links" })).toBeTruthy();
		expect(document.title).toBe("Shorty");
	});
});
