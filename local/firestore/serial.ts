/** Runs tasks one at a time in arrival order: commits go through one, so each sees the one before it. */
export class SerialQueue {
	private tail: Promise<unknown> = Promise.resolve();

	run<T>(task: () => Promise<T>): Promise<T> {
		const result = this.tail.then(task);
		this.tail = result.catch(() => undefined);
		return result;
	}

	/** Resolves once every task queued so far has finished. */
	async idle(): Promise<void> {
		await this.tail;
	}
}
