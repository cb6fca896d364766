/** `npm run seed`: the demo account and its links, on a backend started by `npm run backend`. */
import { configuredPorts } from "../config";
import { DEMO_ACCOUNT, seedDemoData } from "../seed";

const ports = configuredPorts();
try {
	const written = await seedDemoData({ auth: `127.0.0.1:${ports.auth}`, firestore: `127.0.0.1:${ports.firestore}` });
	console.log(
		written > 0
			? `Seeded ${written} links for ${DEMO_ACCOUNT.email} (password: ${DEMO_ACCOUNT.password}).`
			: `${DEMO_ACCOUNT.email} already has links; nothing to seed.`,
	);
} catch (error) {
	const refused = error instanceof TypeError && String(error.cause).includes("ECONNREFUSED");
	console.error(refused ? "The local backend is not running: start it with `npm run backend` first." : error);
	process.exit(1);
}
