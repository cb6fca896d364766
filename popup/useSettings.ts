import { useEffect, useState } from "react";
import type { Settings } from "../src/messages";
import { useBackground } from "../src/ui/BackgroundContext";

/**
 * What the popup does when settings cannot be read: the cautious choice of each. No auto-copy: overwriting
 * the clipboard of someone who turned it off is worse than asking for one click. No shorten on open: the
 * prompt costs one click and creates nothing the user may not have wanted.
 */
const UNREADABLE: Settings = { autoCopy: false, shortenOnOpen: false };

/**
 * The user's settings (`known` when already read); null until they are read (the popup's first read is
 * its first requests', from storage) or have failed to be, within the usual time limit.
 */
export function useSettings(known?: Settings): Settings | null {
	const call = useBackground();
	const [settings, setSettings] = useState<Settings | null>(known ?? null);
	const read = settings !== null;
	useEffect(() => {
		if (read) return;
		let current = true;
		void call({ type: "getSettings" }).then((reply) => {
			if (current) setSettings(reply.ok ? reply.data : UNREADABLE);
		});
		return () => {
			current = false;
		};
	}, [call, read]);
	return settings;
}
