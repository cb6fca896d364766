/**
 * Settles once this document has focus, or after `limitMs` without it. The clipboard refuses a document
 * that has none, and the popup has it only once its document has loaded (a copy from a first render run
 * with the page's script was refused): a link known by the page's first render (an address shortened
 * before) can be ready to copy a moment sooner. Past the limit the copy is tried anyway, and its refusal
 * shown, rather than waited for in silence.
 */
export function documentFocus(limitMs: number): Promise<void> {
	if (document.hasFocus()) return Promise.resolve();
	return new Promise((settle) => {
		const focused = () => {
			clearTimeout(timer);
			window.removeEventListener("focus", focused);
			settle();
		};
		const timer = setTimeout(focused, limitMs);
		window.addEventListener("focus", focused);
	});
}
