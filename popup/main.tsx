import { callBackground } from "../src/ui/callBackground";
import { browserEnvironment } from "./browserEnvironment";
import { sendFirstRequests } from "./firstRequests";
// The page's colours before React has rendered anything, so a dark popup never flashes white.
import "../src/ui/theme.css";

// The popup's first requests go out before React and the rest of the page load (firstRequests.ts).
const first = sendFirstRequests(callBackground, browserEnvironment);
void import("./mountPopup").then(({ mountPopup }) => mountPopup(first));
