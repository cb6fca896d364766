import { useLayoutEffect, useRef, useState } from "react";
import { t, tPlural } from "../src/i18n/translate";
import { tagKey } from "../src/links/tags";

/** The list's tags, "+N" apart. */
const TAG_ITEMS = ":scope > .link-tag-chips__item";

export interface LinkTagChipsProps {
	tags: readonly string[];
	/** Shows the links with `tag`. */
	onTag: (tag: string) => void;
}

/**
 * How many of the list's chips fit on its line beside the "+N" button that stands for the rest: all of
 * them when they fit without it. Every chip is measured where it is, shown or not (the hidden ones are
 * taken out of the line, not out of the layout), so the count follows the column as it resizes.
 */
function chipsThatFit(list: HTMLElement, more: HTMLElement | null): number {
	const style = getComputedStyle(list);
	const room = list.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
	const widths = [...list.querySelectorAll(TAG_ITEMS)].map((item) => item.getBoundingClientRect().width);
	// Not laid out (in a hidden part of the page, or in jsdom): nothing to go by, so nothing is hidden.
	if (!(room > 0)) return widths.length;
	const gap = Number.parseFloat(style.columnGap) || 0;
	const line = (count: number) => widths.slice(0, count).reduce((sum, width) => sum + width + gap, 0);
	if (line(widths.length) - gap <= room) return widths.length;
	// Before "+N" shows, it counts as nothing: the next measure, once it shows, takes it back off.
	const moreWidth = more?.getBoundingClientRect().width ?? 0;
	let fit = widths.length - 1;
	while (fit > 0 && line(fit) + moreWidth > room) fit--;
	return fit;
}

/**
 * A link's tags under its title, on one line: the chips that fit, then "+N" for the rest, which shows
 * them all (the whole list is also the line's tooltip). Each tag is a button that lists the links with
 * it: what a reader scanning the table wants from a tag. The chips that do not fit are inert, so Tab,
 * the arrow keys and a screen reader pass over what cannot be seen.
 */
export function LinkTagChips({ tags, onTag }: LinkTagChipsProps) {
	const list = useRef<HTMLUListElement>(null);
	const more = useRef<HTMLButtonElement>(null);
	const [fit, setFit] = useState(tags.length);
	const [all, setAll] = useState(false);
	const shown = all ? tags.length : Math.min(fit, tags.length);
	/**
	 * Where focus goes once the next render is on screen, when the control that has it is hidden or goes:
	 * a tag's place, or "+N". Focus is never left on nothing.
	 */
	const refocus = useRef<number | "more" | null>(null);

	// Before the measure below, so it acts on the render that a measure (or "+N") asked for; and only while
	// focus is still here, or nowhere (a resize's render comes a frame later, and the user may have moved on).
	useLayoutEffect(() => {
		const target = refocus.current;
		if (target === null) return;
		refocus.current = null;
		const active = document.activeElement;
		if (active && active !== document.body && !list.current?.contains(active)) return;
		(target === "more" ? more.current : list.current?.querySelectorAll("button")[target])?.focus();
	});

	// biome-ignore lint/correctness/useExhaustiveDependencies: the chips are measured in the DOM: before paint, again once "+N" shows its real count (`fit`), for other tags, and whenever the column resizes.
	useLayoutEffect(() => {
		const node = list.current;
		if (all || !node) return;
		const measure = () => {
			const next = chipsThatFit(node, more.current);
			const chips = [...node.querySelectorAll(TAG_ITEMS)];
			const focused = chips.findIndex((chip) => chip.contains(document.activeElement));
			// A focused tag about to be cut off passes focus to "+N"; a focused "+N" about to go, to the first tag
			// it stood for. A tag already cut off (the tags changed under it) passes it at once: no render follows.
			if (focused >= next && next === fit) more.current?.focus();
			else if (focused >= next) refocus.current = "more";
			else if (next === tags.length && document.activeElement === more.current) refocus.current = shown;
			setFit(next);
		};
		measure();
		const observer = new ResizeObserver(measure);
		observer.observe(node);
		return () => observer.disconnect();
	}, [all, tags, fit]);

	if (tags.length === 0) return null;
	const hidden = tags.slice(shown);
	const showAll = () => {
		refocus.current = shown;
		setAll(true);
	};
	return (
		<ul
			ref={list}
			className={all ? "link-tag-chips link-tag-chips--all" : "link-tag-chips"}
			aria-label={t("tagsOfLink")}
			title={tags.join(", ")}
		>
			{tags.map((tag, index) => (
				<li key={tagKey(tag)} className="link-tag-chips__item" inert={index >= shown}>
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
			{hidden.length > 0 && (
				<li>
					<button
						ref={more}
						type="button"
						className="link-tag-chips__chip link-tag-chips__more"
						aria-label={tPlural("moreTags", hidden.length, { count: hidden.length })}
						title={hidden.join(", ")}
						onClick={showAll}
					>
						+{hidden.length}
					</button>
				</li>
			)}
		</ul>
	);
}
