/**
 * The English text of an error, as an English browser shows it: for tests that run outside the
 * extension (Node) and look for what the pages say.
 */
import english from "../public/_locales/en/messages.json";
import { catalogueSource, installMessages } from "../src/i18n/translate";

installMessages(catalogueSource(english, "en-US"));

export { errorText as englishErrorText } from "../src/i18n/errorText";
