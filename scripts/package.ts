// `npm run package`: artifacts/shorty-chrome-<version>.zip and artifacts/shorty-firefox-<version>.zip, built
// for the Firebase project `.env` names (scripts/storePackages.ts says what is refused, and why).
import { relative } from "node:path";
import { REPO_ROOT } from "../local/config";
import { makeStorePackages } from "./storePackages";

try {
	for (const path of await makeStorePackages()) console.log(`package: ${relative(REPO_ROOT, path)}`);
} catch (error) {
	console.error(`package: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
}
