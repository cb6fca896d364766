/**
 * Defence in depth: the rules only let http(s) addresses into targets/, but the page must not trust the
 * database to have kept it that way. A javascript: address followed by location.replace would run in
 * this site's origin; data: and file: ones are no better.
 */
export function followableUrl(address: string): URL | null {
	let url: URL;
	try {
		// Not URL.canParse: visitors' browsers may predate it (Chrome 120, Safari 17).
		url = new URL(address);
	} catch {
		return null;
	}
	return url.protocol === "http:" || url.protocol === "https:" ? url : null;
}
