/**
 * Settles once the browser has painted the frame under way: an animation frame runs just before the
 * paint, and a task queued from it runs after. For work a view starts on mount that must not stand
 * between its first frame and the screen: React runs a mount's effects before the paint whenever they
 * are ready first. Never settles while the document is hidden, which paints nothing: nobody waits there.
 */
export function afterNextPaint(): Promise<void> {
	return new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
}
