/**
 * How the project starts Chromium: the browser journeys (playwright.config.ts), Lighthouse
 * (scripts/lighthouse.ts), the item bank's browser checks (server/exams/checks/browser.ts) and the
 * screenshot scripts (scripts/screenshots.ts, scripts/social-images.ts).
 */
import fs from "node:fs";

/** The system's Chromium unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The first Chromium that exists, for a server that may run where Debian's package is not (the item bank's
 * browser checks): CHROMIUM_PATH, Debian's, Ubuntu's, then whatever `more` names (Playwright's own download);
 * undefined when there is none.
 */
export function findChromium(more: () => string | undefined = () => undefined): string | undefined {
  for (const p of [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"])
    if (p && fs.existsSync(p)) return p;
  try {
    const other = more();
    if (other && fs.existsSync(other)) return other;
  } catch {
    /* no such browser */
  }
  return undefined;
}

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
