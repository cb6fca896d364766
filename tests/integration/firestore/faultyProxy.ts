/**
 * An HTTP proxy in front of a Firestore server (or the Auth emulator) that can catch one request and
 * decide its fate: pass it on, let it reach the server but lose the answer, or cut it before it arrives.
 * Fault tests use it to stop a backend exactly while a shorten's commit is in flight, and others to hold
 * Auth's reload of a user. When the server is down, every request is cut, as a client sees a dead server.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface CaughtRequest {
	/** The URL's path, without the query (the SDK adds ?key=...). */
	path: string;
	body: string;
	/** Passes it on and its answer back. */
	pass(): Promise<void>;
	/** Passes it on and waits for the server's answer, which the client then never gets. */
	loseAnswer(): Promise<void>;
	/**
	 * Passes it on and waits for the server's answer, which reaches the client only when the function it
	 * resolves to is called: an answer read now and delivered late, as on a slow network.
	 */
	answerLater(): Promise<() => void>;
	/** Cuts the connection: the server never sees it. */
	cut(): void;
}

export interface FaultyProxy {
	port: number;
	/** The next request for which `match` is true, held until its fate is chosen. */
	catchNext(match: (path: string, body: string) => boolean): Promise<CaughtRequest>;
	/** The method of every request that arrived so far, in order: "commit", "batchGet", "runQuery", ... */
	readonly methods: string[];
	close(): Promise<void>;
}

interface Trap {
	match: (path: string, body: string) => boolean;
	caught: (request: CaughtRequest) => void;
}

async function readBody(incoming: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of incoming) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString("utf8");
}

/** Sends the request upstream; resolves with the answer's status, headers and body, or rejects if down. */
function upstream(
	port: number,
	incoming: IncomingMessage,
	body: string,
): Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }> {
	return new Promise((resolve, reject) => {
		const outgoing = request(
			{ host: "127.0.0.1", port, method: incoming.method, path: incoming.url, headers: incoming.headers },
			async (answer) => {
				try {
					const chunks: Buffer[] = [];
					for await (const chunk of answer) chunks.push(chunk as Buffer);
					resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) });
				} catch (error) {
					reject(error);
				}
			},
		);
		outgoing.on("error", reject);
		outgoing.end(body);
	});
}

export async function startFaultyProxy(upstreamPort: number, port = 0): Promise<FaultyProxy> {
	const traps: Trap[] = [];
	const methods: string[] = [];

	/** The server's answer to `incoming`, to send when the caller says; a dead server's is a cut. */
	async function answerOf(incoming: IncomingMessage, body: string, response: ServerResponse): Promise<() => void> {
		try {
			const answer = await upstream(upstreamPort, incoming, body);
			return () => {
				response.writeHead(answer.status, answer.headers);
				response.end(answer.body);
			};
		} catch {
			return () => response.socket?.destroy();
		}
	}

	async function pass(incoming: IncomingMessage, body: string, response: ServerResponse): Promise<void> {
		(await answerOf(incoming, body, response))();
	}

	const server = createServer(async (incoming, response) => {
		const body = await readBody(incoming);
		const path = new URL(incoming.url ?? "/", "http://proxy").pathname;
		methods.push(path.split(":").at(-1) ?? path);
		const index = traps.findIndex((trap) => trap.match(path, body));
		const trap = index === -1 ? undefined : traps.splice(index, 1)[0];
		if (!trap) return pass(incoming, body, response);
		trap.caught({
			path,
			body,
			pass: () => pass(incoming, body, response),
			async loseAnswer() {
				await upstream(upstreamPort, incoming, body);
				response.socket?.destroy();
			},
			cut: () => response.socket?.destroy(),
			answerLater: () => answerOf(incoming, body, response),
		});
	});
	await new Promise<void>((listening) => server.listen(port, "127.0.0.1", listening));

	return {
		port: (server.address() as AddressInfo).port,
		catchNext: (match) => new Promise((caught) => traps.push({ match, caught })),
		methods,
		close: () =>
			new Promise((closed) => {
				server.closeAllConnections();
				server.close(() => closed());
			}),
	};
}
