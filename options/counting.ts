const number = new Intl.NumberFormat();

/** A count in the reader's digits: "4,312". */
export function formatCount(count: number): string {
	return number.format(count);
}

/** "1 link", "4,312 links". */
export function countOf(count: number, noun: string): string {
	return `${number.format(count)} ${count === 1 ? noun : `${noun}s`}`;
}
