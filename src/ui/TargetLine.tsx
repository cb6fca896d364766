import { displayTarget, targetParts } from "./displayUrl";
import "./targetLine.css";

/**
 * A link's target on one line, as the popup shows it under the short link and the options page under a
 * title: without its scheme, whole on hover (the title), and cut in the middle where the line is too
 * narrow, so links to one page that differ only at their end still read apart.
 */
export function TargetLine({ url, className }: { url: string; className: string }) {
	const [start, end] = targetParts(displayTarget(url));
	return (
		<span className={`target-line ${className}`} title={url}>
			<span>{start}</span>
			<span className="target-line__end">{end}</span>
		</span>
	);
}
