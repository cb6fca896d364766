import type { AppError } from "../src/errors";
import type { Link } from "../src/links/types";
import { CopyButton } from "../src/ui/CopyButton";
import { RelativeTime } from "../src/ui/RelativeTime";
import { formatCount } from "./counting";
import { useOptionsEnvironment } from "./environment";
import { TargetEditor } from "./TargetEditor";

/** A short link as people read it: "sho.rt/abc1234". */
export function displayUrl(url: string): string {
	return url.replace(/^https?:\/\//, "");
}

export interface LinkRowProps {
	link: Link;
	selected: boolean;
	onSelect: (selected: boolean) => void;
	editing: boolean;
	onEdit: (editing: boolean) => void;
	save: (url: string) => Promise<AppError | null>;
	onDelete: () => void;
}

export function LinkRow({ link, selected, onSelect, editing, onEdit, save, onDelete }: LinkRowProps) {
	const { copy, shortLinkBase } = useOptionsEnvironment();
	const short = displayUrl(link.shortUrl);
	return (
		<tr aria-selected={selected} data-code={link.code}>
			<td className="links-table__select">
				<input
					type="checkbox"
					aria-label={`Select ${short}`}
					checked={selected}
					onChange={(event) => onSelect(event.target.checked)}
				/>
			</td>
			<th scope="row" className="links-table__short">
				<div className="short-link-cell">
					{/* When space runs out the host gives way, never the code, which is what tells links apart. */}
					<a href={link.shortUrl} title={link.shortUrl} target="_blank" rel="noreferrer">
						<span className="short-link-cell__host">{short.slice(0, short.length - link.code.length)}</span>
						<span className="short-link-cell__code">{link.code}</span>
					</a>
					<CopyButton text={link.shortUrl} copy={copy} name={`Copy ${short}`} />
				</div>
			</th>
			<td className="links-table__target">
				{editing ? (
					<TargetEditor
						url={link.url}
						label={`New target for ${short}`}
						shortLinkBase={shortLinkBase}
						save={save}
						close={() => onEdit(false)}
					/>
				) : (
					// Truncated to one line; the whole address shows on hover (title) and on keyboard focus (CSS).
					<a className="target-link" href={link.url} title={link.url} target="_blank" rel="noreferrer">
						{link.url}
					</a>
				)}
			</td>
			<td className="links-table__title">{link.title}</td>
			<td className="links-table__created">
				<RelativeTime time={link.createdAt} />
			</td>
			<td className="links-table__clicks">{formatCount(link.clicks)}</td>
			<td className="links-table__actions">
				<button
					type="button"
					className="secondary-button"
					data-action="edit"
					aria-label={`Edit target of ${short}`}
					aria-expanded={editing}
					onClick={() => onEdit(!editing)}
				>
					Edit
				</button>
				<button
					type="button"
					className="secondary-button danger-button"
					data-action="delete"
					aria-label={`Delete ${short}`}
					onClick={onDelete}
				>
					Delete
				</button>
			</td>
		</tr>
	);
}
