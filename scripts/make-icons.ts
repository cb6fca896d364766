// Draws the toolbar and store icons (public/icons/{16,32,48,128}.png): a white chain link on an indigo
// tile. Shapes are signed distance functions so every size is anti-aliased from the same description;
// the PNG encoder (scripts/png.ts) is a few lines of zlib, so regenerating needs no image library.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodePng } from "./png";

const SIZES = [16, 32, 48, 128];
const outDir = join(import.meta.dirname, "..", "public", "icons");

/** Signed distance (in 128-unit design space) to a rounded square covering the canvas. */
function tile(x: number, y: number): number {
	const half = 64;
	const radius = 28;
	const qx = Math.abs(x - half) - (half - radius);
	const qy = Math.abs(y - half) - (half - radius);
	return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/** Signed distance to one ring of the chain: a stadium outline centred at (cu, 0) on the link's axis. */
function ring(u: number, v: number, cu: number, stroke: number): number {
	const halfLength = 10;
	const radius = 15;
	const du = Math.max(Math.abs(u - cu) - halfLength, 0);
	return Math.abs(Math.hypot(du, v) - radius) - stroke / 2;
}

function link(x: number, y: number, stroke: number): number {
	// The link runs along the rising diagonal through the tile's centre.
	const u = (x - 64 + (64 - y)) / Math.SQRT2;
	const v = (x - 64 - (64 - y)) / Math.SQRT2;
	return Math.min(ring(u, v, -19, stroke), ring(u, v, 19, stroke));
}

function drawIcon(size: number): Buffer {
	const scale = 128 / size;
	// Keep strokes at least 1.7 px wide so the 16 px toolbar icon stays legible.
	const stroke = Math.max(11, 1.7 * scale);
	const pixels = Buffer.alloc(size * size * 4);
	// A pixel is covered by the part of its width that lies inside the shape.
	const coverage = (distance: number) => Math.min(Math.max(0.5 - distance / scale, 0), 1);
	for (let py = 0; py < size; py++) {
		for (let px = 0; px < size; px++) {
			const x = (px + 0.5) * scale;
			const y = (py + 0.5) * scale;
			const tileAlpha = coverage(tile(x, y));
			const white = coverage(link(x, y, stroke));
			// Indigo, a little lighter at the top.
			const shade = y / 128;
			const i = (py * size + px) * 4;
			[99 - 32 * shade, 102 - 46 * shade, 241 - 39 * shade].forEach((channel, c) => {
				pixels[i + c] = Math.round(channel + (255 - channel) * white);
			});
			pixels[i + 3] = Math.round(255 * tileAlpha);
		}
	}
	return encodePng({ width: size, height: size, channels: 4, pixels });
}

mkdirSync(outDir, { recursive: true });
for (const size of SIZES) {
	writeFileSync(join(outDir, `${size}.png`), drawIcon(size));
	console.log(`public/icons/${size}.png`);
}
