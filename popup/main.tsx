import { takeOver } from "./handOver";
// The page's colours before React has rendered anything, so a dark popup never flashes white.
import "../src/ui/theme.css";

// The first requests are out already (start.ts); React and the rest of the page load now.
const first = takeOver();
void import("./mountPopup").then(({ mountPopup }) => mountPopup(first));
