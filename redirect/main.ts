/** The redirect page's entry: wires the browser (location, the DOM) to the page's logic. */
import "../src/ui/theme.css";
import "./style.css";
import { whenActivated } from "./activation";
import { firestoreRest } from "./firestoreRest";
import { openRoute } from "./openRoute";
import { routeOf } from "./route";
import { showView } from "./showView";

const root = document.querySelector("main");
if (root) {
	void openRoute(routeOf(location.pathname), {
		store: firestoreRest(SHORTY_FIRESTORE),
		show: (view, focus) => showView(root, view, focus),
		navigate: (url) => location.replace(url),
		activated: () => whenActivated(document),
		origin: location.origin,
	});
}
