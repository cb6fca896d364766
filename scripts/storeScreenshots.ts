/**
 * The store's screenshots (part of `npm run screenshots`): 1280x800, light and dark, into
 * docs/store/screenshots/, for the Chrome Web Store, addons.mozilla.org and the README. Each is the real
 * build's view, drawn by Chromium, set in a drawn browser window (a headless browser has no toolbar to
 * photograph): the popup just after a click on an article, with its QR code open, and the options page's
 * links. The article is
 * served by the browser context itself under a real-looking https address, so the popup shows what a
 * user would see rather than a test host with a port.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { REPO_ROOT } from "../local/config";
import { type Extension, pressPopupButton } from "../tests/e2e/extension";
import { shownShortLink } from "../tests/e2e/shortLink";
import { optimisePng } from "./png";

export const STORE_SCREENSHOTS_DIR = join(REPO_ROOT, "docs", "store", "screenshots");
const SCHEMES = ["light", "dark"] as const;
type Scheme = (typeof SCHEMES)[number];

/** The stores' own size for screenshots. */
const WIDTH = 1280;
const HEIGHT = 800;
/** The drawn tab strip and toolbar above the page. */
const CHROME_HEIGHT = 86;
const PAGE_SIZE = { width: WIDTH, height: HEIGHT - CHROME_HEIGHT };

const ARTICLE_URL = "https://journal.lumenstudio.dev/posts/designing-calm-interfaces";
const ARTICLE_TITLE = "Designing calm interfaces: less noise, more signal";
const SITE_NAME = "Lumen Journal";

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;
const escapeHtml = (text: string) =>
	text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/** A plain, well-set article, in the reader's colour scheme. */
const ARTICLE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${ARTICLE_TITLE} · ${SITE_NAME}</title>
<meta name="color-scheme" content="light dark">
<style>
	:root { --ink: #1c1917; --quiet: #57534e; --line: #e7e5e4; --paper: #fafaf9; --accent: #0f766e; }
	@media (prefers-color-scheme: dark) {
		:root { --ink: #f5f5f4; --quiet: #a8a29e; --line: #292524; --paper: #0c0a09; --accent: #5eead4; }
	}
	body { margin: 0; background: var(--paper); color: var(--ink); font: 18px/1.65 Georgia, "DejaVu Serif", serif; }
	header { display: flex; align-items: center; gap: 32px; padding: 18px 64px; border-bottom: 1px solid var(--line);
		font: 600 15px system-ui, "DejaVu Sans", sans-serif; }
	header strong { font-size: 19px; margin-right: 24px; letter-spacing: -0.01em; }
	header span { color: var(--quiet); font-weight: 500; }
	main { max-width: 700px; margin: 0 0 0 160px; padding: 44px 0; }
	.kicker { color: var(--accent); font: 700 13px system-ui, "DejaVu Sans", sans-serif; letter-spacing: 0.08em; text-transform: uppercase; }
	h1 { font-size: 42px; line-height: 1.15; margin: 10px 0 14px; letter-spacing: -0.02em; }
	.byline { color: var(--quiet); font: 15px system-ui, "DejaVu Sans", sans-serif; margin-bottom: 26px; }
	.hero { height: 190px; border-radius: 10px; margin-bottom: 26px;
		background: linear-gradient(135deg, #99f6e4 0%, #5eead4 30%, #0d9488 65%, #134e4a 100%); }
	p { margin: 0 0 18px; }
</style></head>
<body>
	<header><strong>${SITE_NAME}</strong><span>Essays</span><span>Field notes</span><span>Newsletter</span></header>
	<main>
		<div class="kicker">Interface design</div>
		<h1>${ARTICLE_TITLE}</h1>
		<div class="byline">By Maren Okafor · 12 November 2026 · 9 min read</div>
		<div class="hero"></div>
		<p>The calmest tools are the ones you forget you are using. They answer at once, say one thing at a
		time, and never ask you to remember what they were doing a moment ago.</p>
		<p>We looked at thirty everyday utilities and found the same pattern: the ones people kept were quiet
		by default and loud only when something needed them.</p>
	</main>
</body></html>`;

const ICON = (name: string) =>
	`<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${name}</svg>`;
const BACK = ICON('<path d="M19 12H5M12 19l-7-7 7-7"/>');
const FORWARD = ICON('<path d="M5 12h14M12 5l7 7-7 7"/>');
const RELOAD = ICON('<path d="M21 12a9 9 0 1 1-3-6.7L21 8"/><path d="M21 3v5h-5"/>');
const PUZZLE = ICON(
	'<path d="M10 3h4v3a2 2 0 1 0 4 0V3h3v7h-3a2 2 0 1 0 0 4h3v7h-7v-3a2 2 0 1 0-4 0v3H3v-7h3a2 2 0 1 0 0-4H3V3z"/>',
);
const LOCK = ICON('<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>');

interface Scene {
	scheme: Scheme;
	tabTitle: string;
	/** The tab's icon, as an image URL. */
	favicon: string;
	/** What the address bar shows: an optional chip (an extension page's name), then the address. */
	chip?: string;
	address: string;
	/** The page, at PAGE_SIZE. */
	page: Buffer;
	/** The popup, open under Shorty's toolbar button. */
	popup?: Buffer;
}

/** A browser window around the page, in the colours of the scheme, with the popup where Chrome opens it. */
function windowHtml(scene: Scene, shortyIcon: string): string {
	const dark = scene.scheme === "dark";
	const colours = dark
		? {
				strip: "#1f2023",
				toolbar: "#35363a",
				tab: "#35363a",
				omnibox: "#202124",
				text: "#e8eaed",
				quiet: "#9aa0a6",
				pressed: "#4a4c50",
			}
		: {
				strip: "#dee1e6",
				toolbar: "#ffffff",
				tab: "#ffffff",
				omnibox: "#f1f3f4",
				text: "#202124",
				quiet: "#5f6368",
				pressed: "#e2e4e7",
			};
	const chip = scene.chip ? `<span class="chip">${escapeHtml(scene.chip)}</span>` : LOCK;
	const popup = scene.popup ? `<img class="popup" src="${dataUrl(scene.popup)}">` : "";
	return `<!doctype html><html><head><style>
	* { box-sizing: border-box; }
	body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; position: relative;
		font: 13px system-ui, "DejaVu Sans", sans-serif; color: ${colours.text}; background: ${colours.strip}; }
	.strip { height: 38px; display: flex; align-items: flex-end; padding: 0 12px; }
	.tab { width: 250px; height: 32px; background: ${colours.tab}; border-radius: 9px 9px 0 0; display: flex;
		align-items: center; gap: 8px; padding: 0 12px; white-space: nowrap; overflow: hidden; }
	.tab img { width: 16px; height: 16px; border-radius: 3px; }
	.tab span { overflow: hidden; text-overflow: ellipsis; flex: 1; }
	.new-tab { color: ${colours.quiet}; font-size: 20px; margin: 0 0 5px 12px; }
	.toolbar { height: ${CHROME_HEIGHT - 38}px; background: ${colours.toolbar}; display: flex; align-items: center; gap: 14px;
		padding: 0 12px; color: ${colours.quiet}; border-bottom: 1px solid ${dark ? "#000" : "#dadce0"}; }
	.omnibox { flex: 1; height: 34px; border-radius: 17px; background: ${colours.omnibox}; display: flex; align-items: center;
		gap: 10px; padding: 0 16px; font-size: 15px; color: ${colours.text}; }
	.omnibox .rest { color: ${colours.quiet}; }
	.chip { font-size: 13px; padding: 2px 8px; border-radius: 10px; background: ${colours.pressed}; }
	.button { width: 32px; height: 32px; border-radius: 16px; display: flex; align-items: center; justify-content: center; }
	.button.pressed { background: ${colours.pressed}; }
	.button img { width: 16px; height: 16px; }
	.avatar { width: 24px; height: 24px; border-radius: 12px; background: #0f766e; color: #fff; font-weight: 600;
		display: flex; align-items: center; justify-content: center; }
	.page { display: block; width: ${PAGE_SIZE.width}px; height: ${PAGE_SIZE.height}px; }
	.popup { position: absolute; top: ${CHROME_HEIGHT - 4}px; right: 96px; border-radius: 8px;
		box-shadow: 0 2px 6px rgba(0,0,0,.3), 0 8px 24px rgba(0,0,0,.25);${dark ? " outline: 1px solid #5f6368;" : ""} }
</style></head><body>
	<div class="strip"><div class="tab"><img src="${scene.favicon}"><span>${escapeHtml(scene.tabTitle)}</span><span style="flex:0">✕</span></div><div class="new-tab">+</div></div>
	<div class="toolbar">${BACK}${FORWARD}${RELOAD}
		<div class="omnibox">${chip}<span>${escapeHtml(scene.address)}</span></div>
		<div class="button${scene.popup ? " pressed" : ""}"><img src="${shortyIcon}"></div>
		<div class="button">${PUZZLE}</div>
		<div class="avatar">S</div>
	</div>
	<img class="page" src="${dataUrl(scene.page)}">
	${popup}
</body></html>`;
}

async function drawWindow(context: BrowserContext, scene: Scene): Promise<Buffer> {
	const shortyIcon = dataUrl(readFileSync(join(REPO_ROOT, "public", "icons", "32.png")));
	const page = await context.newPage();
	try {
		await page.setViewportSize({ width: WIDTH, height: HEIGHT });
		await page.setContent(windowHtml(scene, shortyIcon), { waitUntil: "load" });
		return await page.screenshot({ fullPage: false });
	} finally {
		await page.close();
	}
}

function save(name: string, png: Buffer): void {
	const path = join(STORE_SCREENSHOTS_DIR, `${name}.png`);
	writeFileSync(path, optimisePng(png));
	console.log(`screenshots: ${path.slice(REPO_ROOT.length + 1)}`);
}

const letterIcon = (letter: string, colour: string) =>
	`data:image/svg+xml,${encodeURIComponent(
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="${colour}"/><text x="8" y="12.5" font-family="Georgia,serif" font-size="12" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
	)}`;

/** The popup over the article it has just shortened. Run before anything else shortens, signed in. */
async function popupShots(extension: Extension): Promise<void> {
	await extension.context.route(ARTICLE_URL, (route) =>
		route.fulfill({ contentType: "text/html; charset=utf-8", body: ARTICLE_HTML }),
	);
	const tab = await extension.context.newPage();
	await tab.setViewportSize(PAGE_SIZE);
	await tab.goto(ARTICLE_URL);
	const popup = await extension.clickAction(tab);
	await shownShortLink(popup);
	// Every picture first: Chrome closes the popup as soon as another page (the window drawn below) opens.
	const shots: Array<{ name: string; scene: Scene }> = [];
	const shoot = async (name: string) => {
		for (const scheme of SCHEMES) {
			await tab.emulateMedia({ colorScheme: scheme });
			await popup.setColorScheme(scheme);
			const scene: Scene = {
				scheme,
				tabTitle: `${ARTICLE_TITLE} · ${SITE_NAME}`,
				favicon: letterIcon("L", "#0f766e"),
				address: ARTICLE_URL.replace("https://", ""),
				page: await tab.screenshot(),
				popup: await popup.screenshot(),
			};
			shots.push({ name: `${name}-${scheme}`, scene });
		}
	};
	await shoot("popup");
	await pressPopupButton(popup, "QR code");
	await popup.waitFor(() => document.querySelector(".qr-code__image") !== null);
	await shoot("popup-qr-code");
	await popup.close();
	await tab.close();
	for (const { name, scene } of shots) save(name, await drawWindow(extension.context, scene));
}

/** The options page's first page of links, the article's link on top. */
async function optionsShots(extension: Extension, options: Page): Promise<void> {
	await options.setViewportSize(PAGE_SIZE);
	await options.reload();
	await options.getByRole("navigation", { name: "Pages of links" }).waitFor();
	// The rows come from the worker's copy at once; each link's clicks are a query of their own, after them.
	await options.waitForFunction(() => document.querySelector(".links-table__counting") === null);
	for (const scheme of SCHEMES) {
		await options.emulateMedia({ colorScheme: scheme });
		await options.evaluate(() => window.scrollTo(0, 0));
		const scene: Scene = {
			scheme,
			tabTitle: await options.title(),
			favicon: dataUrl(readFileSync(join(REPO_ROOT, "public", "icons", "16.png"))),
			chip: "Shorty",
			address: `chrome-extension://${extension.id}/options/index.html`,
			page: await options.screenshot({ fullPage: false }),
		};
		save(`options-${scheme}`, await drawWindow(extension.context, scene));
	}
	await options.emulateMedia({ colorScheme: null });
}

/**
 * Draws the store's screenshots with `extension` (built with a real-length short-link base), whose
 * `options` page is signed in to an account holding realistic links.
 */
export async function storeScreenshots(extension: Extension, options: Page): Promise<void> {
	await popupShots(extension);
	await optionsShots(extension, options);
}
