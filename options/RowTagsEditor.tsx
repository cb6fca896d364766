import { useEffect, useRef } from "react";
import { t } from "../src/i18n/translate";
import type { Link } from "../src/links/types";
import { escapeCloses } from "../src/ui/escapeCloses";
import { LinkTags } from "../src/ui/tags/LinkTags";

export interface RowTagsEditorProps {
	link: Link;
	/** How the row names its link ("sho.rt/abc1234"). */
	short: string;
	close: () => void;
}

/**
 * The popup's tag editor in a row of the table: each tag is saved as it is added or removed, so closing
 * (Done, or Escape) only puts the chips back. A form, so the rows' arrow keys leave its field and chips
 * to the editor (useRovingFocus), and named, so a reader knows whose tags these are.
 */
export function RowTagsEditor({ link, short, close }: RowTagsEditorProps) {
	const form = useRef<HTMLFormElement>(null);

	useEffect(() => {
		form.current?.querySelector("input")?.focus();
	}, []);

	return (
		<form
			ref={form}
			className="row-tags-editor"
			aria-label={t("tagsEditorFor", { link: short })}
			onSubmit={(event) => event.preventDefault()}
			onKeyDown={escapeCloses(close)}
		>
			<LinkTags link={link} />
			<button type="button" className="secondary-button" onClick={close}>
				{t("doneEditing")}
			</button>
		</form>
	);
}
