/**
 * Runs after `react-router build`: writes sitemap.xml and robots.txt from the prerendered routes,
 * and precompresses text assets (.br and .gz beside each file) for the static file server.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Beasties from "beasties";
import { org } from "../app/data/org";
import { NOINDEX_ROUTES } from "../app/lib/noindex";
import { writeCeuAppendixPdf } from "./appendix/build-pdf";

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

const files = walk(clientDir);
const routes = files
  .filter((f) => path.basename(f) === "index.html")
  .map((f) => {
    const rel = path.relative(clientDir, path.dirname(f)).split(path.sep).join("/");
    return rel ? `/${rel}` : "/";
  })
  .filter((r) => !NOINDEX_ROUTES.includes(r))
  .sort();

const today = new Date().toISOString().slice(0, 10);
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${routes.map((r) => `  <url><loc>${new URL(r, org.siteUrl).toString()}</loc><lastmod>${today}</lastmod></url>`).join("\n")}
</urlset>
`;
fs.writeFileSync(path.join(clientDir, "sitemap.xml"), sitemap);
fs.writeFileSync(
  path.join(clientDir, "robots.txt"),
  `User-agent: *\nAllow: /\n${NOINDEX_ROUTES.map((r) => `Disallow: ${r}\n`).join("")}\nSitemap: ${new URL("/sitemap.xml", org.siteUrl).toString()}\n`,
);

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
  if (!/\.(js|css|svg|xml|txt|json|webmanifest|ico)$/.test(file)) continue;
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
  `postbuild: sitemap with ${routes.length} routes, robots.txt, critical CSS inlined in ${inlined} pages, ${compressed} files precompressed`,
);
