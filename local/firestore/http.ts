/** HTTP plumbing: request bodies, JSON answers, and the CORS headers browsers need to call from other origins. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { invalidArgument } from "./errors";
import { jsonReplacer } from "./values";

/** Firestore refuses requests over 10 MiB; a little slack covers the JSON around the documents. */
const MAX_BODY_BYTES = 11 * 1024 * 1024;

/** Headers the SDK sends (it adds its own x-goog-* and x-firebase-* ones over time, so those are echoed). */
const ALLOWED_HEADERS = [
	"authorization",
	"content-type",
	"google-cloud-resource-prefix",
	"x-goog-api-client",
	"x-goog-request-params",
	"x-firebase-gmpid",
	"x-firebase-appcheck",
	"x-firebase-client",
];

export function corsHeaders(request: IncomingMessage): Record<string, string> {
	const requested = String(request.headers["access-control-request-headers"] ?? "")
		.split(",")
		.map((header) => header.trim().toLowerCase())
		.filter((header) => /^(x-goog-|x-firebase-)[a-z0-9-]+$/.test(header) && !ALLOWED_HEADERS.includes(header));
	return {
		"Access-Control-Allow-Origin": "*",
		"Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
		"Access-Control-Allow-Headers": [...ALLOWED_HEADERS, ...requested].join(", "),
		"Access-Control-Max-Age": "3600",
	};
}

export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY_BYTES) throw invalidArgument(`The request body is larger than ${MAX_BODY_BYTES} bytes`);
		chunks.push(chunk as Buffer);
	}
	const text = Buffer.concat(chunks).toString("utf8");
	if (text.trim() === "") return {};
	try {
		return JSON.parse(text);
	} catch (error) {
		throw invalidArgument(`The request body is not valid JSON: ${(error as Error).message}`);
	}
}

export function sendJson(
	request: IncomingMessage,
	response: ServerResponse,
	status: number,
	body: unknown,
	extraHeaders: Record<string, string> = {},
): void {
	const text = JSON.stringify(body, jsonReplacer);
	response.writeHead(status, {
		...corsHeaders(request),
		"Content-Type": "application/json; charset=utf-8",
		"Content-Length": String(Buffer.byteLength(text)),
		...extraHeaders,
	});
	response.end(text);
}
