import { useEffect, useState } from "react";
import { type ActiveTab, usePopupEnvironment } from "./environment";

/** The tab the popup was opened on (`known` when already read); null while it is being read. */
export function useActiveTab(known?: ActiveTab): ActiveTab | null {
	const { activeTab } = usePopupEnvironment();
	const [tab, setTab] = useState<ActiveTab | null>(known ?? null);
	const read = tab !== null;
	useEffect(() => {
		if (read) return;
		let current = true;
		activeTab().then(
			(found) => current && setTab(found),
			// A tab that cannot be queried is one the popup cannot shorten; waiting on it would never end.
			() => current && setTab({ url: undefined, title: "" }),
		);
		return () => {
			current = false;
		};
	}, [activeTab, read]);
	return tab;
}
