// The tools the real-window end-to-end test needs (tests/e2e/realWindow.test.ts): a virtual X display for a
// headful Chromium (Xvfb), real keyboard and mouse input (xdotool) and the X clipboard (xclip). Shared by the
// setup script and the test so both agree on what "installed" means. Linux only: X is what they drive.
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

/** Each tool's binary, and the Debian package that has it. */
const TOOLS = { Xvfb: "xvfb", xdotool: "xdotool", xclip: "xclip" };

export const APT_PACKAGES = Object.values(TOOLS);

export const INSTALL_HINT = `No ${Object.keys(TOOLS).join(", ")} found. Install them (Debian: \`sudo apt-get install -y ${APT_PACKAGES.join(" ")}\`).`;

/** @returns {boolean} whether every tool is on the PATH. */
export function findRealWindowTools() {
	const folders = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
	return Object.keys(TOOLS).every((binary) => folders.some((folder) => existsSync(join(folder, binary))));
}

/**
 * Why the real-window test cannot run here: undefined when the tools are found, and under CI, where nothing
 * may pass by skipping (missing tools must fail there); else the hint to install them.
 * @returns {string | undefined}
 */
export function realWindowToolsMissing() {
	return findRealWindowTools() || process.env.CI ? undefined : INSTALL_HINT;
}
