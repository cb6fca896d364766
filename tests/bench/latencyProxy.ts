/**
 * A proxy in front of a local server that makes it as far away as a real one: every HTTP exchange pays one
 * round trip, half on the way out (held before it is passed on) and half on the way back (held before the
 * answer is sent). Per request, not per connection: Chrome keeps connections alive, and a delay charged
 * only when one opens would let every later request through for free. A CORS preflight (OPTIONS) is a
 * request of its own on the wire and pays like any other; the proxy counts the two apart.
 * Not charged: opening a connection (TCP and TLS, one or two round trips in production, once per browser
 * session over HTTP/2), so the figures are a floor.
 */
import { Agent, createServer, type IncomingMessage, request } from "node:http";
import type { AddressInfo } from "node:net";

/** One exchange as it reached the proxy: when (Date.now()), and "METHOD path" (the path without its query). */
export interface Exchange {
	at: number;
	request: string;
	/** A CORS preflight (OPTIONS), which a user waits for as for any request. */
	preflight: boolean;
}

export interface LatencyProxy {
	/** "127.0.0.1:<port>", for a build to talk to. */
	host: string;
	/** The round trip each exchange pays from now on, in milliseconds. */
	setRoundTrip(ms: number): void;
	/** The exchanges that arrived since the last call (or the start) up to `until`; forgets all of them. */
	take(until?: number): Exchange[];
	close(): Promise<void>;
}

/** The round trip the latency benchmarks add: SHORTY_BENCH_RTT_MS, 100 ms unless set. */
export function benchRoundTrip(): number {
	const text = process.env.SHORTY_BENCH_RTT_MS ?? "100";
	const ms = Number(text);
	if (!Number.isFinite(ms) || ms < 0) throw new Error(`SHORTY_BENCH_RTT_MS must be milliseconds, not "${text}"`);
	return ms;
}

const wait = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

async function bodyOf(message: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of message) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/** Starts a proxy on a free port in front of `upstream` ("host:port"), adding `roundTripMs` to each exchange. */
export async function startLatencyProxy(upstream: string, roundTripMs: number): Promise<LatencyProxy> {
	const [upstreamHost = "127.0.0.1", upstreamPort] = upstream.split(":");
	const agent = new Agent({ keepAlive: true });
	let roundTrip = roundTripMs;
	let log: Exchange[] = [];

	const server = createServer(async (incoming, response) => {
		// Both halves are taken from the round trip in force when the request arrives.
		const half = roundTrip / 2;
		const body = await bodyOf(incoming);
		const path = new URL(incoming.url ?? "/", "http://proxy").pathname;
		log.push({ at: Date.now(), request: `${incoming.method} ${path}`, preflight: incoming.method === "OPTIONS" });
		await wait(half);
		const outgoing = request(
			{
				host: upstreamHost,
				port: upstreamPort,
				method: incoming.method,
				path: incoming.url,
				headers: incoming.headers,
				agent,
			},
			async (answer) => {
				const answerBody = await bodyOf(answer);
				await wait(half);
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				response.end(answerBody);
			},
		);
		outgoing.on("error", () => response.socket?.destroy());
		outgoing.end(body);
	});
	await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));

	return {
		host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
		setRoundTrip(ms) {
			roundTrip = ms;
		},
		take(until = Number.POSITIVE_INFINITY) {
			const taken = log.filter((exchange) => exchange.at <= until);
			log = [];
			return taken;
		},
		close: () =>
			new Promise((closed) => {
				server.closeAllConnections();
				agent.destroy();
				server.close(() => closed());
			}),
	};
}
