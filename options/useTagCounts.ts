import { useCallback, useEffect, useRef, useState } from "react";
import type { TagCount } from "../src/links/tags";
import { useBackground } from "../src/ui/BackgroundContext";
import { useBackgroundEvents } from "../src/ui/BackgroundEvents";

/**
 * The user's tags and how many links have each, asked for on mount and again whenever links change (a
 * tag added in the popup, a link deleted here), so the Tag filter's counts stay true. None while the
 * worker cannot say: the filter is a help, and the table says what went wrong with the links.
 */
export function useTagCounts(): TagCount[] {
	const call = useBackground();
	const [tags, setTags] = useState<TagCount[]>([]);
	const latest = useRef(0);

	const refresh = useCallback(() => {
		const request = ++latest.current;
		void call({ type: "listTags" }).then((reply) => {
			if (request === latest.current && reply.ok) setTags(reply.data.tags);
		});
	}, [call]);

	useEffect(() => {
		refresh();
		// A reply after unmount is not wanted: moving `latest` on makes it stale.
		return () => {
			latest.current++;
		};
	}, [refresh]);
	useBackgroundEvents((event) => {
		if (event.type === "links-changed") refresh();
	});
	return tags;
}
