/**
 * How the warnings name the anonymous session's links: "the 3 links", "the link", "the links" (count
 * unknown), with the capitalised form for the start of a sentence.
 */
export function linkWords(count: number | null): { theLinks: string; theLinksCapitalised: string; them: string } {
	if (count === 1) return { theLinks: "the link", theLinksCapitalised: "The link", them: "it" };
	const links = count === null ? "links" : `${count.toLocaleString("en")} links`;
	return { theLinks: `the ${links}`, theLinksCapitalised: `The ${links}`, them: "them" };
}
