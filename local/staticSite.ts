/**
 * The site as the Spark plan can have it (`npm run deploy:static`, and local backends that never open a
 * short link), derived from firebase.json rather than kept as a second copy: code-shaped paths go to the
 * static page (redirect/index.html, which finds the target with JavaScript) instead of the Cloud
 * Function, and there is no function. The page is the same for every code, so those paths are cached
 * like the page itself.
 */
import type { FirebaseJson, HostingRewrite } from "./config";

export type StaticSite = Omit<FirebaseJson, "functions">;

const toPage = ({ regex }: HostingRewrite): HostingRewrite => ({
	...(regex ? { regex } : {}),
	destination: "/index.html",
});

export function staticSite({ functions, hosting, ...rest }: FirebaseJson): StaticSite {
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
