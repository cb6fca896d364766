// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createQuickShorten } from "../../background/quickShorten";
import type { Link } from "../../src/links/types";
import type { Reply } from "../../src/messages";

const BASE = "https://shorty-links-4f2a1.web.app/";

function linkTo(url: string, code: string): Link {
	return {
		code,
		url,
		shortUrl: `${BASE}${code}`,
		host: new URL(url).host,
		title: "",
		custom: false,
		createdAt: 0,
		updatedAt: 0,
	};
}

/**
 * The menu and shortcut path with a worker whose shorten answers when the test says (`answer`), a
 * clipboard that keeps what it was given (or refuses it), and the notifications it would show.
 */
function quickShortenWith({ clipboardRefuses = (_text: string): boolean => false } = {}) {
	const answers = new Map<string, (reply: Reply<"shorten">) => void>();
	const clipboard: string[] = [];
	const told: string[] = [];
	const shorten = createQuickShorten({
		shorten: ({ url }) => new Promise((resolve) => answers.set(url, resolve)),
		startCopy: () => ({
			async copy(text) {
				if (clipboardRefuses(text)) throw new Error("Document is not focused.");
				clipboard.push(text);
			},
		}),
		announce: {
			copied: async (link) => void told.push(`copied ${link.shortUrl}`),
			notCopied: async (link, why) => void told.push(`not copied (${why}) ${link.shortUrl}`),
			failure: async (error) => void told.push(`failed ${error.code}`),
		},
	});
	const answer = (url: string, code: string) => answers.get(url)?.({ ok: true, data: linkTo(url, code) });
	return { shorten, answer, clipboard, told };
}

describe("shortening from the menu or the shortcut", () => {
	it("leaves the later request's link on the clipboard when an earlier one's answer comes after it", async () => {
		const { shorten, answer, clipboard, told } = quickShortenWith();
		// A new address takes a round trip; the repeated one, asked for next, is answered from the copy at once.
		const newAddress = shorten({ url: "https://example.com/new" });
		const repeated = shorten({ url: "https://example.com/known" });
		answer("https://example.com/known", "known11");
		await repeated;
		answer("https://example.com/new", "newlink");
		await newAddress;

		expect(clipboard).toEqual([`${BASE}known11`]);
		expect(told).toEqual([`copied ${BASE}known11`, `not copied (newer-copied) ${BASE}newlink`]);
	});

	it("copies each link when the answers come in the order asked", async () => {
		const { shorten, answer, clipboard } = quickShortenWith();
		const first = shorten({ url: "https://example.com/one" });
		const second = shorten({ url: "https://example.com/two" });
		answer("https://example.com/one", "one1111");
		answer("https://example.com/two", "two2222");
		await Promise.all([first, second]);
		expect(clipboard).toEqual([`${BASE}one1111`, `${BASE}two2222`]);
	});

	it("names the link it made when the clipboard refuses it, rather than say the shorten failed", async () => {
		const { shorten, answer, told } = quickShortenWith({ clipboardRefuses: () => true });
		const done = shorten({ url: "https://example.com/refused" });
		answer("https://example.com/refused", "refused");
		await done;
		expect(told).toEqual([`not copied (clipboard-failed) ${BASE}refused`]);
	});

	it("copies an earlier request's link that comes back second when the later one's copy was refused", async () => {
		const { shorten, answer, clipboard, told } = quickShortenWith({
			clipboardRefuses: (text) => text.endsWith("known11"),
		});
		const newAddress = shorten({ url: "https://example.com/new" });
		const repeated = shorten({ url: "https://example.com/known" });
		answer("https://example.com/known", "known11");
		await repeated;
		answer("https://example.com/new", "newlink");
		await newAddress;
		expect(clipboard).toEqual([`${BASE}newlink`]);
		expect(told).toEqual([`not copied (clipboard-failed) ${BASE}known11`, `copied ${BASE}newlink`]);
	});

	it("copies one link at a time: an earlier request's link waits for a later one's copy under way", async () => {
		const answers = new Map<string, (reply: Reply<"shorten">) => void>();
		const copies: Array<{ text: string; land: (ok: boolean) => void }> = [];
		const told: string[] = [];
		const shorten = createQuickShorten({
			shorten: ({ url }) => new Promise((resolve) => answers.set(url, resolve)),
			// Each copy lands when the test says, as one through Shorty's document may take a while.
			startCopy: () => ({
				copy: (text) =>
					new Promise<void>((resolve, reject) =>
						copies.push({ text, land: (ok) => (ok ? resolve() : reject(new Error("refused"))) }),
					),
			}),
			announce: {
				copied: async (link) => void told.push(`copied ${link.shortUrl}`),
				notCopied: async (link, why) => void told.push(`not copied (${why}) ${link.shortUrl}`),
				failure: async (error) => void told.push(`failed ${error.code}`),
			},
		});
		const earlier = shorten({ url: "https://example.com/new" });
		const later = shorten({ url: "https://example.com/known" });
		answers.get("https://example.com/known")?.({ ok: true, data: linkTo("https://example.com/known", "known11") });
		await new Promise((settle) => setTimeout(settle));
		answers.get("https://example.com/new")?.({ ok: true, data: linkTo("https://example.com/new", "newlink") });
		await new Promise((settle) => setTimeout(settle));
		expect(copies.map((copy) => copy.text)).toEqual([`${BASE}known11`]);

		copies[0]?.land(false);
		await later;
		await new Promise((settle) => setTimeout(settle));
		expect(copies.map((copy) => copy.text)).toEqual([`${BASE}known11`, `${BASE}newlink`]);
		copies[1]?.land(true);
		await earlier;
		expect(told).toEqual([`not copied (clipboard-failed) ${BASE}known11`, `copied ${BASE}newlink`]);
	});
});
