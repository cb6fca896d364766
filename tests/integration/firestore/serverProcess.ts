/**
 * The server in a process of its own, for the tests that kill it with SIGKILL mid-commit.
 * Usage: node --import tsx serverProcess.ts <dataDir> [allow-all|shorty]; prints {"port": n} once it listens.
 * "shorty" enforces firestore.rules' policy (local/policy.ts); the default allows everything.
 */

import { localShortLinkSite } from "../../../local/config";
import { startFirestoreServer } from "../../../local/firestore/server";
import { shortyPolicy } from "../../../local/policy";
import { serverOptions } from "./helpers";

const [, , dataDir, policy = "allow-all"] = process.argv;
if (dataDir === undefined) throw new Error("usage: serverProcess.ts <dataDir> [allow-all|shorty]");
const server = await startFirestoreServer(
	serverOptions(dataDir, policy === "shorty" ? { policy: shortyPolicy(localShortLinkSite()) } : {}),
);
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
