/** What the table's place shows when there are no links to list: how to make one, or a way out of a search. */
export function EmptyList({ term, onClear }: { term: string; onClear: () => void }) {
	if (term.trim() === "") {
		return (
			<div className="empty-list">
				<p>No links yet.</p>
				<p>
					Click Shorty's toolbar button on any page, or right-click a link and pick “Shorten link”: your short links
					appear here.
				</p>
			</div>
		);
	}
	return (
		<div className="empty-list">
			<p>No links match “{term.trim()}”.</p>
			<button type="button" className="secondary-button" onClick={onClear}>
				Clear search
			</button>
		</div>
	);
}
