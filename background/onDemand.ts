/** A value made on its first use, once. */
export interface OnDemand<T> {
	/** The value, made now if it was not yet. */
	(): T;
	/** The value if it was made, without making it. */
	made(): T | undefined;
}

export function onDemand<T>(make: () => T): OnDemand<T> {
	let value: { made: T } | undefined;
	const get = () => {
		value ??= { made: make() };
		return value.made;
	};
	return Object.assign(get, { made: () => value?.made });
}
