import type { AppError } from "../src/errors";
import { checkUrl } from "../src/links/urls";
import { InlineEditor } from "./InlineEditor";

export interface TargetEditorProps {
	/** The current target, the field's starting value. */
	url: string;
	/** What the field is called, e.g. "New target for sho.rt/abc1234". */
	label: string;
	shortLinkBase: string;
	siteHosts: readonly string[];
	/** Saves the new target; resolves to the background's error, or null once saved. */
	save: (url: string) => Promise<AppError | null>;
	/** Leaves editing, saved or not. */
	close: () => void;
}

/** A link's target, editable in place, checked as it would be for a new link. */
export function TargetEditor({ url, label, shortLinkBase, siteHosts, save, close }: TargetEditorProps) {
	return (
		<InlineEditor
			value={url}
			label={label}
			type="url"
			check={(typed) => {
				const checked = checkUrl(typed, shortLinkBase, siteHosts);
				return checked.ok ? { ok: true, value: checked.value.url } : checked;
			}}
			save={save}
			close={close}
		/>
	);
}
