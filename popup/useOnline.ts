import { useSyncExternalStore } from "react";
import { usePopupEnvironment } from "./environment";

/** Whether the browser is online, re-rendering when that changes. */
export function useOnline(): boolean {
	const { network } = usePopupEnvironment();
	return useSyncExternalStore(network.subscribe, network.online);
}
