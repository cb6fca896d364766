/**
 * Finds a link's target by the text it shows ("example.com/moved"), for getByText: the pages draw it in
 * two parts (src/ui/TargetLine.tsx), which a plain text match does not join.
 */
export const targetText =
	(text: string) =>
	(_content: string, element: Element | null): boolean =>
		element?.classList.contains("target-line") === true && element.textContent === text;
