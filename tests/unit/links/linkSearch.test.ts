// @vitest-environment node
import { describe, expect, it } from "vitest";
import { type ClickTotals, createLinkIndex, type LinkQuery, MAX_SEARCH_LENGTH } from "../../../src/links/linkSearch";
import type { Link } from "../../../src/links/types";
import { checkUrl } from "../../../src/links/urls";
import { ALIAS_CORPUS } from "../corpus/aliases";
import { SHORT_LINK_BASE, URL_CORPUS } from "../corpus/urls";

const DAY = 86_400_000;
let made = 0;

/** A link made `made` days after 2026-01-01 unless told otherwise; its code is unique. */
function link(fields: Partial<Link> = {}): Link {
	made++;
	const url = fields.url ?? `https://example.com/page-${made}`;
	return {
		code: `code${made}`,
		url,
		host: new URL(url).host,
		title: `Page ${made}`,
		shortUrl: `https://sho.rt/code${made}`,
		createdAt: Date.UTC(2026, 0, 1) + made * DAY,
		updatedAt: Date.UTC(2026, 0, 1) + made * DAY,
		custom: false,
		...fields,
	};
}

function codes(links: readonly Link[], query: LinkQuery, clicks?: ClickTotals): string[] {
	return createLinkIndex(links)
		.find({ pageSize: 100, ...query }, clicks)
		.links.map((found) => found.code);
}

function finds(title: string, text: string): boolean {
	const only = link({ title });
	return codes([only], { text }).length === 1;
}

describe("searching as you type", () => {
	const reactDocs = link({ title: "Hooks at a Glance – React", url: "https://react.dev/learn/hooks" });
	const github = link({ title: "Pull requests", url: "https://github.com/acme/shorty/pulls?q=is%3Aopen+author%3Ame" });
	const alias = link({ code: "launch-plan", custom: true, title: "Q3 plan", url: "https://docs.example.org/d/9" });
	const tagged = link({ title: "Budget", tags: ["Finance", "2026"], url: "https://sheets.example.net/s/1" });
	const cafe = link({ title: "Menu", url: "https://example.fr/caf%C3%A9/menu%20du%20jour" });
	const links = [reactDocs, github, alias, tagged, cafe];

	it("'react' finds links titled '... React'", () => {
		expect(codes(links, { text: "react" })).toEqual([reactDocs.code]);
	});

	it("'git' finds a link to github.com: a word matches anywhere inside a text", () => {
		expect(codes(links, { text: "git" })).toEqual([github.code]);
	});

	it("a piece of the path or the query finds the link", () => {
		expect(codes(links, { text: "hooks" })).toEqual([reactDocs.code]);
		expect(codes(links, { text: "acme/shorty" })).toEqual([github.code]);
		expect(codes(links, { text: "author:me" })).toEqual([github.code]);
	});

	it("a percent-encoded address is found by what it reads as", () => {
		expect(codes(links, { text: "café" })).toEqual([cafe.code]);
		expect(codes(links, { text: "menu du jour" })).toEqual([cafe.code]);
		expect(codes(links, { text: "is:open" })).toEqual([github.code]);
	});

	it("a pasted address finds its link, encoded or not", () => {
		expect(codes(links, { text: "https://example.fr/caf%C3%A9/menu%20du%20jour" })).toEqual([cafe.code]);
		expect(codes(links, { text: "https://example.fr/café/menu du jour" })).toEqual([cafe.code]);
	});

	it("an alias or the start of a code finds its link", () => {
		expect(codes(links, { text: "launch" })).toEqual([alias.code]);
		expect(codes(links, { text: alias.code })).toEqual([alias.code]);
	});

	it("a tag finds the links that carry it", () => {
		expect(codes(links, { text: "finance" })).toEqual([tagged.code]);
		expect(codes(links, { text: "2026" })).toEqual([tagged.code]);
	});

	it("two words narrow the list: each must be found, in any part and any order", () => {
		expect(codes(links, { text: "example" })).toEqual([cafe.code, tagged.code, alias.code]);
		expect(codes(links, { text: "example budget" })).toEqual([tagged.code]);
		expect(codes(links, { text: "plan docs" })).toEqual([alias.code]);
		expect(codes(links, { text: "react github" })).toEqual([]);
	});

	it("a word never matches across the end of the title and the start of the address", () => {
		// "Budget" then the code "code…": "getcode" spans the two.
		expect(codes(links, { text: "getcode" })).toEqual([]);
	});

	it("an empty search, or only whitespace, lists every link", () => {
		expect(codes(links, { text: "" })).toHaveLength(links.length);
		expect(codes(links, { text: " \t\n\u00a0\u3000 " })).toHaveLength(links.length);
		expect(codes(links, { text: " ".repeat(10_000) })).toHaveLength(links.length);
	});
});

describe("case and accents do not matter", () => {
	it.each([
		["React docs", "REACT"],
		["REACT DOCS", "react"],
		["Café crème", "cafe creme"],
		["Cafe creme", "café crème"],
		["Ångström", "angstrom"],
		["Straße", "strasse"],
		["STRASSE", "straße"],
		["GROẞE", "große"],
		["İstanbul", "istanbul"],
		["Diyarbakır", "DIYARBAKIR"],
		["Ｒｅａｃｔ (full width)", "react"],
		["react", "Ｒｅａｃｔ"],
		["ﬁle ﬂow", "file flow"],
		["Ελληνικά ΟΔΟΣ", "οδοσ"],
		["Ελληνικά ΟΔΟΣ", "ελληνικα"],
		["Ｔｏｋｙｏ 東京", "東京"],
	])("%j is found by %j", (title, text) => {
		expect(finds(title, text)).toBe(true);
	});
});

describe("odd input is plain text and never throws", () => {
	it.each([
		["C++ tips", "c++", true],
		["a.b", "a.b", true],
		["axb", "a.b", false],
		["anything", ".*", false],
		["(draft) notes [v2]", "(draft)", true],
		["(draft) notes [v2]", "[v2]", true],
		["a backslash \\d", "\\d", true],
		["price $5^2 | total?", "$5^2", true],
		["price $5^2 | total?", "|", true],
		["Launch 🚀 party", "🚀", true],
		["Family 👨‍👩‍👧 photos", "👨‍👩‍👧", true],
		["Plain title", "🚀", false],
		["Plain title", "\ud800", false],
		["broken \udc00 title", "\udc00", true],
		["percent 50%", "50%", true],
		["percent 50%", "%zz", false],
	])("%j searched for %j: %s", (title, text, found) => {
		expect(finds(title, text)).toBe(found);
	});

	it(`a text over ${MAX_SEARCH_LENGTH} characters finds nothing and says it was too long`, () => {
		const index = createLinkIndex([link({ title: "a".repeat(400) })]);
		for (const text of ["a".repeat(10_000), "(".repeat(10_000), "🚀".repeat(5_000), "\ud800".repeat(10_000)]) {
			expect(index.find({ text })).toEqual({ links: [], total: 0, page: 1, tooLong: true });
		}
		expect(index.find({ text: "a".repeat(MAX_SEARCH_LENGTH) })).toMatchObject({ total: 0, tooLong: false });
		expect(index.find({ text: "a".repeat(400) })).toMatchObject({ total: 1, tooLong: false });
	});

	it("a long text of many words is searched, whitespace around it aside", () => {
		const words = Array.from({ length: 100 }, (_, i) => `w${i}`).join(" ");
		const index = createLinkIndex([link({ title: words })]);
		expect(index.find({ text: `   ${words}   ` })).toMatchObject({ total: 1, tooLong: false });
	});
});

describe("the hostile-input corpus as searches", () => {
	const inputs = [...URL_CORPUS, ...ALIAS_CORPUS].map(([input]) => input);
	const index = createLinkIndex([link({ title: "Anything at all" }), link({ title: "", tags: ["work"] })]);

	it(`none of its ${inputs.length} inputs throws as a search or a tag; only one over the limit is too long`, () => {
		for (const input of inputs) {
			const result = index.find({ text: input, tag: input });
			expect([input, result.tooLong]).toEqual([input, input.trim().length > MAX_SEARCH_LENGTH]);
		}
	});

	it("every address Shorty accepts is found by pasting it", () => {
		const links = URL_CORPUS.flatMap(([input]) => {
			const checked = checkUrl(input, SHORT_LINK_BASE);
			return checked.ok ? [link({ ...checked.value, title: "" })] : [];
		});
		expect(links.length).toBeGreaterThan(50);
		const corpusIndex = createLinkIndex(links);
		for (const each of links) {
			const found = corpusIndex.find({ text: each.url, pageSize: 100 }).links.map((match) => match.code);
			expect([each.url, found.includes(each.code)]).toEqual([each.url, true]);
		}
	});
});

describe("sorting", () => {
	const first = link({ title: "part 10", custom: true });
	const second = link({ title: "Part 2" });
	const third = link({ title: "" });
	const fourth = link({ title: "apple" });
	const sameTime = link({ code: "aaa-same", title: "zebra", createdAt: fourth.createdAt });
	const links = [first, second, third, fourth, sameTime];

	it("lists the newest first, and links made at the same moment by code", () => {
		expect(codes(links, {})).toEqual([sameTime.code, fourth.code, third.code, second.code, first.code]);
	});

	it("lists the oldest first when asked", () => {
		expect(codes(links, { sort: "oldest" })).toEqual([first.code, second.code, third.code, sameTime.code, fourth.code]);
	});

	it("sorts by title as people read it: any case, numbers by value, untitled links last", () => {
		expect(codes(links, { sort: "title" })).toEqual([fourth.code, second.code, first.code, sameTime.code, third.code]);
	});

	it("sorts by clicks, most first, ties newest first, links with no known total last", () => {
		const clicks = new Map([
			[first.code, 7],
			[second.code, 0],
			[fourth.code, 7],
			[third.code, 30],
		]);
		expect(codes(links, { sort: "clicks" }, clicks)).toEqual([
			third.code,
			fourth.code,
			first.code,
			second.code,
			sameTime.code,
		]);
	});
});

describe("filters", () => {
	const alias = link({ custom: true, title: "Team wiki", tags: ["Work"] });
	const generated = link({ title: "Team lunch", tags: ["food", "work"] });
	const other = link({ title: "Holiday photos" });
	const links = [alias, generated, other];
	const clicks = new Map([
		[alias.code, 0],
		[generated.code, 3],
	]);

	it("'custom' lists aliases only, 'generated' the others", () => {
		expect(codes(links, { filter: "custom" })).toEqual([alias.code]);
		expect(codes(links, { filter: "generated" })).toEqual([other.code, generated.code]);
	});

	it("'clicked' lists the links with at least one click", () => {
		expect(codes(links, { filter: "clicked" }, clicks)).toEqual([generated.code]);
		expect(codes(links, { filter: "clicked" })).toEqual([]);
	});

	it("a tag lists its links, whatever case it is asked in", () => {
		expect(codes(links, { tag: "WORK" })).toEqual([generated.code, alias.code]);
		expect(codes(links, { tag: " food " })).toEqual([generated.code]);
		expect(codes(links, { tag: "wor" })).toEqual([]);
		expect(codes(links, { tag: "" })).toHaveLength(3);
	});

	it("filters, a tag and words combine", () => {
		expect(codes(links, { text: "team", filter: "custom" })).toEqual([alias.code]);
		expect(codes(links, { text: "team", tag: "food" })).toEqual([generated.code]);
		expect(codes(links, { text: "team", tag: "work", filter: "clicked" }, clicks)).toEqual([generated.code]);
		expect(codes(links, { text: "holiday", tag: "work" })).toEqual([]);
	});
});

describe("paging", () => {
	const links = Array.from({ length: 60 }, () => link({ title: "Paged link" }));
	const newestFirst = [...links].reverse().map((each) => each.code);
	const index = createLinkIndex(links);

	it("page 2 of 25 holds links 26 to 50 of the total", () => {
		const result = index.find({ page: 2, pageSize: 25 });
		expect(result).toMatchObject({ total: 60, page: 2, tooLong: false });
		expect(result.links.map((each) => each.code)).toEqual(newestFirst.slice(25, 50));
	});

	it("a page past the end gives the last page, and says which page it is", () => {
		const result = index.find({ page: 9, pageSize: 25 });
		expect(result.page).toBe(3);
		expect(result.links.map((each) => each.code)).toEqual(newestFirst.slice(50));
		expect(index.find({ page: Number.POSITIVE_INFINITY, pageSize: 50 }).page).toBe(2);
	});

	it("a page before the first, or no page number at all, gives the first", () => {
		for (const page of [0, -3, Number.NaN, 0.5]) expect(index.find({ page, pageSize: 10 }).page).toBe(1);
		expect(index.find({ pageSize: 10 }).links.map((each) => each.code)).toEqual(newestFirst.slice(0, 10));
	});

	it("a search that matches nothing is page 1 of 0", () => {
		expect(index.find({ text: "nothing like it", page: 4 })).toEqual({ links: [], total: 0, page: 1, tooLong: false });
	});

	it("pages are 25 links unless a size is given", () => {
		expect(index.find({}).links).toHaveLength(25);
		expect(index.find({ pageSize: 100 }).links).toHaveLength(60);
	});
});

describe("keeping the index up to date", () => {
	it("an edited link is found by its new title, no longer by its old one, and counted once", () => {
		const original = link({ title: "Old title" });
		const index = createLinkIndex([original]);
		index.put({ ...original, title: "New title" });
		expect(index.size).toBe(1);
		expect(index.find({ text: "old" }).total).toBe(0);
		expect(index.find({ text: "new" }).links).toEqual([{ ...original, title: "New title" }]);
	});

	it("a removed link is no longer found; removing an unknown code changes nothing", () => {
		const kept = link();
		const removed = link();
		const index = createLinkIndex([kept, removed]);
		index.remove(removed.code);
		index.remove("no-such-code");
		expect(index.size).toBe(1);
		expect(index.find({}).links).toEqual([kept]);
	});

	it("lists every link it holds, as last put, for the tag list", () => {
		const first = link({ tags: ["work"] });
		const second = link();
		const index = createLinkIndex([first, second]);
		index.put({ ...first, tags: ["home"] });
		index.remove(second.code);
		expect([...index.links()]).toEqual([{ ...first, tags: ["home"] }]);
	});

	it("after any puts and removes, every sort lists what an index built afresh lists", () => {
		let seed = 7;
		const random = (below: number) => {
			seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
			return seed % below;
		};
		const words = ["alpha", "Beta", "gamma", "10", "2", ""];
		const live = new Map<string, Link>();
		const index = createLinkIndex();
		const clicks = new Map<string, number>();
		for (let step = 0; step < 600; step++) {
			const code = `c${random(40)}`;
			if (random(4) === 0) {
				index.remove(code);
				live.delete(code);
			} else {
				const changed = link({ code, title: `${words[random(6)]} ${words[random(6)]}`.trim(), createdAt: random(20) });
				index.put(changed);
				live.set(code, changed);
				clicks.set(code, random(3));
			}
			for (const sort of ["newest", "oldest", "title", "clicks"] as const) {
				const query: LinkQuery = { sort, text: step % 3 === 0 ? "a" : "", pageSize: 100 };
				expect(index.find(query, clicks)).toEqual(createLinkIndex(live.values()).find(query, clicks));
			}
		}
	});
});
