import { createServer, type Server } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { startBackend } from "../../local/backend";
import { freePort } from "../../local/ports";

// With an external backend named by environment variables there is no Hosting emulator or local
// Firestore server of ours to check.
const external = inject("backend").hosting === null;

describe("the local backend", () => {
	it("refuses to start on a port in use, naming the service and the variable that moves it", async () => {
		const taken = await freePort();
		const blocker: Server = createServer();
		await new Promise<void>((listening) => blocker.listen(taken, "127.0.0.1", listening));
		try {
			const ports = { auth: await freePort(), firestore: taken, hosting: await freePort() };
			const attempt = startBackend({ ports, dataDir: "/nonexistent/never-created", persistAuth: false });
			await expect(attempt).rejects.toThrow(`Port ${taken} for the Firestore server is already in use`);
			await expect(attempt).rejects.toThrow("SHORTY_FIRESTORE_PORT=<port>");
		} finally {
			blocker.close();
		}
	});

	it.skipIf(external)("serves Hosting and the Auth emulator on the ports it reports", async () => {
		const { hosting, auth } = inject("backend");
		expect((await fetch(`http://${hosting}/`)).status).toBeLessThan(500);
		const config = await fetch(`http://${auth}/emulator/v1/projects/demo-shorty/config`);
		expect(config.ok).toBe(true);
	});

	it.skipIf(external)("answers a call the Firestore server does not implement with 501 naming it", async () => {
		const response = await fetch(
			`http://${inject("backend").firestore}/v1/projects/demo-shorty/databases/(default)/documents:beginTransaction`,
			{ method: "POST", body: "{}" },
		);
		expect(response.status).toBe(501);
		expect(await response.text()).toContain("beginTransaction");
	});
});
