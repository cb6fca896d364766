import { cleanup } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { findLink, renderPopup } from "./renderPopup";

/** How many times the QR code's chunk was fetched: its module, run once when first imported. */
const qrCode = vi.hoisted(() => ({ loads: 0 }));
vi.mock("../../../popup/QrCode", async (original) => {
	qrCode.loads += 1;
	return original();
});

afterEach(() => {
	cleanup();
	vi.unstubAllGlobals();
});

// The link is what the popup is opened for: the encoder's fetch waits until the link's first frame is painted.
it("fetches the QR code's chunk only once the link has been painted", async () => {
	const frames: FrameRequestCallback[] = [];
	vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
	renderPopup({ tab: { url: "https://example.com/news/article?id=7", title: "An article" } });
	await findLink("https://sho.rt/aB3dE5g");
	await new Promise((settle) => setTimeout(settle, 50));
	expect(qrCode.loads).toBe(0);

	for (const frame of frames.splice(0)) frame(performance.now());
	await vi.waitFor(() => expect(qrCode.loads).toBe(1));
});
