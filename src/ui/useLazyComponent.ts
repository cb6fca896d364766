import { useEffect, useRef, useState } from "react";

/**
 * A component fetched when the view that needs it mounts, and never before: code most visits never run
 * (the QR encoder, the analytics chart) stays out of the page's first script. `load` is the caller's own
 * `import()`, so the bundler still splits that module into a chunk of its own; it runs once.
 */
export function useLazyComponent<Component>(load: () => Promise<Component>): Component | "loading" | "failed" {
	const [component, setComponent] = useState<Component | "loading" | "failed">("loading");
	const loadOnce = useRef(load);
	useEffect(() => {
		let current = true;
		loadOnce.current().then(
			(loaded) => current && setComponent(() => loaded),
			() => current && setComponent("failed"),
		);
		return () => {
			current = false;
		};
	}, []);
	return component;
}
