/**
 * PNG in a few lines of zlib, so drawing icons and screenshots needs no image library: an encoder for 8-bit
 * RGB or RGBA, a decoder for what Chromium and this encoder write (8-bit RGB or RGBA, not interlaced),
 * and `optimisePng`, which re-encodes a screenshot smaller without changing a pixel.
 */
import { crc32, deflateSync, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_TYPES = { 3: 2, 4: 6 } as const;

export interface Image {
	width: number;
	height: number;
	/** 3 (RGB) or 4 (RGBA) bytes a pixel. */
	channels: 3 | 4;
	/** Rows top to bottom, no padding. */
	pixels: Buffer;
}

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

/** The left, up and up-left neighbours' Paeth predictor (PNG spec, 9.4). */
function paeth(a: number, b: number, c: number): number {
	const p = a + b - c;
	const pa = Math.abs(p - a);
	const pb = Math.abs(p - b);
	const pc = Math.abs(p - c);
	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Byte `i` of `row` predicted by filter `type` (0 none, 1 sub, 2 up, 3 average, 4 Paeth). */
function predictor(type: number, row: Buffer, previous: Buffer, i: number, bpp: number): number {
	const left = i >= bpp ? (row[i - bpp] as number) : 0;
	const up = previous[i] as number;
	const upLeft = i >= bpp ? (previous[i - bpp] as number) : 0;
	switch (type) {
		case 0:
			return 0;
		case 1:
			return left;
		case 2:
			return up;
		case 3:
			return (left + up) >> 1;
		case 4:
			return paeth(left, up, upLeft);
		default:
			throw new Error(`PNG filter type ${type} does not exist`);
	}
}

/**
 * Every row unfiltered: for screenshots of interfaces (flat colours, sharp text) zlib's own matching then
 * does best, about a fifth smaller than Chromium's adaptively filtered PNGs of the same pixels.
 */
export function encodePng({ width, height, channels, pixels }: Image): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, COLOUR_TYPES[channels], 0, 0, 0], 8);
	const stride = width * channels;
	const rows = Buffer.alloc(height * (stride + 1));
	for (let y = 0; y < height; y++) pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
	return Buffer.concat([
		SIGNATURE,
		chunk("IHDR", header),
		chunk("IDAT", deflateSync(rows, { level: 9, memLevel: 9 })),
		chunk("IEND", Buffer.alloc(0)),
	]);
}

export function decodePng(png: Buffer): Image {
	if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error("Not a PNG");
	let at = 8;
	let header: Buffer | null = null;
	const data: Buffer[] = [];
	while (at < png.length) {
		const length = png.readUInt32BE(at);
		const type = png.toString("ascii", at + 4, at + 8);
		const body = png.subarray(at + 8, at + 8 + length);
		if (type === "IHDR") header = body;
		else if (type === "IDAT") data.push(body);
		at += 12 + length;
	}
	if (!header) throw new Error("PNG without a header");
	const width = header.readUInt32BE(0);
	const height = header.readUInt32BE(4);
	const [depth, colourType, , , interlace] = header.subarray(8);
	const channels = colourType === 2 ? 3 : colourType === 6 ? 4 : null;
	if (depth !== 8 || channels === null || interlace !== 0) {
		throw new Error(
			`Only 8-bit RGB or RGBA PNGs without interlacing are read (depth ${depth}, colour type ${colourType})`,
		);
	}
	const raw = inflateSync(Buffer.concat(data));
	const stride = width * channels;
	const pixels = Buffer.alloc(height * stride);
	let previous = Buffer.alloc(stride);
	for (let y = 0; y < height; y++) {
		const type = raw[y * (stride + 1)] as number;
		const row = pixels.subarray(y * stride, (y + 1) * stride);
		const filtered = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
		// Left to right: the predictor reads bytes of this row already restored.
		for (let i = 0; i < stride; i++) {
			row[i] = ((filtered[i] as number) + predictor(type, row, previous, i, channels)) & 0xff;
		}
		previous = row;
	}
	return { width, height, channels, pixels };
}

/**
 * The same pixels in a smaller file, never a larger one: RGB when every pixel is opaque (the stores refuse
 * screenshots with alpha), unfiltered, at zlib's highest level.
 */
export function optimisePng(png: Buffer): Buffer {
	const image = decodePng(png);
	let candidate = image;
	if (image.channels === 4) {
		const { width, height, pixels } = image;
		let opaque = true;
		for (let i = 3; i < pixels.length && opaque; i += 4) opaque = pixels[i] === 255;
		if (opaque) {
			const rgb = Buffer.alloc(width * height * 3);
			for (let p = 0; p < width * height; p++) pixels.copy(rgb, p * 3, p * 4, p * 4 + 3);
			candidate = { width, height, channels: 3, pixels: rgb };
		}
	}
	const encoded = encodePng(candidate);
	return encoded.length < png.length || candidate !== image ? encoded : png;
}
