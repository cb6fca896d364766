// The single entry to extension APIs. Going through webextension-polyfill keeps Firefox possible:
// its promise-based `browser.*` matches Firefox natively and wraps `chrome.*` on Chromium.
import browser from "webextension-polyfill";

export { browser };
