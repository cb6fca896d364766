import { createClient } from "../messages";
import { browser } from "./pageBrowser";

/** The real transport for pages: runtime messaging to the extension's own service worker. */
export const callBackground = createClient((request) => browser.runtime.sendMessage(request));
