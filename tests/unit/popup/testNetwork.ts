import { act } from "@testing-library/react";
import type { Network } from "../../../popup/environment";

/** A network connection the test turns off and on, telling the popup as the browser's events would. */
export class TestNetwork implements Network {
	private isOnline = true;
	private readonly listeners = new Set<() => void>();

	online = () => this.isOnline;

	subscribe = (listener: () => void) => {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	};

	constructor(online = true) {
		this.isOnline = online;
	}

	set(online: boolean): Promise<void> {
		return act(async () => {
			this.isOnline = online;
			for (const listener of this.listeners) listener();
		});
	}
}
