import { useCallback, useEffect, useMemo, useState } from "react";
import { type AppError, appError } from "../src/errors";
import type { Link } from "../src/links/types";
import { checkUrl } from "../src/links/urls";
import { useBackground } from "../src/ui/BackgroundContext";
import { type ActiveTab, usePopupEnvironment } from "./environment";
import { withTimeout } from "./withTimeout";

/** Past this, a waiting popup says so and offers a retry instead of a skeleton that never ends. */
export const SHORTEN_TIMEOUT_MS = 10_000;

export type ShortLinkState =
	| { kind: "waiting" }
	| { kind: "restricted"; error: AppError }
	| { kind: "ready"; link: Link }
	| { kind: "failed"; message: string };

type PageToShorten = { ok: true; url: string; title: string } | { ok: false; error: AppError };

/** Checked here, before any request, so a page that cannot be shortened costs no round trip. */
function pageToShorten(tab: ActiveTab, shortLinkBase: string): PageToShorten {
	if (tab.url === undefined) return { ok: false, error: appError("restricted-page") };
	const checked = checkUrl(tab.url, shortLinkBase);
	return checked.ok ? { ok: true, url: checked.value.url, title: tab.title } : checked;
}

/**
 * Shortens `tab` (null while it is still being read) once, and again on each retry. A retry is safe to
 * send after a timeout: the background returns the existing link for an address it already shortened.
 */
export function useShortLink(tab: ActiveTab | null): { state: ShortLinkState; retry: () => void } {
	const call = useBackground();
	const { shortLinkBase } = usePopupEnvironment();
	const page = useMemo(() => tab && pageToShorten(tab, shortLinkBase), [tab, shortLinkBase]);
	const [attempt, setAttempt] = useState(0);
	// Tagged with its attempt, so a retry shows the skeleton at once and a late answer to an old attempt is ignored.
	const [outcome, setOutcome] = useState<{ attempt: number; state: ShortLinkState } | null>(null);

	useEffect(() => {
		if (!page?.ok) return;
		let current = true;
		const { url, title } = page;
		void withTimeout(call<"shorten">({ type: "shorten", url, ...(title ? { title } : {}) }), SHORTEN_TIMEOUT_MS).then(
			(reply) => {
				if (!current) return;
				const state: ShortLinkState = reply.ok
					? { kind: "ready", link: reply.data }
					: { kind: "failed", message: reply.error.message };
				setOutcome({ attempt, state });
			},
		);
		return () => {
			current = false;
		};
	}, [call, page, attempt]);

	const retry = useCallback(() => setAttempt((previous) => previous + 1), []);

	let state: ShortLinkState = { kind: "waiting" };
	if (page && !page.ok) state = { kind: "restricted", error: page.error };
	else if (outcome?.attempt === attempt) state = outcome.state;
	return { state, retry };
}
