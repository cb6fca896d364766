/**
 * Shorty's local Firestore: an HTTP server answering the Firestore v1 REST calls that
 * `firebase/firestore/lite` makes, at the same paths and in the same JSON, backed by a durable local store.
 * This module routes requests, authenticates callers and turns failures into Firestore's error bodies;
 * database.ts does the work.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Caller } from "./commit";
import { Database } from "./database";
import { FirestoreError, invalidArgument, unimplemented } from "./errors";
import { corsHeaders, readJsonBody, sendJson } from "./http";
import { DEFAULT_DATABASE } from "./paths";
import type { FirestoreServerOptions, RunningFirestoreServer } from "./types";

/** The official emulator's convention: this bearer token is an administrator, as the Admin SDK would be. */
const OWNER_AUTHORIZATION = "Bearer owner";

/**
 * Whether a browser sent the request. Browsers add Origin to every cross-origin request and to every POST
 * and DELETE, and Sec-Fetch-Site to every request, and scripts cannot remove either; Node's fetch, which
 * the SDK, the seed script and the tests use, sends neither. The administrator and the reset endpoint are
 * refused to browsers, so a web page open during development can neither read nor wipe local data; the
 * extension and the redirect page only ever make rules-checked calls.
 */
const fromBrowser = (request: IncomingMessage): boolean =>
	request.headers.origin !== undefined || request.headers["sec-fetch-site"] !== undefined;

const localToolsOnly = (what: string) =>
	new FirestoreError(
		"PERMISSION_DENIED",
		`${what} is for local tools only and refuses requests from a browser (they carry Origin or Sec-Fetch-Site)`,
	);

const RPC_PATH = /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents((?:\/[^/:]+)*):([A-Za-z]+)$/;
/** What firebase/firestore/lite calls; ExecutePipeline (pipeline queries) is left out on purpose. */
const RPCS: ReadonlySet<string> = new Set(["commit", "batchGet", "runQuery", "runAggregationQuery"]);
const RESET_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/;

export async function startFirestoreServer(options: FirestoreServerOptions): Promise<RunningFirestoreServer> {
	const database = await Database.open(options);
	const active = new Set<Promise<void>>();
	let closing = false;

	const server = createServer((request, response) => {
		// A request counts as in flight until its answer has left, so close() never cuts one off.
		const answered = new Promise<void>((resolve) => response.once("close", resolve));
		active.add(answered);
		void answered.then(() => active.delete(answered));
		void handle(request, response);
	});

	async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		try {
			if (closing) throw new FirestoreError("UNAVAILABLE", "Shorty's local Firestore server is shutting down");
			await route(request, response);
		} catch (error) {
			const failure =
				error instanceof FirestoreError
					? error
					: new FirestoreError("INTERNAL", `Shorty's local Firestore server failed: ${String(error)}`);
			if (failure.status === "INTERNAL") console.error(error);
			if (response.headersSent) {
				response.destroy();
				return;
			}
			sendJson(
				request,
				response,
				failure.httpStatus,
				failure.toBody(),
				request.complete ? {} : { Connection: "close" },
			);
		}
	}

	async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const method = request.method ?? "GET";
		const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
		const reset = RESET_PATH.exec(pathname);
		if (method === "OPTIONS") {
			// A preflight comes from a browser by definition, and the reset endpoint never answers one.
			response.writeHead(reset ? 403 : 204, reset ? {} : corsHeaders(request));
			response.end();
			return;
		}
		if (method === "GET" && pathname === "/") {
			response.writeHead(200, { ...corsHeaders(request), "Content-Type": "text/plain; charset=utf-8" });
			response.end("Ok\n");
			return;
		}
		if (reset && method === "DELETE") {
			// Like the emulator's, this endpoint takes no credentials: it exists for tests and local tools.
			if (fromBrowser(request)) throw localToolsOnly("The reset endpoint");
			checkDatabase(reset[1] as string, reset[2] as string);
			await database.reset();
			sendJson(request, response, 200, {});
			return;
		}
		const rpc = RPC_PATH.exec(pathname);
		if (!rpc || method !== "POST") throw unimplemented(`${method} ${pathname}`);
		const [, project, databaseId, parentSegments = "", name = ""] = rpc;
		checkDatabase(project as string, databaseId as string);
		if (!RPCS.has(name)) throw unimplemented(name);
		const parentPath = parentSegments.split("/").slice(1).map(decodeSegment).join("/");
		const root = database.root;
		const parent = root.parentPath(parentPath === "" ? root.documentsName : root.nameOf(parentPath), "parent");
		if ((name === "commit" || name === "batchGet") && parent !== "")
			throw invalidArgument(`${name} is called on the database, not on ${parent}`);
		const caller = await authenticate(request);
		const body = await readJsonBody(request);
		switch (name) {
			case "commit":
				sendJson(request, response, 200, await database.commit(body, caller));
				return;
			case "batchGet":
				sendJson(request, response, 200, database.batchGet(body, caller));
				return;
			case "runQuery":
				sendJson(request, response, 200, database.runQuery(body, parent, caller));
				return;
			default:
				sendJson(request, response, 200, database.runAggregationQuery(body, parent, caller));
		}
	}

	function checkDatabase(project: string, databaseId: string): void {
		const projectId = decodeSegment(project);
		if (projectId !== options.projectId)
			throw new FirestoreError(
				"NOT_FOUND",
				`Project "${projectId}" is not served here; Shorty's local Firestore serves "${options.projectId}"`,
			);
		if (decodeSegment(databaseId) !== DEFAULT_DATABASE)
			throw new FirestoreError(
				"NOT_FOUND",
				`Database "${decodeSegment(databaseId)}" does not exist; only ${DEFAULT_DATABASE} does`,
			);
	}

	async function authenticate(request: IncomingMessage): Promise<Caller> {
		const authorization = request.headers.authorization;
		if (authorization === OWNER_AUTHORIZATION) {
			if (fromBrowser(request)) throw localToolsOnly("The administrator token (Bearer owner)");
			return { admin: true };
		}
		try {
			return { admin: false, auth: await options.authenticate(authorization) };
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			throw new FirestoreError("UNAUTHENTICATED", `The request's credentials were rejected: ${reason}`);
		}
	}

	try {
		await new Promise<void>((resolve, reject) => {
			server.once("error", reject);
			server.listen(options.port, options.host ?? "127.0.0.1", () => {
				server.off("error", reject);
				resolve();
			});
		});
	} catch (error) {
		await database.close();
		throw error;
	}

	return {
		port: (server.address() as AddressInfo).port,
		async close() {
			closing = true;
			const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
			server.closeIdleConnections();
			await Promise.all(active);
			await database.close();
			server.closeAllConnections();
			await stopped;
		},
	};
}

function decodeSegment(segment: string): string {
	let decoded: string;
	try {
		decoded = decodeURIComponent(segment);
	} catch {
		throw invalidArgument(`"${segment}" is not a valid URL path segment`);
	}
	if (decoded.includes("/")) throw invalidArgument(`"${segment}" decodes to a path segment containing "/"`);
	return decoded;
}
