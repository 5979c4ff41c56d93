/**
 * How the project starts Chromium: the browser journeys (playwright.config.ts), Lighthouse
 * (scripts/lighthouse.ts), the item bank's browser checks (server/exams/checks/browser.ts) and the
 * screenshot scripts (scripts/screenshots.ts, scripts/social-images.ts).
 */

/** The system's Chromium unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags for every run: no sandbox (containers, CI) and none of the browser's own traffic or updates. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
