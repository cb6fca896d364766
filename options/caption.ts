import type { SearchTerm } from "../src/links/search";

/** What the table says it lists, which also names it for screen readers. */
export function captionFor(search: SearchTerm): string {
	switch (search.kind) {
		case "all":
			return "Your links, newest first";
		case "host":
			return `Links to ${search.host}, newest first`;
		case "code":
			return `Links whose code starts with “${search.prefix}”, in code order`;
		case "nothing":
			return "No code or site can contain those characters";
	}
}
