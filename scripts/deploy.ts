// `npm run deploy -- --project <id>` (Blaze plan): the rules, the indexes, Hosting and the short-link
// Cloud Function. `npm run deploy:static -- --project <id>` (Spark plan, no Cloud Functions): the rules,
// the indexes and Hosting with the static redirect page answering short links, from a config derived from
// firebase.json (local/staticSite.ts). Other arguments go to
// `firebase deploy`; both builds run as its predeploy steps (firebase.json).
// Both deploy the rules with the project's short-link site written into shortLinkSite()
// (local/deployedRules.ts), from the build's configuration (.env, as `npm run build` reads it), into
// firestore.deploy.rules and firebase.deploy.json (git-ignored): one project, named once.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadEnv } from "vite";
import { type FirebaseJson, REPO_ROOT, readJson } from "../local/config";
import { rulesForSite } from "../local/deployedRules";
import { staticSite } from "../local/staticSite";
import { configFromEnv } from "../src/config";
import { shortLinkSiteHosts } from "../src/links/shortLinkSite";

const FIREBASE_BIN = join(REPO_ROOT, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");
const DEPLOY_CONFIG = "firebase.deploy.json";
const DEPLOY_RULES = "firestore.deploy.rules";

const args = process.argv.slice(2);
const isStatic = args.includes("--static");
const passed = args.filter((arg) => arg !== "--static");

function fail(message: string): never {
	console.error(`npm run deploy: ${message}`);
	process.exit(1);
}

const built = configFromEnv(loadEnv("production", REPO_ROOT, "VITE_"));
if (built.emulators) {
	fail("VITE_FIREBASE_PROJECT_ID is not set (see .env.example): the rules must know the project's own site.");
}
const project = built.firebase.projectId;
const projectAt = passed.findIndex((arg) => arg === "--project" || arg === "-P");
const named = projectAt === -1 ? undefined : passed[projectAt + 1];
if (named !== undefined && named !== project) {
	fail(`--project ${named}, but the build is configured for ${project} (VITE_FIREBASE_PROJECT_ID): deploy that one.`);
}

const rules = readFileSync(join(REPO_ROOT, "firestore.rules"), "utf8");
writeFileSync(join(REPO_ROOT, DEPLOY_RULES), rulesForSite(rules, shortLinkSiteHosts(built)));
const firebaseJson = readJson<FirebaseJson>("firebase.json");
const site = isStatic ? staticSite(firebaseJson) : firebaseJson;
const config = { ...site, firestore: { ...firebaseJson.firestore, rules: DEPLOY_RULES } };
writeFileSync(join(REPO_ROOT, DEPLOY_CONFIG), `${JSON.stringify(config, null, 2)}\n`);
const only = isStatic
	? "firestore:rules,firestore:indexes,hosting"
	: "firestore:rules,firestore:indexes,hosting,functions";
const deploy = ["deploy", "--config", DEPLOY_CONFIG, "--only", only, ...(named ? [] : ["--project", project])];
const { status } = spawnSync(process.execPath, [FIREBASE_BIN, ...deploy, ...passed], {
	cwd: REPO_ROOT,
	stdio: "inherit",
});
process.exit(status ?? 1);
