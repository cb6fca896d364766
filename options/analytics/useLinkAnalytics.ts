import { useCallback, useEffect, useState } from "react";
import type { AppError } from "../../src/errors";
import type { AnalyticsWindow, LinkAnalytics } from "../../src/links/dayCounts";
import { useBackground } from "../../src/ui/BackgroundContext";

export type AnalyticsState =
	| { status: "loading"; shown: LinkAnalytics | null }
	| { status: "ready"; shown: LinkAnalytics }
	| { status: "failed"; error: AppError; shown: LinkAnalytics | null };

/** A link's analytics over `window` days, asked again when the window changes or on `retry`. */
export function useLinkAnalytics(code: string, window: AnalyticsWindow) {
	const call = useBackground();
	const [state, setState] = useState<AnalyticsState>({ status: "loading", shown: null });
	const [attempt, setAttempt] = useState(0);

	// biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger of a retry.
	useEffect(() => {
		let current = true;
		setState((was) => ({ status: "loading", shown: was.shown }));
		void call({ type: "linkAnalytics", code, days: window }).then((reply) => {
			if (!current) return;
			setState((was) =>
				reply.ok ? { status: "ready", shown: reply.data } : { status: "failed", error: reply.error, shown: was.shown },
			);
		});
		return () => {
			current = false;
		};
	}, [call, code, window, attempt]);

	const retry = useCallback(() => setAttempt((count) => count + 1), []);
	return { state, retry };
}
