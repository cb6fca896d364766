import { useEffect, useState } from "react";
import { useBackground } from "../BackgroundContext";

/**
 * The user's tags, to suggest while typing one. Asked for when the tags control mounts, which is once the
 * link is on screen, so it never competes with the shorten the popup is opened for. None when the
 * worker cannot say: suggestions are a help, not something to apologise for.
 */
export function useTagSuggestions(): string[] {
	const call = useBackground();
	const [tags, setTags] = useState<string[]>([]);
	useEffect(() => {
		let current = true;
		void call({ type: "listTags" }).then((reply) => {
			if (current && reply.ok) setTags(reply.data.tags.map(({ tag }) => tag));
		});
		return () => {
			current = false;
		};
	}, [call]);
	return tags;
}
