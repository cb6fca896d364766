import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ShortyError } from "../../src/errors";
import { BackgroundProvider } from "../../src/ui/BackgroundContext";
import { BackgroundStatus } from "../../src/ui/BackgroundStatus";
import { inProcessBackground } from "./inProcessBackground";

afterEach(cleanup);

describe("the background status line", () => {
	it("says it is connecting, then shows the version once the background answers", async () => {
		const call = inProcessBackground({ ping: () => ({ version: "0.9.1", startedAt: 1 }) });
		render(
			<BackgroundProvider call={call}>
				<BackgroundStatus />
			</BackgroundProvider>,
		);
		expect(screen.getByRole("status").textContent).toBe("Connecting to Shorty…");
		expect((await screen.findByText("Ready · version 0.9.1")).getAttribute("role")).toBe("status");
	});

	it("shows the error and recovers when Try again succeeds", async () => {
		let attempts = 0;
		const call = inProcessBackground({
			ping: () => {
				attempts += 1;
				if (attempts === 1) throw new ShortyError("background-unavailable");
				return { version: "0.9.1", startedAt: 1 };
			},
		});
		render(
			<BackgroundProvider call={call}>
				<BackgroundStatus />
			</BackgroundProvider>,
		);
		const alert = await screen.findByRole("alert");
		expect(alert.textContent).toContain("did not answer");
		fireEvent.click(screen.getByRole("button", { name: "Try again" }));
		await screen.findByText("Ready · version 0.9.1");
		expect(screen.queryByRole("alert")).toBeNull();
	});
});
