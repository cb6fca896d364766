/**
 * A list kept in one order as items come and go: sorted once, then each insert or delete finds its
 * place by binary search, so a new link costs log n comparisons instead of a sort of every link.
 * `compare` must be a total order (0 only for an item and itself), so an item's place is unique.
 */
export class SortedList<T> {
	readonly #items: T[];
	readonly #compare: (a: T, b: T) => number;

	constructor(items: Iterable<T>, compare: (a: T, b: T) => number) {
		this.#compare = compare;
		this.#items = [...items].sort(compare);
	}

	get items(): readonly T[] {
		return this.#items;
	}

	insert(item: T): void {
		this.#items.splice(this.#firstNotBefore(item), 0, item);
	}

	delete(item: T): void {
		const at = this.#firstNotBefore(item);
		if (this.#items[at] === item) this.#items.splice(at, 1);
	}

	#firstNotBefore(item: T): number {
		let low = 0;
		let high = this.#items.length;
		while (low < high) {
			const middle = (low + high) >>> 1;
			if (this.#compare(this.#items[middle] as T, item) < 0) low = middle + 1;
			else high = middle;
		}
		return low;
	}
}
