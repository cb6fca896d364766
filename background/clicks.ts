/** A link's analytics: check the window the store cannot know, find the user, ask the store. */
import type { Auth } from "firebase/auth/web-extension";
import { ShortyError } from "../src/errors";
import type { ClickStore } from "../src/links/clickStore";
import { ANALYTICS_WINDOWS, type AnalyticsWindow } from "../src/links/dayCounts";
import type { Handlers } from "../src/messages";
import { requireUser } from "./accounts";

function windowOf(days: number): AnalyticsWindow {
	if (!(ANALYTICS_WINDOWS as readonly number[]).includes(days)) {
		throw new ShortyError("invalid-request", `days must be one of ${ANALYTICS_WINDOWS.join(", ")}`);
	}
	return days as AnalyticsWindow;
}

export function clickHandlers(auth: () => Auth, clicks: () => ClickStore): Pick<Handlers, "linkAnalytics"> {
	return {
		async linkAnalytics({ code, days }) {
			const window = windowOf(days);
			await requireUser(auth());
			return clicks().analytics(code, window);
		},
	};
}
