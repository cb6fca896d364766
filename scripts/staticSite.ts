/**
 * The Spark-plan deploy (`npm run deploy:static`), derived from firebase.json rather than kept as a second
 * copy: the same site with the code-shaped paths sent to the static page (redirect/index.html, which finds
 * the target with JavaScript) instead of the Cloud Function, and no function. The page is the same for
 * every code, so those paths are cached like the page itself.
 */

interface Rewrite {
	regex?: string;
	function?: unknown;
	destination?: string;
}

interface HeaderRule {
	source?: string;
	regex?: string;
	headers: Array<{ key: string; value: string }>;
}

export interface DeployConfig {
	hosting: { rewrites: Rewrite[]; headers: HeaderRule[] } & Record<string, unknown>;
	functions?: unknown;
	[key: string]: unknown;
}

const toPage = ({ regex }: Rewrite): Rewrite => ({ ...(regex ? { regex } : {}), destination: "/index.html" });

export function staticSite({ functions, hosting, ...rest }: DeployConfig): DeployConfig {
	const codePaths = hosting.rewrites.filter((rewrite) => rewrite.function !== undefined);
	const pageCache = hosting.headers
		.flatMap((rule) => rule.headers)
		.filter(({ key }) => key.toLowerCase() === "cache-control");
	return {
		...rest,
		hosting: {
			...hosting,
			rewrites: hosting.rewrites.map((rewrite) => (codePaths.includes(rewrite) ? toPage(rewrite) : rewrite)),
			headers: [
				...hosting.headers,
				...codePaths.flatMap(({ regex }) => (regex && pageCache.length > 0 ? [{ regex, headers: pageCache }] : [])),
			],
		},
	};
}
