import { mountPage } from "../src/ui/mountPage";
import { browserEnvironment } from "./browserEnvironment";
import { OptionsEnvironmentProvider } from "./environment";
import { Options } from "./Options";
import "./options.css";

mountPage(
	<OptionsEnvironmentProvider environment={browserEnvironment}>
		<Options />
	</OptionsEnvironmentProvider>,
);
