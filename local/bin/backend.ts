/**
 * `npm run backend`: the local backend alone, in the foreground, for tests and tools that drive it from
 * outside. Data persists in .data/. Ctrl-C stops it (and saves Auth accounts).
 */

import { startBackend } from "../backend";
import { configuredPorts, DATA_DIR } from "../config";
import { PortInUseError } from "../ports";

try {
	const backend = await startBackend({ ports: configuredPorts(), dataDir: DATA_DIR, persistAuth: true });
	const { auth, firestore, hosting } = backend.ports;
	console.log(`Shorty's local backend is up (data in ${DATA_DIR}):
  Auth emulator      http://127.0.0.1:${auth}
  Firestore server   http://127.0.0.1:${firestore}
  Hosting emulator   http://127.0.0.1:${hosting}   (short links: the Cloud Function in the Functions emulator)
For the Firebase SDKs and CLI:
${Object.entries(backend.env)
	.map(([name, value]) => `  export ${name}=${value}`)
	.join("\n")}
Press Ctrl-C to stop.`);
	const stop = async () => {
		await backend.stop();
		process.exit(0);
	};
	process.once("SIGINT", stop);
	process.once("SIGTERM", stop);
} catch (error) {
	console.error(error instanceof PortInUseError ? error.message : error);
	process.exit(1);
}
