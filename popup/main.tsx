import { mountPage } from "../src/ui/mountPage";
import { browserEnvironment } from "./browserEnvironment";
import { PopupEnvironmentProvider } from "./environment";
import { Popup } from "./Popup";
import "./popup.css";

mountPage(
	<PopupEnvironmentProvider environment={browserEnvironment}>
		<Popup />
	</PopupEnvironmentProvider>,
);
