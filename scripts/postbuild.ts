/**
 * Runs after `react-router build`: adds each page's link-preview picture, structured data and feed link,
 * writes sitemap.xml and robots.txt from the prerendered routes and the blog's Atom feed (scripts/seo.ts),
 * and precompresses the pages and text assets (.br and .gz beside each file) for the server.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Beasties from "beasties";
import { blogFeed } from "../app/lib/blog";
import { writeCeuAppendixPdf } from "./appendix/build-pdf";
import { catalog } from "../app/content/pipeline.server";
import { atomFeed, pageDates, robotsTxt, sitemapXml, withHeadTags } from "./seo";

const clientDir = path.resolve(process.env.CLIENT_DIR ?? "build/client");

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

// The recertification policy's appendix (/Appendix_A_CEU_Scoring.pdf), generated from its source text.
await writeCeuAppendixPdf(clientDir);

// Each page's link-preview picture, structured data and feed link; the sitemap, robots.txt and the blog's
// feed (scripts/seo.ts).
const contentCatalog = catalog();
const pages = walk(clientDir)
  .filter((f) => path.basename(f) === "index.html")
  .map((f) => {
    const rel = path.relative(clientDir, path.dirname(f)).split(path.sep).join("/");
    const route = rel ? `/${rel}` : "/";
    const html = withHeadTags(fs.readFileSync(f, "utf8"), route, contentCatalog);
    fs.writeFileSync(f, html);
    return { route, html };
  });
const sitemap = sitemapXml(pages, pageDates(contentCatalog));
fs.writeFileSync(path.join(clientDir, "sitemap.xml"), sitemap.xml);
fs.writeFileSync(path.join(clientDir, "robots.txt"), robotsTxt());
fs.mkdirSync(path.join(clientDir, path.dirname(blogFeed.path)), { recursive: true });
fs.writeFileSync(path.join(clientDir, blogFeed.path), atomFeed(contentCatalog));

// Critical CSS: each prerendered page carries, inline, the rules its own HTML uses, so its first paint waits
// for nothing but the document; the full stylesheet still loads (media="print" until a small inline script,
// allowed by its CSP hash like every inline script, switches it on) for what the page shows after hydration.
const beasties = new Beasties({
  path: clientDir,
  publicPath: "/",
  preload: "media-script",
  noscriptFallback: true,
  pruneSource: false,
  // Beasties cannot match selectors wrapped in :where()/:is()/:has() (Tailwind's space-y, divide and group
  // utilities); there are few, so they are always inlined rather than left to shift the page when they arrive.
  allowRules: [/:where\(/, /:is\(/, /:has\(/],
  logLevel: "warn",
});
// The prerendered HTML is the page; the module preloads only hydrate it, so they are fetched at low priority
// and leave the connection to the document, its images and the first paint.
const lowPriorityPreloads = (html: string) =>
  html.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href=');
let inlined = 0;
for (const file of walk(clientDir).filter((f) => f.endsWith(".html"))) {
  fs.writeFileSync(file, lowPriorityPreloads(await beasties.process(fs.readFileSync(file, "utf8"))));
  inlined++;
}

let compressed = 0;
for (const file of walk(clientDir)) {
  // pages too: the server holds each page's .br and .gz in memory and would otherwise make them at start-up
  if (!/\.(html|js|css|svg|xml|atom|txt|json|webmanifest|ico)$/.test(file)) continue;
  const raw = fs.readFileSync(file);
  if (raw.length < 1024) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
  compressed++;
}
console.log(
  `postbuild: sitemap with ${sitemap.routes.length} routes, robots.txt, blog feed, critical CSS inlined in ${inlined} pages, ${compressed} files precompressed`,
);
