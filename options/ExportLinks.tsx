import { useEffect, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { errorText } from "../src/i18n/errorText";
import { t, tPlural } from "../src/i18n/translate";
import { useBackground } from "../src/ui/BackgroundContext";
import { useOptionsEnvironment } from "./environment";
import { type ExportProgress, exportLinksCsv } from "./exportCsv";

type ExportState =
	| { status: "idle" }
	| { status: "running"; progress: ExportProgress | null }
	| { status: "done"; count: number; name: string }
	| { status: "cancelled" }
	| { status: "failed"; error: AppError };

function statusText(state: ExportState): string {
	switch (state.status) {
		case "idle":
			return "";
		case "running":
			return t("exporting");
		case "done":
			return tPlural("exportDone", state.count, { name: state.name, count: state.count });
		case "cancelled":
			return t("exportCancelled");
		case "failed":
			return t("exportStopped", { error: errorText(state.error) });
	}
}

/** Named after the user's own day, not UTC's: an evening's export in the Americas is not tomorrow's. */
function fileName(now: Date): string {
	const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, "0"));
	return `shorty-links-${day.join("-")}.csv`;
}

/**
 * Export CSV: every link, with a progress bar and Cancel while the pages arrive. `prepare` runs first (the
 * list sends a delete still waiting for its undo toast, so the file never holds a link the user deleted).
 */
export function ExportLinks({ prepare }: { prepare: () => Promise<void> }) {
	const call = useBackground();
	const { saveFile } = useOptionsEnvironment();
	const [state, setState] = useState<ExportState>({ status: "idle" });
	const running = useRef<AbortController | null>(null);
	// The list goes when another user signs in (LinksArea keys it by user): an export under way stops with it,
	// rather than save a file of one user's links and the next's, after its button has gone.
	useEffect(() => () => running.current?.abort(), []);

	async function start() {
		const controller = new AbortController();
		running.current = controller;
		setState({ status: "running", progress: null });
		await prepare();
		const result = await exportLinksCsv(
			call,
			(progress) => {
				if (!controller.signal.aborted) setState({ status: "running", progress });
			},
			controller.signal,
		);
		// Cancel has said so already, and a newer export may be running.
		if (controller.signal.aborted) return;
		running.current = null;
		if (result.status === "done") {
			const name = fileName(new Date());
			saveFile(result.csv, name);
			setState({ status: "done", count: result.count, name });
		} else {
			setState(result);
		}
	}

	function cancel() {
		running.current?.abort();
		running.current = null;
		setState({ status: "cancelled" });
	}

	const progress = state.status === "running" ? state.progress : null;
	return (
		<div className="export">
			{/* One button that turns into Cancel, so keyboard focus stays put as the export starts and ends. */}
			<button type="button" className="secondary-button" onClick={() => (running.current ? cancel() : void start())}>
				{state.status === "running" ? t("cancelExport") : t("exportCsv")}
			</button>
			{state.status === "running" && (
				<>
					<progress
						aria-label={t("exportingLinks")}
						value={progress?.done ?? 0}
						max={Math.max(progress?.total ?? 1, 1)}
					/>
					<span className="export__count">
						{progress
							? tPlural("exportedOf", progress.total, { done: progress.done, total: progress.total })
							: t("startingExport")}
					</span>
				</>
			)}
			{/* Announces the start and the end only; the bar and its count show the way between. */}
			<p
				role="status"
				className={`export__status${state.status === "failed" ? " export__status--error" : ""}${state.status === "running" ? " visually-hidden" : ""}`}
			>
				{statusText(state)}
			</p>
		</div>
	);
}
