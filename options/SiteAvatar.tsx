/**
 * Background colours for the letters, each at least 4.5:1 against white text (WCAG AA for small text),
 * so a letter reads on every one, in light and dark schemes alike.
 */
const COLOURS = [
	"#4338ca",
	"#0f766e",
	"#b45309",
	"#be123c",
	"#1d4ed8",
	"#7e22ce",
	"#15803d",
	"#c2410c",
	"#0369a1",
	"#a21caf",
];

/** "developer.chrome.com" → "D"; "www.w3.org" → "W", the site's own name rather than its "www". */
export function siteLetter(host: string): string {
	const [first = "?"] = host.replace(/^www\./, "");
	return first.toUpperCase();
}

/** The same site always gets the same colour, on any port: a small string hash of its name picks it. */
export function siteColour(host: string): string {
	let hash = 0;
	for (const char of host.replace(/:\d+$/, "")) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
	return COLOURS[hash % COLOURS.length] as string;
}

/**
 * A coloured letter for the target's site, where other link tables show a favicon. Drawn here, with no
 * request to any favicon service and no extra permission (docs/architecture.md says why). Decorative: the
 * site's name is right beside it.
 */
export function SiteAvatar({ host }: { host: string }) {
	return (
		<span className="site-avatar" aria-hidden="true" style={{ background: siteColour(host) }}>
			{siteLetter(host)}
		</span>
	);
}
