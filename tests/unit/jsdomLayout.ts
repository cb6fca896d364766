/**
 * jsdom lays nothing out: every size is 0 and none ever changes. The pages observe sizes
 * (options/LinkTagChips.tsx, which also measures as it mounts), so a ResizeObserver that reports nothing
 * is all jsdom needs to run them; a browser's would report only the same zeros.
 */
globalThis.ResizeObserver ??= class {
	observe() {}
	unobserve() {}
	disconnect() {}
};
