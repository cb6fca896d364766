/**
 * jsdom lays nothing out, so nothing in it ever changes size: a ResizeObserver that never reports is what
 * a browser's would do there. The pages observe sizes (options/LinkTagChips.tsx), and jsdom has none.
 */
globalThis.ResizeObserver ??= class {
	observe() {}
	unobserve() {}
	disconnect() {}
};
