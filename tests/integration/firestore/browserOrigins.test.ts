/**
 * The administrator token and the reset endpoint serve local tools only. A web page open in a browser
 * during development reaches 127.0.0.1 too; the browser marks its requests with Origin (and
 * Sec-Fetch-Site), so those are refused, while the extension and the redirect page keep their
 * rules-checked calls. Real HTTP requests carry the headers a browser would send.
 */
import { doc, getDoc, setDoc } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerFor, callRpc, DOCUMENTS, errorOf, PROJECT_ID, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
const resetPath = `/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
const WEB_PAGE = "https://attacker.example";
const EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const REDIRECT_PAGE = "http://127.0.0.1:5000";
const ALICE = bearerFor("alice");

beforeAll(async () => {
	server = await startTestServer();
	await setDoc(doc(server.connect("alice"), "kept", "one"), { n: 1 });
});

afterAll(async () => {
	await server.stop();
});

const stillThere = async () => (await getDoc(doc(server.connect("alice"), "kept", "one"))).exists();

describe("the reset endpoint", () => {
	it.each([
		["a web page", { Origin: WEB_PAGE }],
		["the extension", { Origin: EXTENSION }],
		["a browser request without Origin", { "Sec-Fetch-Site": "cross-site" }],
	])("refuses %s and empties nothing", async (_, headers) => {
		const response = await fetch(`${server.url}${resetPath}`, { method: "DELETE", headers });
		expect(response.status).toBe(403);
		expect((await errorOf(response)).status).toBe("PERMISSION_DENIED");
		expect(await stillThere()).toBe(true);
	});

	it("grants no preflight, so a page's script never gets to send the DELETE", async () => {
		const preflight = await fetch(`${server.url}${resetPath}`, {
			method: "OPTIONS",
			headers: { Origin: WEB_PAGE, "Access-Control-Request-Method": "DELETE" },
		});
		expect(preflight.ok).toBe(false);
		expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
		expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
	});

	it("empties the database for a local tool, which sends neither header", async () => {
		const fresh = await startTestServer();
		try {
			await setDoc(doc(fresh.connect("alice"), "kept", "one"), { n: 1 });
			await fresh.reset();
			expect((await getDoc(doc(fresh.connect("alice"), "kept", "one"))).exists()).toBe(false);
		} finally {
			await fresh.stop();
		}
	});
});

describe("the administrator token", () => {
	it.each([
		["a web page", { Origin: WEB_PAGE }],
		["the extension", { Origin: EXTENSION }],
		["the redirect page", { Origin: REDIRECT_PAGE }],
		["a browser request without Origin", { "Sec-Fetch-Site": "same-site" }],
	])("is refused to %s, which reads and writes nothing", async (_, headers) => {
		const owner = { Authorization: "Bearer owner", ...headers };
		const read = await callRpc(server.url, "batchGet", { documents: [`${DOCUMENTS}/kept/one`] }, owner);
		expect(read.status).toBe(403);
		const error = await errorOf(read);
		expect(error.status).toBe("PERMISSION_DENIED");
		expect(error.message).toContain("local tools only");
		const write = await callRpc(server.url, "commit", { writes: [{ delete: `${DOCUMENTS}/kept/one` }] }, owner);
		expect(write.status).toBe(403);
		expect(await stillThere()).toBe(true);
	});

	it("still serves local tools, which send no Origin", async () => {
		const response = await callRpc(server.url, "batchGet", { documents: [`${DOCUMENTS}/kept/one`] });
		expect(response.status).toBe(200);
	});
});

describe("what the extension and the redirect page do", () => {
	it.each([
		["the extension", EXTENSION],
		["the redirect page", REDIRECT_PAGE],
	])("%s gets its preflight and its rules-checked calls, with CORS", async (_, origin) => {
		const preflight = await fetch(`${server.url}/v1/${DOCUMENTS}:commit`, {
			method: "OPTIONS",
			headers: {
				Origin: origin,
				"Access-Control-Request-Method": "POST",
				"Access-Control-Request-Headers": "authorization,content-type",
			},
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
		expect(preflight.headers.get("access-control-allow-methods")).not.toContain("DELETE");
		const read = await callRpc(
			server.url,
			"batchGet",
			{ documents: [`${DOCUMENTS}/kept/one`] },
			{ Origin: origin, Authorization: ALICE },
		);
		expect(read.status).toBe(200);
		expect(read.headers.get("access-control-allow-origin")).toBe("*");
		const signedOut = await callRpc(
			server.url,
			"batchGet",
			{ documents: [`${DOCUMENTS}/kept/one`] },
			{ Origin: origin },
		);
		expect(signedOut.status).toBe(200);
	});
});
