import { useEffect, useState } from "react";
import type { Settings } from "../src/messages";
import { useBackground } from "../src/ui/BackgroundContext";
import { withTimeout } from "../src/ui/withTimeout";

/**
 * What the popup does when settings cannot be read. No auto-copy: overwriting the clipboard of someone who
 * turned it off is worse than asking for one click. Shorten on open: a background that cannot read
 * settings will not shorten either, and the shorten's own error, with its Retry, says what is wrong.
 */
const UNREADABLE: Settings = { autoCopy: false, shortenOnOpen: true };

/** The user's settings; null until the background has answered (or failed to, within the usual timeout). */
export function useSettings(): Settings | null {
	const call = useBackground();
	const [settings, setSettings] = useState<Settings | null>(null);
	useEffect(() => {
		let current = true;
		void withTimeout(call({ type: "getSettings" })).then((reply) => {
			if (current) setSettings(reply.ok ? reply.data : UNREADABLE);
		});
		return () => {
			current = false;
		};
	}, [call]);
	return settings;
}
