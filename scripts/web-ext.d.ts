// web-ext ships no types; this covers the calls Shorty makes: packaging (scripts/storePackages.ts) and the
// Firefox build test's lint.
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
	interface BuildOptions {
		sourceDir: string;
		artifactsDir: string;
		/** The package's file name; web-ext fills in {name} and {version} from the manifest. */
		filename: string;
		overwriteDest: boolean;
		ignoreFiles?: string[];
	}
	const webExt: {
		cmd: {
			lint(
				options: { sourceDir: string; output: "none" | "json" | "text" },
				runOptions: { shouldExitProgram: boolean },
			): Promise<LintResult>;
			build(options: BuildOptions, runOptions: { showReadyMessage: boolean }): Promise<{ extensionPath: string }>;
		};
	};
	export default webExt;
}
