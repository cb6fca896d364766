/**
 * The short-link site under every name that reaches it. A link whose target is on the site would send each
 * visit back to the site, forever (or two links to each other), spending a read and a write per hop.
 * checkUrl refuses these hosts, and firestore.rules' shortLinkSite() lists the same: scripts/deploy.ts
 * writes this list into the rules it deploys, and the local backend hands it to local/policy.ts.
 */
import type { ShortyConfig } from "../config";

/**
 * Each entry is a host as URL.host spells it, lower case and without a root dot: "name" stands for the
 * name on every port, "name:port" (a base with an explicit port, as the local backend's) for that port.
 * Hosting serves one site at <project>.web.app, at <project>.firebaseapp.com (also the default auth
 * domain) and at the custom domain of the short-link base, whichever of them the links show.
 */
export function shortLinkSiteHosts({ firebase, shortLinkBase }: Pick<ShortyConfig, "firebase" | "shortLinkBase">) {
	const hosts = [
		...projectSiteHosts(firebase.projectId),
		new URL(`https://${firebase.authDomain}`).hostname,
		siteHostOf(shortLinkBase),
	].map(withoutRootDot);
	return [...new Set(hosts)].sort();
}

/** The names Hosting gives every project's site, whatever else it is called; all the function knows. */
export function projectSiteHosts(projectId: string): string[] {
	const project = projectId.toLowerCase();
	return [`${project}.web.app`, `${project}.firebaseapp.com`];
}

/** "example.com." is the fully qualified example.com, with or without a port after it. */
const withoutRootDot = (host: string) => host.replace(/\.(?=:|$)/, "");

/** The entry for the site at `base` ("https://sho.rt/"): its host, with the port if it names one. */
export function siteHostOf(base: string): string {
	return withoutRootDot(new URL(base).host);
}

/** Whether `url` is on the site whose hosts are `siteHosts` (as shortLinkSiteHosts gives them). */
export function isOnShortLinkSite({ hostname, port }: URL, siteHosts: readonly string[]): boolean {
	const name = hostname.replace(/\.$/, "");
	return siteHosts.includes(name) || (port !== "" && siteHosts.includes(`${name}:${port}`));
}
