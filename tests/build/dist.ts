import { resolve } from "node:path";

/** The Chrome build the build tests read, which `npm test` makes before it runs them. */
export const DIST = resolve(import.meta.dirname, "../../dist");
