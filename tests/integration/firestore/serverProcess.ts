/**
 * The server in a process of its own, for the test that kills it with SIGKILL mid-commit.
 * Usage: node --import tsx serverProcess.ts <dataDir>; prints {"port": n} once it listens.
 */
import { startFirestoreServer } from "../../../local/firestore/server";
import { serverOptions } from "./helpers";

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error("usage: serverProcess.ts <dataDir>");
const server = await startFirestoreServer(serverOptions(dataDir));
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
