// What Vite's ?raw and ?inline imports give: the file's text (its CSS, processed, for ?inline). Declared
// here rather than through vite/client, whose types bring the DOM into a program that must not use it.
declare module "*?raw" {
	const text: string;
	export default text;
}

declare module "*?inline" {
	const css: string;
	export default css;
}
