import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface TestSite {
	/** "http://127.0.0.1:<port>", a real web origin the extension can shorten and tabs can show. */
	origin: string;
	close(): void;
}

/** Serves `html(path)` for every request on a free loopback port: the pages the e2e tests and bench open. */
export async function serveTestSite(html: (path: string) => string): Promise<TestSite> {
	const server = createServer((request, response) => {
		response.setHeader("content-type", "text/html; charset=utf-8");
		response.end(html(request.url ?? "/"));
	});
	await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
	return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
