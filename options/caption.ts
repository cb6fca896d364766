import { t } from "../src/i18n/translate";
import type { SearchTerm } from "../src/links/search";

/** What the table says it lists, which also names it for screen readers. */
export function captionFor(search: SearchTerm): string {
	switch (search.kind) {
		case "all":
			return t("captionAll");
		case "host":
			return t("captionHost", { host: search.host });
		case "code":
			return t("captionCode", { prefix: search.prefix });
		case "nothing":
			return t("captionNothing");
	}
}
