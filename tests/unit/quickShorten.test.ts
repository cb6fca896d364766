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
 * clipboard that keeps what it was given, once `copy` lets it (it may refuse or wait), and the
 * notifications it would show.
 */
function quickShortenWith({ copy = async (_text: string): Promise<void> => undefined } = {}) {
	const answers = new Map<string, (reply: Reply<"shorten">) => void>();
	const clipboard: string[] = [];
	const told: string[] = [];
	const shorten = createQuickShorten({
		shorten: ({ url }) => new Promise((resolve) => answers.set(url, resolve)),
		startCopy: () => ({
			async copy(text) {
				await copy(text);
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

/** A clipboard that refuses the texts `refused` says. */
const refusing = (refused: (text: string) => boolean) => async (text: string) => {
	if (refused(text)) throw new Error("Document is not focused.");
};

/**
 * A new address asked for, then a repeated one, answered first: a new address takes a round trip, and the
 * repeated one is answered from the worker's copy at once.
 */
async function repeatedAnsweredFirst({ shorten, answer }: ReturnType<typeof quickShortenWith>): Promise<void> {
	const newAddress = shorten({ url: "https://example.com/new" });
	const repeated = shorten({ url: "https://example.com/known" });
	answer("https://example.com/known", "known11");
	await repeated;
	answer("https://example.com/new", "newlink");
	await newAddress;
}

describe("shortening from the menu or the shortcut", () => {
	it("leaves the later request's link on the clipboard when an earlier one's answer comes after it", async () => {
		const world = quickShortenWith();
		await repeatedAnsweredFirst(world);
		const { clipboard, told } = world;

		expect(clipboard).toEqual([`${BASE}known11`]);
		expect(told).toEqual([`copied ${BASE}known11`, `not copied (newer-copied) ${BASE}newlink`]);
	});

	it("says an earlier request's link is copied when it comes back second as the very link the later one copied", async () => {
		const { shorten, answer, clipboard, told } = quickShortenWith();
		const earlier = shorten({ url: "https://example.com/page" });
		const later = shorten({ url: "https://example.com/page#top" });
		answer("https://example.com/page#top", "samelnk");
		await later;
		answer("https://example.com/page", "samelnk");
		await earlier;

		expect(clipboard).toEqual([`${BASE}samelnk`]);
		expect(told).toEqual([`copied ${BASE}samelnk`, `copied ${BASE}samelnk`]);
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
		const { shorten, answer, told } = quickShortenWith({ copy: refusing(() => true) });
		const done = shorten({ url: "https://example.com/refused" });
		answer("https://example.com/refused", "refused");
		await done;
		expect(told).toEqual([`not copied (clipboard-failed) ${BASE}refused`]);
	});

	it("copies an earlier request's link that comes back second when the later one's copy was refused", async () => {
		const world = quickShortenWith({ copy: refusing((text) => text.endsWith("known11")) });
		await repeatedAnsweredFirst(world);
		const { clipboard, told } = world;
		expect(clipboard).toEqual([`${BASE}newlink`]);
		expect(told).toEqual([`not copied (clipboard-failed) ${BASE}known11`, `copied ${BASE}newlink`]);
	});

	it("copies one link at a time: an earlier request's link waits for a later one's copy under way", async () => {
		// Each copy lands when the test says, as one through Shorty's document may take a while.
		const copies: Array<{ text: string; land: (ok: boolean) => void }> = [];
		const { shorten, answer, clipboard, told } = quickShortenWith({
			copy: (text) =>
				new Promise<void>((resolve, reject) =>
					copies.push({ text, land: (ok) => (ok ? resolve() : reject(new Error("refused"))) }),
				),
		});
		const turn = () => new Promise((settle) => setTimeout(settle));
		const earlier = shorten({ url: "https://example.com/new" });
		const later = shorten({ url: "https://example.com/known" });
		answer("https://example.com/known", "known11");
		await turn();
		answer("https://example.com/new", "newlink");
		await turn();
		expect(copies.map((copy) => copy.text)).toEqual([`${BASE}known11`]);

		copies[0]?.land(false);
		await later;
		await turn();
		expect(copies.map((copy) => copy.text)).toEqual([`${BASE}known11`, `${BASE}newlink`]);
		copies[1]?.land(true);
		await earlier;
		expect(clipboard).toEqual([`${BASE}newlink`]);
		expect(told).toEqual([`not copied (clipboard-failed) ${BASE}known11`, `copied ${BASE}newlink`]);
	});
});
