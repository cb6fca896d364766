import { mountPage } from "../src/ui/mountPage";
import { PopupEnvironmentProvider } from "./environment";
import { takeOver } from "./handOver";
import { Popup } from "./Popup";
// Last, as the page's own rules: after the shared components' stylesheets.
import "./popup.css";

// The first requests are out already (start.ts, which nearly always runs before this module); the page
// adopts their replies.
void takeOver().then(({ call, environment, arrived }) =>
	mountPage(
		<PopupEnvironmentProvider environment={environment}>
			<Popup arrived={arrived()} />
		</PopupEnvironmentProvider>,
		call,
	),
);
