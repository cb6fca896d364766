import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BackgroundProvider } from "./BackgroundContext";
import { callBackground } from "./callBackground";
import "./theme.css";

/** Renders an extension page into its #root, connected to the real background. */
export function mountPage(page: ReactNode): void {
	const root = document.getElementById("root");
	if (!root) throw new Error("The page's HTML has no #root element");
	createRoot(root).render(
		<StrictMode>
			<BackgroundProvider call={callBackground}>{page}</BackgroundProvider>
		</StrictMode>,
	);
}
