import { useCallback, useEffect, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import type { LinkPage } from "../src/links/types";
import type { BackgroundCall, Reply } from "../src/messages";
import { useBackground } from "../src/ui/BackgroundContext";
import type { ListView } from "./listView";

/** A page of links and the view it answers, which says where it lies ("26-50"). */
export interface ShownPage {
	page: LinkPage;
	view: ListView;
}

/** While the next page loads, or after it failed, the last page stays on screen so the table does not jump. */
export type PageState =
	| { status: "loading"; shown: ShownPage | null }
	| { status: "ready"; shown: ShownPage }
	| { status: "failed"; error: AppError; shown: ShownPage | null; asked: ListView };

export function fetchPage(call: BackgroundCall, view: ListView): Promise<Reply<"listLinks">> {
	const cursor = {
		pageSize: view.pageSize,
		...(view.after === undefined ? {} : { after: view.after }),
		...(view.before === undefined ? {} : { before: view.before }),
	};
	return view.term.trim() === ""
		? call<"listLinks">({ type: "listLinks", ...cursor })
		: call<"searchLinks">({ type: "searchLinks", term: view.term, ...cursor });
}

/**
 * The page of links `view` names, fetched through the background whenever the view changes or `reload`
 * is called. Answers to requests that were overtaken are dropped, so a slow old page never
 * replaces a newer one.
 */
export function useLinkPage(view: ListView) {
	const call = useBackground();
	const [state, setState] = useState<PageState>({ status: "loading", shown: null });
	const [reloads, setReloads] = useState(0);
	const latest = useRef(0);

	// biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` is the trigger of a reload, which refetches the same view.
	useEffect(() => {
		const request = ++latest.current;
		setState((was) => ({ status: "loading", shown: was.shown }));
		void fetchPage(call, view).then((reply) => {
			if (request !== latest.current) return;
			setState((was) =>
				reply.ok
					? { status: "ready", shown: { page: reply.data, view } }
					: { status: "failed", error: reply.error, shown: was.shown, asked: view },
			);
		});
	}, [call, view, reloads]);

	const reload = useCallback(() => setReloads((count) => count + 1), []);
	/** Changes links on screen without a round trip, e.g. after an edit the background confirmed. */
	const patch = useCallback((change: (page: LinkPage) => LinkPage) => {
		setState((was) =>
			was.status === "ready" ? { status: "ready", shown: { ...was.shown, page: change(was.shown.page) } } : was,
		);
	}, []);
	return { state, reload, patch };
}
