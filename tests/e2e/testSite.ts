import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The name the test site is served under. Public-looking on purpose: the popup asks before it shortens
 * a loopback or intranet address, and the pages a user shortens are public ones. The browsers the tests
 * launch resolve it to the loopback address the site listens on (TEST_SITE_CHROMIUM_ARGS, the Firefox
 * pref in firefoxBrowser.ts); example.com's own DNS is never asked.
 */
export const TEST_SITE_HOST = "pages.shorty-e2e.example.com";
/**
 * "*.shorty-e2e.example.com": --unsafely-treat-insecure-origin-as-secure reads a plain name as an origin on
 * port 80, and a wildcard pattern as a host on any port, which the site's free port needs.
 */
const ANY_PORT_OF_TEST_SITE = TEST_SITE_HOST.replace(/^[^.]+/, "*");

/**
 * Chromium's switches that make TEST_SITE_HOST this machine, and a secure context as the https pages
 * people shorten are (plain http on 127.0.0.1 was one too): the tests read the clipboard from it.
 */
export const TEST_SITE_CHROMIUM_ARGS = [
	`--host-resolver-rules=MAP ${TEST_SITE_HOST} 127.0.0.1`,
	`--unsafely-treat-insecure-origin-as-secure=${ANY_PORT_OF_TEST_SITE}`,
];

export interface TestSite {
	/** "http://pages.shorty-e2e.example.com:<port>", a web origin the extension can shorten and tabs can show. */
	origin: string;
	/** "http://127.0.0.1:<port>": the same site at its private address. */
	loopbackOrigin: string;
	close(): void;
}

/**
 * Serves `html(path)` for every request on a free loopback port, with `headers(path)` beside the content
 * type: the pages the e2e tests and bench open.
 */
export async function serveTestSite(
	html: (path: string) => string,
	headers: (path: string) => Record<string, string> = () => ({}),
): Promise<TestSite> {
	const server = createServer((request, response) => {
		const path = request.url ?? "/";
		response.setHeader("content-type", "text/html; charset=utf-8");
		for (const [name, value] of Object.entries(headers(path))) response.setHeader(name, value);
		response.end(html(path));
	});
	await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://${TEST_SITE_HOST}:${port}`,
		loopbackOrigin: `http://127.0.0.1:${port}`,
		close: () => server.close(),
	};
}
