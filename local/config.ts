/** Where the local backend's settings come from: firebase.json for defaults, environment variables to override. */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { configFromEnv } from "../src/config";
import { shortLinkSiteHosts } from "../src/links/shortLinkSite";
import type { FieldOverride, IndexDefinition } from "./firestore/types";

/** A demo- project never reaches Google's servers and needs no account. */
export const PROJECT_ID = "demo-shorty";
export const REPO_ROOT = resolve(import.meta.dirname, "..");
/** Persistent state of `npm start` / `npm run backend` (git-ignored). */
export const DATA_DIR = join(REPO_ROOT, ".data");

export interface BackendPorts {
	auth: number;
	firestore: number;
	hosting: number;
}

/** The environment variable that overrides each port, named in every "port in use" message. */
export const PORT_VARIABLES: Record<keyof BackendPorts, string> = {
	auth: "SHORTY_AUTH_PORT",
	firestore: "SHORTY_FIRESTORE_PORT",
	hosting: "SHORTY_HOSTING_PORT",
};

export interface HostingRewrite {
	regex?: string;
	source?: string;
	destination?: string;
	function?: { functionId: string; region: string };
}

export interface HostingHeaders {
	source?: string;
	regex?: string;
	headers: Array<{ key: string; value: string }>;
}

export interface FirebaseJson {
	firestore: { rules: string; indexes: string };
	hosting: { public: string; ignore?: string[]; rewrites: HostingRewrite[]; headers: HostingHeaders[] };
	functions: { source: string; runtime: string };
	emulators: Record<keyof BackendPorts, { host: string; port: number }> & Record<string, unknown>;
}

export function readJson<T>(file: string): T {
	return JSON.parse(readFileSync(join(REPO_ROOT, file), "utf8")) as T;
}

interface IndexesJson {
	indexes: IndexDefinition[];
	fieldOverrides?: FieldOverride[];
}

export function readIndexes(): IndexDefinition[] {
	return readJson<IndexesJson>("firestore.indexes.json").indexes;
}

export function readFieldOverrides(): FieldOverride[] {
	return readJson<IndexesJson>("firestore.indexes.json").fieldOverrides ?? [];
}

function parsePort(name: string, text: string): number {
	const port = Number(text);
	if (!Number.isInteger(port) || port < 1 || port > 65535) {
		throw new Error(`${name} must be a port number from 1 to 65535, not "${text}"`);
	}
	return port;
}

export function configuredPorts(env: NodeJS.ProcessEnv = process.env): BackendPorts {
	const { emulators } = readJson<FirebaseJson>("firebase.json");
	const pick = (service: keyof BackendPorts) => {
		const override = env[PORT_VARIABLES[service]];
		return override ? parsePort(PORT_VARIABLES[service], override) : emulators[service].port;
	};
	return { auth: pick("auth"), firestore: pick("firestore"), hosting: pick("hosting") };
}

/**
 * The short-link site of a local backend (demo-shorty) whose Hosting emulator listens on `hosting`
 * (host:port), as the rules' shortLinkSite() would list it. Without `hosting`, the default local build's
 * (127.0.0.1:5000): what firestore.rules itself holds.
 */
export function localShortLinkSite(hosting?: string): string[] {
	return shortLinkSiteHosts(configFromEnv(hosting ? { VITE_SHORT_LINK_BASE: `http://${hosting}/` } : {}));
}
