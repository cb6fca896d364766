// web-ext ships no types; this covers the one call the Firefox build test makes.
declare module "web-ext" {
	interface LintMessage {
		code: string;
		message: string;
		file?: string;
	}
	interface LintResult {
		errors: LintMessage[];
		warnings: LintMessage[];
		notices: LintMessage[];
	}
	const webExt: {
		cmd: {
			lint(
				options: { sourceDir: string; output: "none" | "json" | "text" },
				runOptions: { shouldExitProgram: boolean },
			): Promise<LintResult>;
		};
	};
	export default webExt;
}
