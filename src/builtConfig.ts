/**
 * The configuration this bundle was built for. vite.config.ts resolves it (src/config.ts) and bakes in
 * exactly this object. Code reads it here, never from import.meta.env: a whole import.meta.env is
 * replaced by every VITE_* variable of the build's environment, secrets a developer keeps there included.
 */
import type { ShortyConfig } from "./config";

declare const SHORTY_CONFIG: ShortyConfig;

export const builtConfig: ShortyConfig = SHORTY_CONFIG;
