import { useEffect, useState } from "react";
import { useBackground } from "../src/ui/BackgroundContext";

/**
 * Whether the autoCopy setting is on. False until the background says so, and when it cannot say:
 * overwriting the clipboard of someone who turned auto-copy off is worse than asking for one click.
 */
export function useAutoCopy(): boolean {
	const call = useBackground();
	const [autoCopy, setAutoCopy] = useState(false);
	useEffect(() => {
		let current = true;
		void call({ type: "getSettings" }).then((reply) => {
			if (current && reply.ok) setAutoCopy(reply.data.autoCopy);
		});
		return () => {
			current = false;
		};
	}, [call]);
	return autoCopy;
}
