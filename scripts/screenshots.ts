/**
 * Screenshots for a human look, at 390 and 1280 px, of a running site.
 * Usage: BASE_URL=http://127.0.0.1:3000 OUT=/tmp/shots npx tsx scripts/screenshots.ts /route /other-route
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH } from "../server/chromium";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const out = process.env.OUT ?? "/tmp/shots";
const routes = process.argv.slice(2);
if (routes.length === 0) {
  console.error("Name at least one route, e.g. /credentials");
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ["--no-sandbox"],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const route of routes) {
    await page.goto(new URL(route, base).toString(), { waitUntil: "networkidle" });
    const file = `${out}/${route.replace(/\//g, "_") || "_home"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
