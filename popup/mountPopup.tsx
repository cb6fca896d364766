import { mountPage } from "../src/ui/mountPage";
import { PopupEnvironmentProvider } from "./environment";
import type { FirstRequests } from "./firstRequests";
import { Popup } from "./Popup";
// Last, as the page's own rules: after the shared components' stylesheets, as when this was one bundle.
import "./popup.css";

/** The popup's page, adopting the requests its first script sent (firstRequests.ts). */
export function mountPopup({ call, environment, arrived }: FirstRequests): void {
	mountPage(
		<PopupEnvironmentProvider environment={environment}>
			<Popup arrived={arrived()} />
		</PopupEnvironmentProvider>,
		call,
	);
}
