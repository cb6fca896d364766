/**
 * The redirect page's behaviour in jsdom, against Shorty's local Firestore server with the rules'
 * policy: what a visitor sees for each kind of short link, where they are sent, and that nothing is
 * written: the page counts no visits (the rules let no visitor write).
 * Only the navigation itself (location.replace) is recorded instead of performed; jsdom cannot navigate.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../../local/ports";
import { whenActivated } from "../../../redirect/activation";
import { type FirestoreLocation, firestoreRest, type TargetStore } from "../../../redirect/firestoreRest";
import { openRoute } from "../../../redirect/openRoute";
import { routeOf } from "../../../redirect/route";
import { showView } from "../../../redirect/showView";
import { siteText } from "../../../redirect/siteText";
import { type LocalFirestore, startLocalFirestore } from "./localFirestore";
import { startStubFirestore } from "./stubFirestore";

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
	return openWith(path, firestoreRest(location));
}

/** `path` may carry a query string, as location.search gives it to the page. */
function openWith(path: string, store: TargetStore): Promise<void> {
	const root = document.querySelector("main") as HTMLElement;
	const { pathname, search } = new URL(path, ORIGIN);
	return openRoute(routeOf(pathname), {
		store,
		show: (view, focus) => showView(root, view, siteText("en"), focus),
		navigate: (url) => navigations.push(url),
		activated: () => whenActivated(document),
		origin: ORIGIN,
		search,
	});
}

/** A Firestore address where nothing listens: what a visitor sees when the backend is unreachable. */
async function unreachableLocation(): Promise<FirestoreLocation> {
	return { ...firestore.location, origin: `http://127.0.0.1:${await freePort()}` };
}

describe("opening a short link", () => {
	it("sends the visitor to the target with one read and no write", async () => {
		const store = firestoreRest(firestore.location);
		const sent: string[] = [];
		const fetchAsPage = globalThis.fetch;
		globalThis.fetch = (input, init) => {
			sent.push(String(input).replace(/^.*:(\w+)$/, "$1"));
			return fetchAsPage(input, init);
		};
		try {
			await openWith("/docs123", store);
		} finally {
			globalThis.fetch = fetchAsPage;
		}
		expect(navigations).toEqual(["https://example.com/docs?page=2"]);
		expect(sent).toEqual(["batchGet"]);
	});

	it("passes the short link's query string on to the target, but for what the target sets itself", async () => {
		await open("/docs123?utm_source=newsletter&page=5");
		expect(navigations).toEqual(["https://example.com/docs?page=2&utm_source=newsletter"]);
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

	it("refuses a target that is not an http(s) address, shows it as text, and opens nothing", async () => {
		for (const [code, address] of [
			["evil123", "javascript:alert(document.cookie)"],
			["dataurl", "data:text/html,<script>alert(1)</script>"],
		] as const) {
			await open(`/${code}`);
			expect(screen.getByRole("heading", { name: "This short link cannot be opened" })).toBeTruthy();
			expect(screen.getByText(address)).toBeTruthy();
			expect(document.querySelector("script")).toBeNull();
		}
		expect(navigations).toEqual([]);
	});

	it("offers a retry when the backend is unreachable, and opens the link once it answers", async () => {
		const location = await unreachableLocation();
		await open("/docs123", location);
		expect(screen.getByRole("heading", { name: "Could not open the link" })).toBeTruthy();
		expect(screen.getByText(/did not answer\. Check your connection/)).toBeTruthy();
		expect(navigations).toEqual([]);

		const port = Number(new URL(location.origin).port);
		const revived = await startLocalFirestore(port);
		try {
			await revived.addLink("docs123", "https://example.com/back");
			await userEvent.click(screen.getByRole("button", { name: "Retry" }));
			await waitFor(() => expect(navigations).toEqual(["https://example.com/back"]));
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

describe("when Firestore answers with an error or not at all", () => {
	it("says the service refused, with a way home and no Retry that cannot help, for a 400, 403 or 404", async () => {
		for (const status of [400, 403, 404]) {
			const stub = await startStubFirestore(status);
			try {
				await open("/docs123", stub.location);
				expect(screen.getByRole("heading", { name: "Could not open the link" })).toBeTruthy();
				expect(screen.getByText(`refused to open this short link (error ${status})`, { exact: false })).toBeTruthy();
				expect(screen.queryByText(/connection, then try again/)).toBeNull();
				expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
				expect(screen.getByRole("link", { name: "Go to the home page" })).toBeTruthy();
			} finally {
				await stub.stop();
			}
		}
		expect(navigations).toEqual([]);
	});

	it("offers a retry that asks again when the service is busy or in trouble (429, 500, 503)", async () => {
		for (const status of [429, 500, 503]) {
			const stub = await startStubFirestore(status);
			try {
				await open("/docs123", stub.location);
				expect(screen.getByText(`busy or having trouble (error ${status})`, { exact: false })).toBeTruthy();
				await userEvent.click(screen.getByRole("button", { name: "Retry" }));
				await waitFor(() => expect(stub.requests()).toBe(2));
				expect(await screen.findByRole("button", { name: "Retry" })).toBeTruthy();
			} finally {
				await stub.stop();
			}
		}
		expect(navigations).toEqual([]);
	});

	it("offers the connection retry when Firestore does not answer in time", async () => {
		const silent = await startStubFirestore(null);
		try {
			await openWith("/docs123", firestoreRest(silent.location, 200));
			expect(screen.getByText(/did not answer\. Check your connection/)).toBeTruthy();
			expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
		} finally {
			await silent.stop();
		}
	});
});

describe("a prerendered short link (an omnibox prediction, speculation rules)", () => {
	let prerendering: boolean;

	beforeEach(() => {
		prerendering = true;
		Object.defineProperty(document, "prerendering", { configurable: true, get: () => prerendering });
	});

	afterEach(() => {
		Reflect.deleteProperty(document, "prerendering");
	});

	it("does not navigate until the visitor actually opens it", async () => {
		const store = firestoreRest(firestore.location);
		let reads = 0;
		const watched: TargetStore = { readTarget: (code) => store.readTarget(code).finally(() => reads++) };
		const opening = openWith("/docs123", watched);
		await waitFor(() => expect(reads).toBe(1));
		// Past everything the page does straight after the read.
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(navigations).toEqual([]);

		prerendering = false;
		document.dispatchEvent(new Event("prerenderingchange"));
		await opening;
		expect(navigations).toEqual(["https://example.com/docs?page=2"]);
	});
});

describe("previewing a short link with +", () => {
	it("shows where the link goes as text, opens nothing, and continues straight to the target", async () => {
		await open("/preview1+");
		expect(screen.getByRole("heading", { name: "Where this link goes" })).toBeTruthy();
		expect(screen.getByText("https://example.org/long/path")).toBeTruthy();
		expect(screen.getByText(`${ORIGIN}/preview1`, { exact: false })).toBeTruthy();
		expect(document.title).toBe("Preview: example.org · Shorty");
		expect(navigations).toEqual([]);
		const proceed = screen.getByRole("link", { name: "Continue to example.org" });
		expect(proceed.getAttribute("href")).toBe("https://example.org/long/path");
	});

	it("shows and continues to the target with the short link's query string on it", async () => {
		await open("/preview1+?ref=chat");
		expect(screen.getByText("https://example.org/long/path?ref=chat")).toBeTruthy();
		const proceed = screen.getByRole("link", { name: "Continue to example.org" });
		expect(proceed.getAttribute("href")).toBe("https://example.org/long/path?ref=chat");
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
