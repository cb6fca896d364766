import { t } from "../src/i18n/translate";
import { tagKey } from "../src/links/tags";

export interface LinkTagChipsProps {
	tags: readonly string[];
	/** Shows the links with `tag`. */
	onTag: (tag: string) => void;
}

/**
 * A link's tags under its title, one line cut with an ellipsis where the column ends (the whole list in
 * the tooltip). Each tag is a button that lists the links with it: what a reader scanning the table
 * wants from a tag.
 */
export function LinkTagChips({ tags, onTag }: LinkTagChipsProps) {
	if (tags.length === 0) return null;
	return (
		<ul className="link-tag-chips" aria-label={t("tagsOfLink")} title={tags.join(", ")}>
			{tags.map((tag) => (
				<li key={tagKey(tag)} className="link-tag-chips__item">
					<button
						type="button"
						className="link-tag-chips__chip"
						aria-label={t("showLinksTagged", { tag })}
						onClick={() => onTag(tag)}
					>
						{tag}
					</button>
				</li>
			))}
		</ul>
	);
}
