import { useEffect, useRef } from "react";
import { useBackground } from "../src/ui/BackgroundContext";

/**
 * Asks the worker to fetch what changed in the user's links (made, edited or deleted in another browser)
 * when the page opens and whenever the reader comes back to it: the tab shown again or the window
 * focused. The worker announces what a sync brings (links-changed), which reloads the table; `onSynced`
 * hears of each sync's end too, which a first sync that brought nothing announces no other way.
 *
 * Coming back fires focus and visibilitychange together, so one sync at a time is sent: a return while
 * one is under way asks for a single further one after it, since the first may have missed the change.
 */
export function useSyncOnReturn(onSynced: () => void): void {
	const call = useBackground();
	const synced = useRef(onSynced);
	synced.current = onSynced;

	useEffect(() => {
		let running = false;
		let again = false;
		const sync = async () => {
			if (document.visibilityState === "hidden") return;
			if (running) {
				again = true;
				return;
			}
			running = true;
			do {
				again = false;
				await call({ type: "syncLinks" });
				synced.current();
			} while (again);
			running = false;
		};
		const onReturn = () => void sync();
		onReturn();
		window.addEventListener("focus", onReturn);
		document.addEventListener("visibilitychange", onReturn);
		return () => {
			window.removeEventListener("focus", onReturn);
			document.removeEventListener("visibilitychange", onReturn);
		};
	}, [call]);
}
