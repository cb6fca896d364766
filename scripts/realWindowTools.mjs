// The tools the real-window end-to-end test needs (tests/e2e/realWindow.test.ts): a virtual X display for a
// headful Chromium (Xvfb), real keyboard and mouse input (xdotool) and the X clipboard (xclip). Shared by the
// setup script and the test so both agree on what "installed" means. Linux only: X is what they drive.
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

/** Each tool's binary, and the Debian package that has it. */
const TOOLS = { Xvfb: "xvfb", xdotool: "xdotool", xclip: "xclip" };

export const APT_PACKAGES = Object.values(TOOLS);

/** @returns {[string, string][]} the tools not on the PATH, each with its package. */
function missingTools() {
	const folders = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
	return Object.entries(TOOLS).filter(([binary]) => !folders.some((folder) => existsSync(join(folder, binary))));
}

/** @returns {boolean} whether every tool is on the PATH. */
export function findRealWindowTools() {
	return missingTools().length === 0;
}

/** @returns {string} what to install, naming only what is missing. */
export function installHint() {
	const missing = missingTools();
	const packages = missing.map(([, apt]) => apt).join(" ");
	return `No ${missing.map(([binary]) => binary).join(", ")} found. Install them (Debian: \`sudo apt-get install -y ${packages}\`).`;
}

/**
 * Why the real-window test cannot run here: undefined when the tools are found, and under CI, where nothing
 * may pass by skipping (unless `evenUnderCi`, for the launch, which fails naming them); else what to install.
 * @returns {string | undefined}
 */
export function realWindowToolsMissing({ evenUnderCi = false } = {}) {
	return findRealWindowTools() || (process.env.CI && !evenUnderCi) ? undefined : installHint();
}
