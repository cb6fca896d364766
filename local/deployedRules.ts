/**
 * The rules as deployed: firestore.rules with shortLinkSite() listing the deployed project's short-link
 * site (src/links/shortLinkSite.ts). The committed file lists the local backend's, which is what the local
 * policy and the schema test read; the project's names are known only from the build's configuration.
 */
const SITE_FUNCTION = /(function shortLinkSite\(\) \{\s*return )\[[^\]]*\](;\s*\})/g;

/** What URL.host can hold, and nothing that could end a rules string. */
const HOST = /^[a-z0-9._:[\]-]+$/;

export function rulesForSite(rules: string, siteHosts: readonly string[]): string {
	const found = [...rules.matchAll(SITE_FUNCTION)].length;
	if (found !== 1) {
		throw new Error(`firestore.rules: expected one "function shortLinkSite() { return [...]; }", found ${found}`);
	}
	const strange = siteHosts.find((host) => !HOST.test(host));
	if (siteHosts.length === 0 || strange !== undefined) {
		throw new Error(`the short-link site's hosts cannot go into the rules: ${JSON.stringify(siteHosts)}`);
	}
	const list = `[${siteHosts.map((host) => `'${host}'`).join(", ")}]`;
	return rules.replace(SITE_FUNCTION, (_, start: string, end: string) => `${start}${list}${end}`);
}
