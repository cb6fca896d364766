/**
 * An `Intl` whose `Collator` counts the collators made, for the tests that hold the worker and the pages to
 * making none as they start (src/links/nameOrder.ts): the first in a process loads the language's
 * collation data.
 */
export function countingIntl(): { Intl: typeof Intl; made(): number } {
	let made = 0;
	class CountedCollator extends Intl.Collator {
		constructor(...args: ConstructorParameters<typeof Intl.Collator>) {
			super(...args);
			made++;
		}
	}
	return {
		Intl: Object.create(Intl, { Collator: { value: CountedCollator } }),
		made: () => made,
	};
}
