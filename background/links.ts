/** The link messages: validate what the domain cannot know (page sizes), find the user, call the store. */
import type { Auth } from "firebase/auth/web-extension";
import { ShortyError } from "../src/errors";
import type { LinkStore } from "../src/links/store";
import { PAGE_SIZES, type PageSize } from "../src/links/types";
import type { Handlers } from "../src/messages";
import { requireUser, userOrAnonymous } from "./accounts";

function pageSizeOf(value: number): PageSize {
	if (!(PAGE_SIZES as readonly number[]).includes(value)) {
		throw new ShortyError("invalid-request", `rows per page must be one of ${PAGE_SIZES.join(", ")}`);
	}
	return value as PageSize;
}

export function linkHandlers(
	auth: () => Auth,
	store: () => LinkStore,
): Pick<Handlers, "shorten" | "getLink" | "listLinks" | "updateLink" | "deleteLink"> {
	return {
		async shorten({ url, title, alias }) {
			const user = await userOrAnonymous(auth());
			return store().shorten(user.uid, {
				url,
				...(title === undefined ? {} : { title }),
				...(alias === undefined ? {} : { alias }),
			});
		},
		async getLink({ code }) {
			await requireUser(auth());
			return store().get(code);
		},
		async listLinks({ pageSize, after, before }) {
			if (after !== undefined && before !== undefined) {
				throw new ShortyError("invalid-request", "ask for the page after a cursor or before one, not both");
			}
			const user = await requireUser(auth());
			return store().listPage(user.uid, {
				pageSize: pageSizeOf(pageSize),
				...(after === undefined ? {} : { after }),
				...(before === undefined ? {} : { before }),
			});
		},
		async updateLink({ code, url }) {
			await requireUser(auth());
			return store().updateTarget(code, url);
		},
		async deleteLink({ code }) {
			await requireUser(auth());
			await store().remove(code);
			return { code };
		},
	};
}
