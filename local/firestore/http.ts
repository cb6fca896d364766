/** HTTP plumbing: request bodies, JSON answers, and the CORS headers browsers need to call from other origins. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { invalidArgument } from "./errors";
import { MAX_REQUEST_BYTES, MAX_REQUEST_NESTING } from "./limits";
import { jsonReplacer } from "./values";

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
		"Access-Control-Allow-Methods": "GET, POST, OPTIONS",
		"Access-Control-Allow-Headers": [...ALLOWED_HEADERS, ...requested].join(", "),
		"Access-Control-Max-Age": "3600",
	};
}

/** The request's JSON, checked to be valid UTF-8 throughout and no deeper than production decodes. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request) {
		size += (chunk as Buffer).length;
		if (size > MAX_REQUEST_BYTES)
			throw invalidArgument(`Request payload size exceeds the limit: ${MAX_REQUEST_BYTES} bytes.`);
		chunks.push(chunk as Buffer);
	}
	let text: string;
	try {
		text = UTF8.decode(Buffer.concat(chunks));
	} catch {
		throw invalidArgument("The request body is not valid UTF-8");
	}
	if (text.trim() === "") return {};
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch (error) {
		throw invalidArgument(`The request body is not valid JSON: ${(error as Error).message}`);
	}
	checkJson(body);
	return body;
}

/** Fatal: Buffer's own decoding would quietly turn invalid bytes into U+FFFD, which production refuses. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** A UTF-16 surrogate that is not half of a pair: what JSON's "\ud800" escape yields, and no UTF-8 can hold. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Walks the parsed body without recursion, refusing nesting deeper than production decodes (which also
 * keeps every recursive parser after this one off the stack limit) and strings or keys with a lone
 * surrogate: production keeps text as UTF-8 and refuses what cannot be encoded as such.
 */
function checkJson(body: unknown): void {
	const stack: Array<{ value: object; depth: number; where: string }> = [];
	const visit = (value: unknown, depth: number, where: string) => {
		if (typeof value === "string") checkText(value, `the string at ${where || "the top level"}`);
		else if (typeof value === "object" && value !== null) {
			if (depth > MAX_REQUEST_NESTING)
				throw invalidArgument(`The request nests more than ${MAX_REQUEST_NESTING} levels deep (at ${where})`);
			stack.push({ value, depth, where });
		}
	};
	visit(body, 1, "");
	for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
		const { value, depth, where } = item;
		const at = (key: string) => (where === "" ? key : `${where}.${key}`);
		if (Array.isArray(value)) {
			value.forEach((element: unknown, i) => {
				visit(element, depth + 1, `${where}[${i}]`);
			});
			continue;
		}
		for (const [key, element] of Object.entries(value)) {
			checkText(key, `the key ${at(key)}`);
			visit(element, depth + 1, at(key));
		}
	}
}

function checkText(text: string, what: string): void {
	if (LONE_SURROGATE.test(text))
		throw invalidArgument(`The request is not valid UTF-8: ${what} holds a lone surrogate, which UTF-8 cannot encode`);
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
