/**
 * A sorted list with positions: insert, remove, binary search and "the i-th item" in O(log n) (plus a
 * bounded chunk copy). Items live in chunks of at most 2 * CHUNK; a Fenwick tree over the chunk lengths
 * turns a position into (chunk, offset) and back, so a query can count a range by subtracting two positions
 * instead of walking it.
 */
const CHUNK = 256;

export class SortedList<T> {
	private chunks: T[][] = [[]];
	private tree: number[] = [0, 0];
	private count = 0;

	constructor(private readonly compare: (a: T, b: T) => number) {}

	get size(): number {
		return this.count;
	}

	insert(item: T): void {
		const chunkIndex = this.chunkFor(item);
		const chunk = this.chunks[chunkIndex] as T[];
		chunk.splice(this.lowerBoundIn(chunk, item), 0, item);
		this.count++;
		if (chunk.length > 2 * CHUNK) {
			this.chunks.splice(chunkIndex, 1, chunk.slice(0, CHUNK), chunk.slice(CHUNK));
			this.rebuildTree();
		} else {
			this.addToTree(chunkIndex, 1);
		}
	}

	/** Removes the item that compares equal to `item`; false if there is none. */
	remove(item: T): boolean {
		const chunkIndex = this.chunkFor(item);
		const chunk = this.chunks[chunkIndex] as T[];
		const offset = this.lowerBoundIn(chunk, item);
		if (offset >= chunk.length || this.compare(chunk[offset] as T, item) !== 0) return false;
		chunk.splice(offset, 1);
		this.count--;
		if (chunk.length === 0 && this.chunks.length > 1) {
			this.chunks.splice(chunkIndex, 1);
			this.rebuildTree();
		} else {
			this.addToTree(chunkIndex, -1);
		}
		return true;
	}

	/** The first position whose item satisfies `test`, which must be false for a prefix and true after it. */
	bisect(test: (item: T) => boolean): number {
		let low = 0;
		let high = this.chunks.length;
		while (low < high) {
			const middle = (low + high) >>> 1;
			const chunk = this.chunks[middle] as T[];
			if (chunk.length > 0 && test(chunk[chunk.length - 1] as T)) high = middle;
			else low = middle + 1;
		}
		if (low === this.chunks.length) return this.count;
		const chunk = this.chunks[low] as T[];
		let offsetLow = 0;
		let offsetHigh = chunk.length;
		while (offsetLow < offsetHigh) {
			const middle = (offsetLow + offsetHigh) >>> 1;
			if (test(chunk[middle] as T)) offsetHigh = middle;
			else offsetLow = middle + 1;
		}
		return this.prefix(low) + offsetLow;
	}

	/** Items at positions [from, to), walking backwards when `reverse`. */
	*range(from: number, to: number, reverse = false): Generator<T> {
		if (from >= to) return;
		if (reverse) {
			let [chunkIndex, offset] = this.locate(to - 1);
			for (let remaining = to - from; remaining > 0; remaining--) {
				while (offset < 0) {
					chunkIndex--;
					offset = (this.chunks[chunkIndex] as T[]).length - 1;
				}
				yield (this.chunks[chunkIndex] as T[])[offset] as T;
				offset--;
			}
		} else {
			let [chunkIndex, offset] = this.locate(from);
			for (let remaining = to - from; remaining > 0; remaining--) {
				while (offset >= (this.chunks[chunkIndex] as T[]).length) {
					chunkIndex++;
					offset = 0;
				}
				yield (this.chunks[chunkIndex] as T[])[offset] as T;
				offset++;
			}
		}
	}

	/** The chunk an item belongs in: the first whose last item is not below it, else the last chunk. */
	private chunkFor(item: T): number {
		let low = 0;
		let high = this.chunks.length - 1;
		while (low < high) {
			const middle = (low + high) >>> 1;
			const chunk = this.chunks[middle] as T[];
			if (chunk.length > 0 && this.compare(chunk[chunk.length - 1] as T, item) >= 0) high = middle;
			else low = middle + 1;
		}
		return low;
	}

	private lowerBoundIn(chunk: T[], item: T): number {
		let low = 0;
		let high = chunk.length;
		while (low < high) {
			const middle = (low + high) >>> 1;
			if (this.compare(chunk[middle] as T, item) < 0) low = middle + 1;
			else high = middle;
		}
		return low;
	}

	/** (chunk, offset) of a position in [0, size). */
	private locate(position: number): [number, number] {
		let chunkIndex = 0;
		let remaining = position;
		let step = 1;
		while (step * 2 <= this.chunks.length) step *= 2;
		for (; step > 0; step >>= 1) {
			const next = chunkIndex + step;
			if (next <= this.chunks.length && (this.tree[next] as number) <= remaining) {
				chunkIndex = next;
				remaining -= this.tree[next] as number;
			}
		}
		return [chunkIndex, remaining];
	}

	/** Number of items in the chunks before `chunkIndex`. */
	private prefix(chunkIndex: number): number {
		let sum = 0;
		for (let i = chunkIndex; i > 0; i -= i & -i) sum += this.tree[i] as number;
		return sum;
	}

	private addToTree(chunkIndex: number, delta: number): void {
		for (let i = chunkIndex + 1; i < this.tree.length; i += i & -i) this.tree[i] = (this.tree[i] as number) + delta;
	}

	private rebuildTree(): void {
		this.tree = new Array<number>(this.chunks.length + 1).fill(0);
		this.chunks.forEach((chunk, index) => {
			this.addToTree(index, chunk.length);
		});
	}
}
