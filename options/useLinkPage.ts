import { useCallback, useEffect, useState } from "react";
import type { AppError } from "../src/errors";
import type { FoundLinks } from "../src/messages";
import { useBackground } from "../src/ui/BackgroundContext";
import type { ListView } from "./listView";

/**
 * A page of links and the view it answers, which says where it lies ("26-50"). Its page number is the
 * one the worker answered with: past the end, that is the last page's.
 */
export interface ShownPage {
	found: FoundLinks;
	view: ListView;
	/** The view that was asked for (the same object), to tell an answer to this view from one to the last. */
	asked: ListView;
}

/** While the next page loads, or after it failed, the last page stays on screen so the table does not jump. */
export type PageState =
	| { status: "loading"; shown: ShownPage | null }
	| { status: "ready"; shown: ShownPage }
	| { status: "failed"; error: AppError; shown: ShownPage | null };

/**
 * The page of links `view` names, looked up in the worker's copy whenever the view changes or `reload`
 * is called. Answers to requests that were overtaken are dropped, so a slow old page never replaces a
 * newer one; so are those that arrive after the table is gone.
 */
export function useLinkPage(view: ListView) {
	const call = useBackground();
	const [state, setState] = useState<PageState>({ status: "loading", shown: null });
	const [reloads, setReloads] = useState(0);

	// biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` is the trigger of a reload, which asks for the same view again.
	useEffect(() => {
		// Cleared by the next view's request, or when the table goes.
		let current = true;
		setState((was) => ({ status: "loading", shown: was.shown }));
		const { term, sort, filter, tag, pageSize, page } = view;
		// Asked only when chosen, so a request for every tag reads as it did before tags.
		const tagged = tag === "" ? {} : { tag };
		void call({ type: "searchLinks", term, sort, filter, ...tagged, pageSize, page }).then((reply) => {
			if (!current) return;
			setState((was) =>
				reply.ok
					? { status: "ready", shown: { found: reply.data, view: { ...view, page: reply.data.page }, asked: view } }
					: { status: "failed", error: reply.error, shown: was.shown },
			);
		});
		return () => {
			current = false;
		};
	}, [call, view, reloads]);

	const reload = useCallback(() => setReloads((count) => count + 1), []);
	/** Changes links on screen without a round trip, e.g. after an edit the background confirmed. */
	const patch = useCallback((change: (found: FoundLinks) => FoundLinks) => {
		setState((was) =>
			was.status === "ready" ? { status: "ready", shown: { ...was.shown, found: change(was.shown.found) } } : was,
		);
	}, []);
	return { state, reload, patch };
}
