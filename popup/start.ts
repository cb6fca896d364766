/**
 * The popup's first script, an async classic one first in the head (scripts/classicScript.ts): it sends
 * the popup's first requests as soon as it has arrived, nearly always before the page's module runs, and
 * leaves them for the page (main.tsx, through handOver.ts).
 */
import { callBackground } from "../src/ui/callBackground";
import { browserEnvironment } from "./browserEnvironment";
import { sendFirstRequests } from "./firstRequests";
import { handOver } from "./handOver";

// When the popup's scripts begin, for DevTools' performance panel and tests/bench/popup.ts.
performance.mark("shorty:first-script");
handOver(sendFirstRequests(callBackground, browserEnvironment));
