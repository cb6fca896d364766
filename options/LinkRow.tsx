import type { AppError } from "../src/errors";
import { formatNumber, t } from "../src/i18n/translate";
import type { Link } from "../src/links/types";
import { CopyButton } from "../src/ui/CopyButton";
import { displayUrl } from "../src/ui/displayUrl";
import { ChartIcon, DeleteIcon, EditIcon, TagIcon } from "../src/ui/icons";
import { RelativeTime } from "../src/ui/RelativeTime";
import { TargetLine } from "../src/ui/TargetLine";
import { useOptionsEnvironment } from "./environment";
import { IconAction } from "./IconAction";
import { LinkTagChips } from "./LinkTagChips";
import { RowTagsEditor } from "./RowTagsEditor";
import { SiteAvatar } from "./SiteAvatar";
import { TargetEditor } from "./TargetEditor";

export interface LinkRowProps {
	link: Link;
	clicks: ClickTotal;
	selected: boolean;
	onSelect: (selected: boolean) => void;
	editing: boolean;
	onEdit: (editing: boolean) => void;
	save: (url: string) => Promise<AppError | null>;
	/** True while the row's tags are open to edit. */
	tagging: boolean;
	onTagging: (tagging: boolean) => void;
	onDelete: () => void;
	onAnalytics: () => void;
	/** Shows the links with `tag`. */
	onTag: (tag: string) => void;
}

/** A link's click total as its row shows it: a number, or still counting (the worker's first sync is under way). */
export type ClickTotal = number | "counting";

function ClicksCell({ clicks }: { clicks: ClickTotal }) {
	if (typeof clicks === "number") return <>{formatNumber(clicks)}</>;
	return (
		<span className="links-table__counting" title={t("clicksCounting")}>
			…<span className="visually-hidden">{t("clicksCounting")}</span>
		</span>
	);
}

/**
 * One link: its page (title over the target's site and path and its tags, each cut to one line with the
 * whole in a tooltip), its code with Copy, when it was made, its clicks, and Analytics, Edit and Delete. The code is the row's
 * header, read out whole ("sho.rt/abc1234") though only the code shows: the site is the same on every row.
 */
export function LinkRow({
	link,
	clicks,
	selected,
	onSelect,
	editing,
	onEdit,
	save,
	tagging,
	onTagging,
	onDelete,
	onAnalytics,
	onTag,
}: LinkRowProps) {
	const { copy, shortLinkBase, siteHosts } = useOptionsEnvironment();
	const short = displayUrl(link.shortUrl);
	return (
		<tr aria-selected={selected} data-code={link.code}>
			<td className="links-table__select">
				<input
					type="checkbox"
					aria-label={t("selectLink", { link: short })}
					checked={selected}
					onChange={(event) => onSelect(event.target.checked)}
				/>
			</td>
			<td className="links-table__page">
				{editing ? (
					<TargetEditor
						url={link.url}
						label={t("newTargetFor", { link: short })}
						shortLinkBase={shortLinkBase}
						siteHosts={siteHosts}
						save={save}
						close={() => onEdit(false)}
					/>
				) : (
					<div className="link-page">
						<SiteAvatar host={link.host} />
						<a
							className="link-page__title"
							href={link.url}
							title={link.title || link.url}
							target="_blank"
							rel="noreferrer"
						>
							{link.title || link.host}
						</a>
						<TargetLine url={link.url} className="link-page__target" />
						{!tagging && <LinkTagChips tags={link.tags ?? []} onTag={onTag} />}
					</div>
				)}
				{tagging && !editing && <RowTagsEditor link={link} short={short} close={() => onTagging(false)} />}
			</td>
			<th scope="row" className="links-table__code">
				<div className="short-code">
					<a className="short-code__link" href={link.shortUrl} title={link.shortUrl} target="_blank" rel="noreferrer">
						<span className="visually-hidden">{short.slice(0, short.length - link.code.length)}</span>
						{link.code}
					</a>
					<CopyButton text={link.shortUrl} copy={copy} name={t("copyShortLink", { link: short })} />
				</div>
			</th>
			<td className="links-table__created">
				<RelativeTime time={link.createdAt} />
			</td>
			<td className="links-table__clicks">
				<ClicksCell clicks={clicks} />
			</td>
			<td className="links-table__actions">
				<IconAction
					action="analytics"
					name={t("analyticsFor", { link: short })}
					title={t("analyticsButton")}
					opensDialog
					onClick={onAnalytics}
				>
					<ChartIcon />
				</IconAction>
				<IconAction
					action="edit"
					name={t("editTargetOf", { link: short })}
					title={t("editTarget")}
					expanded={editing}
					onClick={() => onEdit(!editing)}
				>
					<EditIcon />
				</IconAction>
				<IconAction
					action="tags"
					name={t("editTagsOf", { link: short })}
					title={t("editTags")}
					expanded={tagging}
					onClick={() => onTagging(!tagging)}
				>
					<TagIcon />
				</IconAction>
				<IconAction
					action="delete"
					name={t("deleteLink", { link: short })}
					title={t("delete")}
					danger
					onClick={onDelete}
				>
					<DeleteIcon />
				</IconAction>
			</td>
		</tr>
	);
}
