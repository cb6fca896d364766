/**
 * Finding links in memory (src/links/linkSearch.ts) as a user types, at 10,000 and 100,000 links: each
 * keystroke's search, with each sort, p50 and p95; the time to build the index and the memory it
 * takes. The target (issue 19): a keystroke's results well within 100 ms at 10,000 links.
 * Run: npx tsx tests/bench/search.ts
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createLinkIndex, type LinkIndex, MAX_SEARCH_LENGTH } from "../../src/links/linkSearch";
import { LINK_SORTS, type LinkSort } from "../../src/links/types";
import { generateClicks, generateLinks, RARE_WORD } from "./generatedLinks";
import { record } from "./report";
import { p50p95 } from "./stats";

// A forced collection before each heap reading, so the figure is what the index keeps, not garbage. The
// runner starts benches without --expose-gc; this turns it on from inside.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const SIZES = [10_000, 100_000];
/** Each search typed this many times per sort, so p95 has enough keystrokes under it. */
const ROUNDS = 5;

/** A paragraph pasted into the search box: distinct words, as none of them is inside another. */
const PASTED =
	"Meeting notes from the quarterly roadmap review with the design team about offline caching, " +
	"service worker latency, manifest permissions and the clipboard; follow-up on the budget invoice, " +
	"the marathon training plan, pasta recipes from Zürich, the museum tickets and the concert in São Paulo. " +
	"Remember to read the thesis draft, the dataset paper and the interview transcript before Friday's agenda " +
	"so everyone has context for the release decisions and their consequences across browsers.";

const count = (n: number) => n.toLocaleString("en-US");

/** An address of the longest kind Shorty keeps, pasted whole. */
const LONG_ADDRESS = `https://example.com/search?q=${"shorty".repeat(400)}`.slice(0, MAX_SEARCH_LENGTH);

/** What a user types, keystroke by keystroke: every prefix of each text is one search. */
const TYPED: ReadonlyArray<{ kind: string; text: string; pasted?: boolean }> = [
	{ kind: "one letter", text: "e" },
	{ kind: "a word", text: "github" },
	{ kind: "two words", text: "react hooks" },
	{ kind: "a rare word", text: RARE_WORD },
	{ kind: "no match", text: "qzxjvw" },
	{ kind: `a pasted paragraph (${count(PASTED.length)} characters)`, text: PASTED, pasted: true },
	{ kind: `a pasted address (${count(LONG_ADDRESS.length)} characters)`, text: LONG_ADDRESS, pasted: true },
	{
		kind: `a paste over the limit of ${count(MAX_SEARCH_LENGTH)} characters (10,000)`,
		text: PASTED.repeat(21).slice(0, 10_000),
		pasted: true,
	},
];

function heapMb(): number {
	collectGarbage();
	return process.memoryUsage().heapUsed / 2 ** 20;
}

function timeMs(action: () => unknown): number {
	const started = performance.now();
	action();
	return performance.now() - started;
}

function keystrokes(text: string, pasted = false): string[] {
	return pasted ? [text] : Array.from(text, (_, at) => text.slice(0, at + 1));
}

function typing(index: LinkIndex, sort: LinkSort, clicks: Map<string, number>, text: string, pasted?: boolean) {
	return keystrokes(text, pasted).map((typed) => timeMs(() => index.find({ text: typed, sort }, clicks)));
}

for (const size of SIZES) {
	console.log(`\n${count(size)} links`);
	const before = heapMb();
	const links = generateLinks(size);
	const clicks = generateClicks(links);
	const withLinks = heapMb();
	let index = createLinkIndex();
	const built = timeMs(() => {
		index = createLinkIndex(links);
	});
	record(`build the index (sorted newest first), ${count(size)} links`, `${built.toFixed(0)} ms`);
	// Cold: the first search of each kind runs before the JIT has seen it, as after the worker starts.
	for (const sort of LINK_SORTS) {
		const first = timeMs(() => index.find({ text: "e", sort }, clicks));
		record(`first search sorted by ${sort} (cold), ${count(size)} links`, `${first.toFixed(0)} ms`);
	}
	if (index.size !== size) throw new Error(`the index holds ${index.size} links, not ${size}: codes repeat`);
	const withIndex = heapMb();
	record(
		`memory, ${count(size)} links`,
		`index ${(withIndex - withLinks).toFixed(1)} MB, every order sorted, over the links' own ${(withLinks - before).toFixed(1)} MB`,
	);
	const byKind = new Map<string, number[]>();
	for (const sort of LINK_SORTS) {
		const all: number[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			for (const { kind, text, pasted } of TYPED) {
				const samples = typing(index, sort, clicks, text, pasted);
				all.push(...samples);
				byKind.set(kind, [...(byKind.get(kind) ?? []), ...samples]);
			}
		}
		record(`a keystroke, sorted by ${sort}, ${count(size)} links (${all.length})`, p50p95(all, 1));
	}
	for (const [kind, samples] of byKind) {
		record(`a keystroke of ${kind}, any sort, ${count(size)} links`, p50p95(samples, 1));
	}
	const edit = links[0];
	if (edit) {
		const puts = Array.from({ length: 200 }, (_, at) => timeMs(() => index.put({ ...edit, title: `Edited ${at}` })));
		record(`a link added or edited, every sort kept, ${count(size)} links`, p50p95(puts, 2));
	}
}
