import { useRef, useState } from "react";
import { errorText } from "../../i18n/errorText";
import { sameList } from "../../links/tags";
import type { Link } from "../../links/types";
import { useBackground } from "../BackgroundContext";

export type TagsSaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; why: string };

/**
 * A link's tags as the user edits them, each change sent with setTags at once. The chips show what the
 * user asked for from the first keystroke; a saved answer replaces them with the tags as stored (tidied,
 * duplicates folded), a failure leaves them as asked, so nothing typed is lost and the next change
 * sends them all again. Only the latest change's answer counts: an earlier one arriving late would put
 * back tags the user has since changed.
 */
export function useSavedTags(link: Link) {
	const call = useBackground();
	const stored = link.tags ?? [];
	const [tags, setTags] = useState<string[]>(stored);
	const [state, setState] = useState<TagsSaveState>({ kind: "idle" });
	const latest = useRef(0);
	// The link's tags as the page last read them. A change from elsewhere (the tag renamed in the tags panel,
	// another browser's edit a sync brought) shows at once: kept, the old list would go back with the next
	// change, which sends every tag. Not while a change of this editor is on its way or failed: the user's
	// tags stand, and the next change sends them.
	const [read, setRead] = useState(stored);
	if (!sameList(read, stored)) {
		setRead(stored);
		if (state.kind === "idle" || state.kind === "saved") setTags(stored);
	}

	async function change(next: string[]) {
		const request = ++latest.current;
		setTags(next);
		setState({ kind: "saving" });
		const reply = await call({ type: "setTags", code: link.code, tags: next });
		if (request !== latest.current) return;
		if (!reply.ok) return setState({ kind: "failed", why: errorText(reply.error) });
		setTags(reply.data.tags ?? []);
		setState({ kind: "saved" });
	}

	/** "Saved." is the last change's answer: typing the next one puts it away until that is saved. */
	function typing() {
		setState((current) => (current.kind === "saved" ? { kind: "idle" } : current));
	}

	return { tags, state, change, typing };
}
