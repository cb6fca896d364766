import { describe, expect, it } from "vitest";
import { decodePng, encodePng, type Image, optimisePng } from "../../../scripts/png";

/** A small interface-like picture: flat areas and a one-pixel line, with the given alpha. */
function picture(alpha: (x: number, y: number) => number): Image {
	const width = 40;
	const height = 30;
	const pixels = Buffer.alloc(width * height * 4);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const i = (y * width + x) * 4;
			pixels.set(y === 10 ? [79, 70, 229] : x < 20 ? [250, 250, 249] : [28, 25, 23], i);
			pixels[i + 3] = alpha(x, y);
		}
	}
	return { width, height, channels: 4, pixels };
}

describe("optimisePng, which the store screenshots go through", () => {
	it("drops the alpha channel the stores refuse when every pixel is opaque, keeping every colour", () => {
		const image = picture(() => 255);
		const optimised = decodePng(optimisePng(encodePng(image)));
		expect(optimised.channels).toBe(3);
		const rgb = Buffer.alloc(image.width * image.height * 3);
		for (let p = 0; p < image.width * image.height; p++) image.pixels.copy(rgb, p * 3, p * 4, p * 4 + 3);
		expect(optimised.pixels.equals(rgb)).toBe(true);
	});

	it("keeps transparency where there is some", () => {
		const image = picture((x) => (x === 0 ? 0 : 255));
		const optimised = decodePng(optimisePng(encodePng(image)));
		expect(optimised.channels).toBe(4);
		expect(optimised.pixels.equals(image.pixels)).toBe(true);
	});
});
