import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type BackgroundCall, createClient, createMessageHandler } from "../../src/messages";
import { BackgroundProvider } from "../../src/ui/BackgroundContext";
import { BackgroundStatus } from "../../src/ui/BackgroundStatus";
import { inProcessBackground, someHandlers } from "./inProcessBackground";

afterEach(cleanup);

const handlers = { ping: () => ({ version: "0.9.1", startedAt: 1 }) };

function renderStatus(call: BackgroundCall) {
	render(
		<BackgroundProvider call={call}>
			<BackgroundStatus />
		</BackgroundProvider>,
	);
}

describe("the background status line", () => {
	it("says it is connecting, then names the version once the background answers", async () => {
		renderStatus(inProcessBackground(handlers));
		const status = screen.getByRole("status");
		expect(status.textContent).toBe("Connecting to Shorty…");
		await screen.findByText("Shorty 0.9.1");
		expect(screen.getByRole("status")).toBe(status);
		expect(screen.queryByRole("button")).toBeNull();
	});

	it("explains an unreachable worker, and Try again recovers with focus kept on the status", async () => {
		const handle = createMessageHandler(someHandlers(handlers));
		let reachable = false;
		let settle: (value: unknown) => void = () => {};
		renderStatus(
			createClient((request) => {
				if (!reachable)
					return Promise.reject(new Error("Could not establish connection. Receiving end does not exist."));
				return new Promise((resolve) => {
					settle = () => resolve(handle(request));
				});
			}),
		);
		await screen.findByText(/did not answer.*Receiving end does not exist/);

		reachable = true;
		const retry = screen.getByRole("button", { name: "Try again" });
		retry.focus();
		fireEvent.click(retry);
		expect(screen.getByRole("status").textContent).toBe("Connecting to Shorty…");
		expect(retry.getAttribute("aria-disabled")).toBe("true");
		fireEvent.click(retry); // ignored while a check is running
		await act(async () => settle(undefined));

		await screen.findByText("Shorty 0.9.1");
		expect(screen.queryByRole("button")).toBeNull();
		expect(document.activeElement).toBe(screen.getByRole("status"));
	});
});
