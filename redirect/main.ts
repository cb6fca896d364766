/** The redirect page's entry: wires the browser (location, the DOM) to the page's logic. */
import "../src/ui/theme.css";
import "./style.css";
import { whenActivated } from "./activation";
import { firestoreRest } from "./firestoreRest";
import { openRoute } from "./openRoute";
import { routeOf } from "./route";
import { showView } from "./showView";
import { siteLanguage, siteText } from "./siteText";

const root = document.querySelector("main");
const language = siteLanguage(navigator.languages);
document.documentElement.lang = language;
const text = siteText(language);
if (root) {
	void openRoute(routeOf(location.pathname), {
		store: firestoreRest(SHORTY_FIRESTORE),
		show: (view, focus) => showView(root, view, text, focus),
		navigate: (url) => location.replace(url),
		activated: () => whenActivated(document),
		origin: location.origin,
		search: location.search,
	});
}
