/**
 * Links as a heavy user's account holds them, made up from a seed: titles of several words (some
 * accented, some in German or French), hosts from a few hundred sites, paths, queries (some
 * percent-encoded), one in ten an alias, one in three tagged. The same seed gives the same links, so
 * two runs of a bench search the same data.
 */
import type { Link } from "../../src/links/types";

const TOPICS = [
	"react",
	"hooks",
	"typescript",
	"firebase",
	"firestore",
	"rules",
	"offline",
	"cache",
	"service",
	"worker",
	"extension",
	"manifest",
	"permissions",
	"clipboard",
	"performance",
	"latency",
	"index",
	"query",
	"search",
	"sort",
	"filter",
	"paging",
	"design",
	"system",
	"pattern",
	"testing",
	"vitest",
	"playwright",
	"browser",
	"chrome",
	"firefox",
	"release",
	"notes",
	"roadmap",
	"budget",
	"invoice",
	"meeting",
	"agenda",
	"minutes",
	"recipe",
	"pasta",
	"garden",
	"holiday",
	"flights",
	"hotel",
	"museum",
	"concert",
	"tickets",
	"football",
	"running",
	"marathon",
	"podcast",
	"episode",
	"interview",
	"paper",
	"thesis",
	"dataset",
	"model",
	"training",
	"Straße",
	"Bücher",
	"Größe",
	"café",
	"crème",
	"résumé",
	"naïve",
	"Ärger",
	"déjà",
	"Müller",
	"Zürich",
	"São",
];
const FORMS = [
	(a: string, b: string, c: string) => `How to ${a} ${b} with ${c}`,
	(a: string, b: string) => `${cap(a)} ${b}: a practical guide`,
	(a: string, b: string, c: string) => `${cap(a)} and ${b} in ${c} (part ${a.length})`,
	(a: string, b: string) => `Why ${a} beats ${b}`,
	(a: string, b: string, c: string) => `${cap(a)} ${b} ${c} – notes`,
	(a: string) => `${cap(a)}`,
	(a: string, b: string) => `Re: ${a} ${b} follow-up`,
];
const SITES = [
	"github.com",
	"gitlab.com",
	"stackoverflow.com",
	"developer.mozilla.org",
	"react.dev",
	"firebase.google.com",
	"news.ycombinator.com",
	"www.youtube.com",
	"docs.google.com",
	"en.wikipedia.org",
	"de.wikipedia.org",
	"www.nytimes.com",
	"medium.com",
	"dev.to",
	"www.reddit.com",
	"www.amazon.de",
	"www.spiegel.de",
	"lemonde.fr",
];
const TAGS = ["work", "reading", "Recipes", "travel", "2026", "Q3", "research", "to read", "shopping", "kids"];
/** The word only about one link in a thousand holds, for the bench's rare-word search. */
export const RARE_WORD = "zanzibar";

/** A topic as a host name or an alias can hold it: "Zürich" is "zurich". */
function slug(word: string): string {
	return word
		.toLowerCase()
		.normalize("NFKD")
		.replace(/[^a-z]/g, "");
}

function cap(word: string): string {
	return word.charAt(0).toUpperCase() + word.slice(1);
}

/** mulberry32: small, fast, and good enough to spread made-up links. */
function seeded(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

export function generateLinks(count: number, seed = 20_261_124): Link[] {
	const random = seeded(seed);
	const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
	const links: Link[] = [];
	const start = Date.UTC(2020, 0, 1);
	for (let i = 0; i < count; i++) {
		const site = random() < 0.7 ? pick(SITES) : `${slug(pick(TOPICS))}${i % 300}.example.com`;
		const words = [pick(TOPICS), pick(TOPICS), pick(TOPICS)];
		if (random() < 0.001) words[1] = RARE_WORD;
		const title = random() < 0.05 ? "" : pick(FORMS)(words[0] ?? "", words[1] ?? "", words[2] ?? "");
		const path = `/${encodeURIComponent(pick(TOPICS))}/${Math.floor(random() * 1e6).toString(36)}`;
		const query =
			random() < 0.4 ? `?q=${encodeURIComponent(`${pick(TOPICS)} ${pick(TOPICS)}`)}&utm_source=newsletter` : "";
		const custom = random() < 0.1;
		const code = custom ? `${slug(pick(TOPICS))}-${i}` : `g${i.toString(36).padStart(6, "0")}`;
		const createdAt = start + Math.floor(random() * 6 * 365 * 86_400_000);
		const tagCount = random() < 0.33 ? 1 + Math.floor(random() * 3) : 0;
		const tags = [...new Set(Array.from({ length: tagCount }, () => pick(TAGS)))];
		links.push({
			code,
			url: `https://${site}${path}${query}`,
			host: site,
			title,
			shortUrl: `https://sho.rt/${code}`,
			createdAt,
			updatedAt: createdAt,
			custom,
			...(tags.length > 0 && { tags }),
		});
	}
	return links;
}

/** Click totals as the options page would hold them: most links known, a few with many clicks. */
export function generateClicks(links: readonly Link[], seed = 7): Map<string, number> {
	const random = seeded(seed);
	const clicks = new Map<string, number>();
	for (const link of links) {
		if (random() < 0.8) clicks.set(link.code, Math.floor(random() ** 4 * 500));
	}
	return clicks;
}
