import { browser } from "../browser";
import { createClient } from "../messages";

/** The real transport for pages: runtime messaging to the extension's own service worker. */
export const callBackground = createClient((request) => browser.runtime.sendMessage(request));
