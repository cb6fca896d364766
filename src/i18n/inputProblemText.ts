/** Why an address or alias was refused (src/links/inputProblem.ts), as one sentence in the UI's language. */
import { codePointName, type InputProblem, isVisibleCharacter } from "../links/inputProblem";
import { t, tPlural } from "./translate";

/** One sentence per problem; a record, so a problem added to the union without its sentence fails typecheck. */
const SENTENCES: { [P in InputProblem as P["problem"]]: (problem: P) => string } = {
	empty: () => t("problemEmpty"),
	"control-character": ({ character }) => t("problemControlCharacter", { character: codePointName(character) }),
	"line-break": () => t("problemLineBreak"),
	"invisible-character": ({ character }) => t("problemInvisibleCharacter", { character: codePointName(character) }),
	"needs-scheme": () => t("problemNeedsScheme"),
	"empty-host": () => t("problemEmptyHost"),
	"space-in-host": () => t("problemSpaceInHost"),
	unreadable: () => t("problemUnreadable"),
	"runs-code": ({ scheme }) => t("problemRunsCode", { scheme }),
	"inline-content": ({ scheme }) => t("problemInlineContent", { scheme }),
	"page-only": ({ scheme }) => t("problemPageOnly", { scheme }),
	"not-web": ({ scheme }) => t("problemNotWeb", { scheme }),
	credentials: () => t("problemCredentials"),
	"host-too-long": ({ limit }) => t("problemHostTooLong", { limit }),
	"not-a-host-name": ({ host }) => t("problemNotAHostName", { host }),
	"scheme-as-host": ({ name }) => t("problemSchemeAsHost", { name }),
	"label-too-long": ({ limit }) => t("problemLabelTooLong", { limit }),
	"local-file": () => t("problemLocalFile"),
	"browser-page": ({ scheme }) => t("problemBrowserPage", { scheme }),
	"extension-store": () => t("problemExtensionStore"),
	"address-too-long": ({ length, limit }) => t("problemAddressTooLong", { length, limit }),
	"character-not-allowed": ({ character }) =>
		isVisibleCharacter(character)
			? t("problemCharacterNotAllowed", { character })
			: t("problemCodePointNotAllowed", { character: codePointName(character) }),
	space: () => t("problemSpace"),
	"too-short": ({ length, minimum }) => tPlural("problemTooShort", length, { length, minimum }),
	"too-long": ({ length, maximum }) => t("problemTooLong", { length, maximum }),
	"database-reserved": () => t("problemDatabaseReserved"),
};

export function inputProblemText(problem: InputProblem): string {
	// The record pairs each problem with its own sentence; TypeScript cannot follow that through a union.
	const sentence = SENTENCES[problem.problem] as (problem: InputProblem) => string;
	return sentence(problem);
}
