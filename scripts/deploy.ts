// `npm run deploy -- --project <id>` (Blaze plan): the rules, the indexes, Hosting and the short-link
// Cloud Function. `npm run deploy:static -- --project <id>` (Spark plan, no Cloud Functions): the rules,
// the indexes and Hosting with the static redirect page answering short links, from a config derived from
// firebase.json (local/staticSite.ts) into firebase.static.json (git-ignored). Other arguments go to
// `firebase deploy`; both builds run as its predeploy steps (firebase.json).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type FirebaseJson, REPO_ROOT, readJson } from "../local/config";
import { staticSite } from "../local/staticSite";

const FIREBASE_BIN = join(REPO_ROOT, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");
const STATIC_CONFIG = "firebase.static.json";

const args = process.argv.slice(2);
const isStatic = args.includes("--static");
const passed = args.filter((arg) => arg !== "--static");

let deploy: string[];
if (isStatic) {
	const config = staticSite(readJson<FirebaseJson>("firebase.json"));
	writeFileSync(join(REPO_ROOT, STATIC_CONFIG), `${JSON.stringify(config, null, 2)}\n`);
	deploy = ["deploy", "--config", STATIC_CONFIG, "--only", "firestore:rules,firestore:indexes,hosting"];
} else {
	deploy = ["deploy", "--only", "firestore:rules,firestore:indexes,hosting,functions"];
}
const { status } = spawnSync(process.execPath, [FIREBASE_BIN, ...deploy, ...passed], {
	cwd: REPO_ROOT,
	stdio: "inherit",
});
process.exit(status ?? 1);
