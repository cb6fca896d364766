/**
 * The keyboard shortcut in a real window (./realWindow.ts), where the focus is the user's and not emulated:
 * pressed on a page, it copies the page's short link, written by the page itself (no clipboard document
 * opens); pressed with the focus in the address bar, where the page may not write, the same link, through
 * Shorty's clipboard document. Each is read back from the X clipboard, as the user's next paste would.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { realWindowToolsMissing } from "../../scripts/realWindowTools.mjs";
import { firestoreAdmin } from "../firestoreAdmin";
import { poll } from "./extension";
import { isClipboardDocument, launchRealWindow, type RealWindow, SHORTCUT } from "./realWindow";
import { serveTestSite, type TestSite } from "./testSite";

// `npm test` installs the tools first (scripts/setup.mjs --browser), and CI must never pass by skipping.
const missing = realWindowToolsMissing();
if (missing) {
	console.warn(
		`Skipping the real-window test: ${missing} As root on Debian, \`node scripts/setup.mjs --browser\` installs them.`,
	);
}

const backend = inject("backend");
const admin = firestoreAdmin(`http://${backend.firestore}`);
const ELSEWHERE = "copied in another application before the shortcut";

/** A press that went unheeded, or is still on its way, has had this long to copy. */
const STRAGGLER_MS = 3_000;

describe.skipIf(missing)("the shortcut in a real window", () => {
	let site: TestSite;
	let chromium: RealWindow;
	/** The paths the test site was asked for: the page tells it when it has the focus. */
	const asked: string[] = [];
	/** The first test's link; the others press on the same page, so expect the same one. */
	let link: string;

	beforeAll(async () => {
		site = await serveTestSite((path) => {
			asked.push(path);
			return `<title>A page in a real window</title><p>Some article.</p>
<script>
	const tell = () => document.hasFocus() && fetch("/page-has-focus");
	addEventListener("focus", tell);
	tell();
</script>`;
		});
		chromium = await launchRealWindow(inject("extensionDir"), `${site.origin}/article`);
		await chromium.clickPage();
		await poll(async () => asked.includes("/page-has-focus"));
	});

	afterAll(async () => {
		await chromium?.close();
		site?.close();
	});

	/**
	 * Presses the shortcut with another application's text on the clipboard; the text the press put there.
	 * With `pressAgain`, pressed again each second until one copies, then given time for any press still on
	 * its way: Chrome takes an unpacked extension's shortcut a moment after starting its worker, with no sign
	 * of it a test could wait for (docs/architecture.md, "Tests").
	 */
	async function shortcutCopies({ pressAgain = false } = {}): Promise<string> {
		await chromium.copyElsewhere(ELSEWHERE);
		await poll(async () => (await chromium.clipboard()) === ELSEWHERE);
		let presses = 0;
		let pressedAt = 0;
		const copied = await poll(async () => {
			const text = await chromium.clipboard();
			if (text !== ELSEWHERE) return text;
			if (presses === 0 || (pressAgain && Date.now() - pressedAt > 1_000)) {
				presses++;
				pressedAt = Date.now();
				await chromium.press(SHORTCUT);
			}
			return undefined;
		}, 30_000);
		if (presses > 1) await new Promise((settle) => setTimeout(settle, pressedAt + STRAGGLER_MS - Date.now()));
		return copied;
	}

	async function clipboardDocumentOpen(): Promise<boolean> {
		return (await chromium.targets()).some(isClipboardDocument);
	}

	it("copies the page's short link", async () => {
		link = await shortcutCopies({ pressAgain: true });
		const { origin, pathname } = new URL(link);
		expect(origin).toBe(`http://${backend.hosting}`);
		await expect(admin.targetOf(pathname.slice(1))).resolves.toBe(`${site.origin}/article`);
	});

	it("copies it from the page itself when the page has the focus: no clipboard document opens", async () => {
		// The first press after the install may have used the document (a page slower than 50 ms to answer
		// the worker's first script in it, on a busy machine, counts as not ready): closed, as after a while.
		for (const target of (await chromium.targets()).filter(isClipboardDocument)) await chromium.closeTarget(target);
		expect(await shortcutCopies()).toBe(link);
		expect(await clipboardDocumentOpen()).toBe(false);
	});

	it("copies it through Shorty's clipboard document when the focus is in the address bar", async () => {
		expect(await clipboardDocumentOpen()).toBe(false);
		await chromium.press("ctrl+l");
		expect(await shortcutCopies()).toBe(link);
		expect(await clipboardDocumentOpen()).toBe(true);
	});
});
