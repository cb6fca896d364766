/**
 * Unit tests render the pages in jsdom, where there is no chrome.i18n: they read the English file
 * through the same formatter the public short-link pages use, as an English browser would.
 */
import english from "../../public/_locales/en/messages.json";
import { catalogueSource, installMessages } from "../../src/i18n/translate";

installMessages(catalogueSource(english, "en-US"));
