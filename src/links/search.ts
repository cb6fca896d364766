/**
 * What a search box term asks for. Codes and aliases never contain a dot and hosts always do, so a dot
 * decides: "example.com" (or a pasted address) finds links to that host, "launch" finds codes that
 * start with it. Pure, so the options page can show which kind of search it ran.
 */
export type SearchTerm =
	| { kind: "all" }
	| { kind: "host"; host: string }
	| { kind: "code"; prefix: string }
	/** Characters no code can hold: nothing can match, and no query is needed to know it. */
	| { kind: "nothing" };

export function readSearchTerm(input: string): SearchTerm {
	const term = input.trim();
	if (term === "") return { kind: "all" };
	if (term.includes(".")) {
		try {
			// Through the URL parser, so the host is spelled as stored: lower case, punycode, default port dropped.
			const { host } = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(term) ? term : `https://${term}`);
			return host === "" ? { kind: "nothing" } : { kind: "host", host };
		} catch {
			return { kind: "nothing" };
		}
	}
	// Firestore refuses a document id of the form __x__ even as a query bound, so such a prefix cannot be asked
	// for; it finds nothing rather than an error.
	if (/^__.*__$/.test(term)) return { kind: "nothing" };
	return /^[A-Za-z0-9_-]+$/.test(term) ? { kind: "code", prefix: term } : { kind: "nothing" };
}
