/** The link messages: validate what the domain cannot know (page sizes), find the user, call the store. */
import type { Auth } from "firebase/auth/web-extension";
import { ShortyError } from "../src/errors";
import { aliasCandidates } from "../src/links/aliasSuggestions";
import { checkAlias } from "../src/links/codes";
import { readSearchTerm } from "../src/links/search";
import type { LinkStore, PageRequest } from "../src/links/store";
import { PAGE_SIZES, type PageSize } from "../src/links/types";
import type { Handlers } from "../src/messages";
import { requireUser, type SignOutMemory, userOrAnonymous } from "./accounts";

interface PageAsked {
	pageSize: number;
	after?: string;
	before?: string;
}

/** The page a listLinks or searchLinks request asks for, checked. */
function pageOf({ pageSize, after, before }: PageAsked): PageRequest {
	if (after !== undefined && before !== undefined) {
		throw new ShortyError("invalid-request", "ask for the page after a cursor or before one, not both");
	}
	return {
		pageSize: pageSizeOf(pageSize),
		...(after === undefined ? {} : { after }),
		...(before === undefined ? {} : { before }),
	};
}

function pageSizeOf(value: number): PageSize {
	if (!(PAGE_SIZES as readonly number[]).includes(value)) {
		throw new ShortyError("invalid-request", `rows per page must be one of ${PAGE_SIZES.join(", ")}`);
	}
	return value as PageSize;
}

/** How many free aliases to offer for a taken one: a choice, not a list to read through. */
const SUGGESTED_ALIASES = 3;

export function linkHandlers(
	auth: () => Auth,
	store: () => LinkStore,
	memory: SignOutMemory,
): Pick<
	Handlers,
	"shorten" | "suggestAliases" | "getLink" | "listLinks" | "searchLinks" | "updateLink" | "deleteLinks"
> {
	return {
		async shorten({ url, title, alias, allowAnonymous }) {
			const { user, newAccount } = await userOrAnonymous(auth(), memory, allowAnonymous);
			return store().shorten(user.uid, {
				url,
				...(title === undefined ? {} : { title }),
				...(alias === undefined ? {} : { alias }),
				anonymous: user.isAnonymous,
				newAccount,
			});
		},
		async suggestAliases({ alias, url, title }) {
			const checked = checkAlias(alias);
			if (!checked.ok) throw ShortyError.from(checked.error);
			const candidates = aliasCandidates(checked.value, { url, ...(title === undefined ? {} : { title }) });
			return { aliases: (await store().freeAmong(candidates)).slice(0, SUGGESTED_ALIASES) };
		},
		async getLink({ code }) {
			await requireUser(auth());
			return store().get(code);
		},
		async listLinks(request) {
			const user = await requireUser(auth());
			return store().listPage(user.uid, pageOf(request));
		},
		async searchLinks(request) {
			const page = pageOf(request);
			const user = await requireUser(auth());
			const term = readSearchTerm(request.term);
			switch (term.kind) {
				case "all":
					return store().listPage(user.uid, page);
				case "host":
					return store().listPage(user.uid, { ...page, host: term.host });
				case "code":
					return store().listPage(user.uid, { ...page, codePrefix: term.prefix });
				case "nothing":
					return { links: [], total: 0, next: null, previous: null };
			}
		},
		async updateLink({ code, url }) {
			await requireUser(auth());
			return store().updateTarget(code, url);
		},
		async deleteLinks({ codes }) {
			const user = await requireUser(auth());
			return { codes: await store().removeMany(user.uid, codes) };
		},
	};
}
