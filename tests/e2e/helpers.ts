import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";

/** Every public route, as the build's sitemap lists them (the sitemap is made from the prerendered pages). */
export function sitemapRoutes(): string[] {
  const xml = fs.readFileSync(path.resolve("build/client/sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

export const WIDTHS = [390, 1280] as const;

/** A page in a fresh context at the given width (AxeBuilder needs a page from browser.newContext()). */
export async function pageAt(
  browser: Browser,
  width: number,
  opts: { reducedMotion?: "reduce" | "no-preference" } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: opts.reducedMotion });
  return context.newPage();
}

export async function expectNoAxeViolations(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Waits until React has hydrated the page (the router's client script ran). */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
  await page.waitForLoadState("networkidle");
}
