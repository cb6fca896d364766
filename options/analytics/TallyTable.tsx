import { formatNumber, t } from "../../src/i18n/translate";
import type { Tally } from "../../src/links/dayCounts";

export interface TallyTableProps<Name extends string> {
	caption: string;
	/** What the first column holds: "Site", "Device", "Browser". */
	nameHeader: string;
	tallies: Tally<Name>[];
	/** How a name reads: "Samsung Internet" for "samsung". */
	label?: (name: Name) => string;
	/** Said instead of the table when nothing was counted. */
	empty: string;
	/** The most rows shown; the rest are left out. */
	limit?: number;
}

/** Names with their visits and a bar for their share, largest first. */
export function TallyTable<Name extends string>({
	caption,
	nameHeader,
	tallies,
	label = (name) => name,
	empty,
	limit = 10,
}: TallyTableProps<Name>) {
	const total = tallies.reduce((sum, [, visits]) => sum + visits, 0);
	return (
		<section className="tally" aria-label={caption}>
			<h3 className="tally__caption">{caption}</h3>
			{tallies.length === 0 ? (
				<p className="tally__empty">{empty}</p>
			) : (
				<table className="tally__table">
					<thead className="visually-hidden">
						<tr>
							<th scope="col">{nameHeader}</th>
							<th scope="col">{t("analyticsVisits")}</th>
						</tr>
					</thead>
					<tbody>
						{tallies.slice(0, limit).map(([name, visits]) => (
							<tr key={name}>
								<th scope="row" className="tally__name">
									<span className="tally__bar" style={{ inlineSize: `${(visits / total) * 100}%` }} />
									<span className="tally__label">{label(name)}</span>
								</th>
								<td className="tally__visits">{formatNumber(visits)}</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</section>
	);
}
