import qrcode from "qrcode-generator";
import { useMemo, useState } from "react";
import { t } from "../src/i18n/translate";
import type { Link } from "../src/links/types";

/** The blank margin scanners need around the code, in modules (the QR specification asks for four). */
const QUIET_ZONE = 4;
/** Pixels per module in the PNG: about 300 px for a short link, sharp enough to print. */
const PNG_SCALE = 8;

/** Which modules of `text`'s QR code are dark, row by row. Medium error correction survives a smudge. */
function qrModules(text: string): boolean[][] {
	const qr = qrcode(0, "M");
	qr.addData(text);
	qr.make();
	const size = qr.getModuleCount();
	return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => qr.isDark(row, column)));
}

function darkCells(modules: boolean[][]): Array<[row: number, column: number]> {
	return modules.flatMap((cells, row) =>
		cells.flatMap((dark, column) => (dark ? [[row, column] as [number, number]] : [])),
	);
}

/** Draws the modules on a canvas, black on white whatever the theme (scanners read dark on light). */
function pngDataUrl(modules: boolean[][]): string | null {
	const side = (modules.length + 2 * QUIET_ZONE) * PNG_SCALE;
	const canvas = document.createElement("canvas");
	canvas.width = side;
	canvas.height = side;
	const context = canvas.getContext("2d");
	if (!context) return null;
	context.fillStyle = "#ffffff";
	context.fillRect(0, 0, side, side);
	context.fillStyle = "#000000";
	for (const [row, column] of darkCells(modules)) {
		context.fillRect((column + QUIET_ZONE) * PNG_SCALE, (row + QUIET_ZONE) * PNG_SCALE, PNG_SCALE, PNG_SCALE);
	}
	return canvas.toDataURL("image/png");
}

/** The short link's QR code, drawn here from the link alone: nothing is fetched or loaded to make it. */
export function QrCode({ link }: { link: Link }) {
	const modules = useMemo(() => qrModules(link.shortUrl), [link.shortUrl]);
	const [failed, setFailed] = useState(false);
	const side = modules.length + 2 * QUIET_ZONE;
	const path = darkCells(modules)
		.map(([row, column]) => `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`)
		.join("");

	function download() {
		const url = pngDataUrl(modules);
		setFailed(url === null);
		if (url === null) return;
		const anchor = document.createElement("a");
		anchor.href = url;
		anchor.download = `shorty-${link.code}.png`;
		anchor.click();
	}

	return (
		<div className="qr-code">
			<svg
				className="qr-code__image"
				role="img"
				aria-label={t("qrCodeFor", { url: link.shortUrl })}
				viewBox={`0 0 ${side} ${side}`}
				shapeRendering="crispEdges"
			>
				<rect width={side} height={side} fill="#ffffff" />
				<path d={path} fill="#000000" />
			</svg>
			<div className="qr-code__actions">
				<button type="button" className="secondary-button" onClick={download}>
					{t("downloadPng")}
				</button>
				<p className="qr-code__status" role="status">
					{failed ? t("pngFailed") : ""}
				</p>
			</div>
		</div>
	);
}
