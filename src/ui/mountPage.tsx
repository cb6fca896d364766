import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { installMessages, t } from "../i18n/translate";
import type { BackgroundCall } from "../messages";
import { BackgroundProvider } from "./BackgroundContext";
import { BackgroundEventsProvider } from "./BackgroundEvents";
import { callBackground } from "./callBackground";
import { browser } from "./pageBrowser";
import { runtimeEvents } from "./runtimeEvents";
import "./theme.css";

/**
 * Renders an extension page into its #root, connected to the real background (through `call`, which may
 * answer some requests from replies already under way).
 */
export function mountPage(page: ReactNode, call: BackgroundCall = callBackground): void {
	installMessages(browser.i18n);
	// Screen readers and hyphenation follow the language the messages are in, not the HTML file's.
	document.documentElement.lang = t("language");
	const root = document.getElementById("root");
	if (!root) throw new Error("The page's HTML has no #root element");
	createRoot(root).render(
		<StrictMode>
			<BackgroundProvider call={call}>
				<BackgroundEventsProvider events={runtimeEvents}>{page}</BackgroundEventsProvider>
			</BackgroundProvider>
		</StrictMode>,
	);
}
