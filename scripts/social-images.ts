/**
 * The PNGs that link previews show (they do not show SVG): each exam badge and each blog post's picture,
 * rendered from its SVG in public/ to a PNG beside it, at the size the page's tags state (scripts/seo.ts).
 * Run after changing one of those SVGs, and commit the PNGs:
 *   npx tsx scripts/social-images.ts
 * scripts/seo.test.ts checks that every PNG is there at its size.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH } from "../server/chromium";
import { catalog } from "../app/content/pipeline.server";
import { socialRasters } from "./seo";

const publicDir = path.resolve(import.meta.dirname, "../public");

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ["--no-sandbox"],
});
for (const r of socialRasters(catalog())) {
  const page = await browser.newPage({ viewport: { width: r.width, height: r.height } });
  const svg = fs.readFileSync(path.join(publicDir, r.svg)).toString("base64");
  // white behind a badge's transparent corners: some previews show transparency as black
  await page.setContent(
    `<body style="margin:0;background:#fff"><img src="data:image/svg+xml;base64,${svg}" width="${r.width}" height="${r.height}" style="display:block"></body>`,
  );
  await page.screenshot({ path: path.join(publicDir, r.png) });
  console.log(`${r.png} (${r.width} × ${r.height})`);
  await page.close();
}
await browser.close();
