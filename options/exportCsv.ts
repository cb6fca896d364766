/**
 * Every link as CSV, fetched a page of 100 at a time through the background, so 10,000 links never sit
 * in one request and the page stays responsive between pages. Each page's click totals come from the
 * worker's copy of the links (no request per link). papaparse is loaded only when someone
 * exports, and escapes cells that a spreadsheet would run as a formula (=, +, -, @ ...: CSV injection,
 * since titles come from the pages people shortened).
 */

import { type AppError, appError } from "../src/errors";
import type { Link, LinkPage } from "../src/links/types";
import type { BackgroundCall, Reply } from "../src/messages";

const EXPORT_PAGE_SIZE = 100;
const HEADER = ["code", "short URL", "target", "title", "tags", "created", "clicks"];
/** Between a link's tags in their one cell: a tag may hold a space but never a comma (TAG_CHARACTERS). */
const TAGS_JOINED_WITH = ", ";

export interface ExportProgress {
	done: number;
	total: number;
}

export type ExportResult =
	| { status: "done"; csv: Blob; count: number }
	| { status: "cancelled" }
	| { status: "failed"; error: AppError };

/** A link with its click total; a link deleted between the page and its totals has none. */
function row(link: Link, clicks: number | undefined): Array<string | number> {
	const tags = (link.tags ?? []).join(TAGS_JOINED_WITH);
	return [link.code, link.shortUrl, link.url, link.title, tags, new Date(link.createdAt).toISOString(), clicks ?? ""];
}

export async function exportLinksCsv(
	call: BackgroundCall,
	onProgress: (progress: ExportProgress) => void,
	signal: AbortSignal,
): Promise<ExportResult> {
	let unparse: typeof import("papaparse").unparse;
	try {
		// A CommonJS module: its exports arrive as the default, in the build and under Node alike.
		({ unparse } = (await import("papaparse")).default);
	} catch (error) {
		return { status: "failed", error: appError("internal", `the CSV writer did not load: ${String(error)}`) };
	}
	const format = (rows: Array<Array<string | number>>) => unparse(rows, { escapeFormulae: true, newline: "\r\n" });
	const parts = [format([HEADER])];
	// The totals come from the worker's copy of the links: brought up to date once, so a link made or
	// followed since its last sync is counted.
	const synced = await call({ type: "syncLinks" });
	if (signal.aborted) return { status: "cancelled" };
	if (!synced.ok) return { status: "failed", error: synced.error };
	let after: string | null = null;
	let done = 0;
	do {
		if (signal.aborted) return { status: "cancelled" };
		const reply: Reply<"listLinks"> = await call<"listLinks">({
			type: "listLinks",
			pageSize: EXPORT_PAGE_SIZE,
			...(after ? { after } : {}),
		});
		if (signal.aborted) return { status: "cancelled" };
		if (!reply.ok) return { status: "failed", error: reply.error };
		const { links, next, total }: LinkPage = reply.data;
		if (links.length > 0) {
			const totals = await call({ type: "clickTotals", codes: links.map((link) => link.code) });
			if (signal.aborted) return { status: "cancelled" };
			if (!totals.ok) return { status: "failed", error: totals.error };
			parts.push(format(links.map((link) => row(link, totals.data.totals[link.code]))));
		}
		done += links.length;
		onProgress({ done, total: Math.max(total, done) });
		after = next;
	} while (after);
	return {
		status: "done",
		csv: new Blob([`${parts.join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" }),
		count: done,
	};
}
