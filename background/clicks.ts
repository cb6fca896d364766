/** The click-count messages: check what the store cannot know (how many links, which window), find the user, ask the store. */
import type { Auth } from "firebase/auth/web-extension";
import { ShortyError } from "../src/errors";
import type { ClickStore } from "../src/links/clickStore";
import { ANALYTICS_WINDOWS, type AnalyticsWindow } from "../src/links/dayCounts";
import { DELETE_LIMIT } from "../src/links/store";
import type { Handlers } from "../src/messages";
import { requireUser } from "./accounts";

/** The most links one request may ask totals for: a page of the table at its largest. */
const TOTALS_LIMIT = DELETE_LIMIT;

function windowOf(days: number): AnalyticsWindow {
	if (!(ANALYTICS_WINDOWS as readonly number[]).includes(days)) {
		throw new ShortyError("invalid-request", `days must be one of ${ANALYTICS_WINDOWS.join(", ")}`);
	}
	return days as AnalyticsWindow;
}

export function clickHandlers(
	auth: () => Auth,
	clicks: () => ClickStore,
): Pick<Handlers, "clickTotals" | "linkAnalytics"> {
	return {
		async clickTotals({ codes }) {
			if (codes.length > TOTALS_LIMIT) {
				throw new ShortyError("invalid-request", `at most ${TOTALS_LIMIT} links at a time`);
			}
			await requireUser(auth());
			return { totals: await clicks().totals(codes) };
		},
		async linkAnalytics({ code, days }) {
			const window = windowOf(days);
			await requireUser(auth());
			return clicks().analytics(code, window);
		},
	};
}
