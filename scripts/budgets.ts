/**
 * `npm run budgets`: the JavaScript and CSS each prerendered page loads before it can run, gzipped,
 * against the limits in budgets.json. Run after `npm run build`; `npm test` runs it. Exits 1 when a
 * page is over its budget.
 *
 * A page's first-load JavaScript is every script its HTML loads or preloads, plus every module those
 * import statically (dynamic `import()` chunks, such as the purchase dialog, load later and are left out).
 * A page served as islands also counts the chunks of its islands (build/islands.json, written by the build:
 * the islands script imports them as the page starts, as the app preloads a route's chunk).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

export interface Budget {
  js: number;
  css: number;
}

/**
 * A line of budgets.json for some pages: `paths` names pages exactly; `prefixes` covers a section (the
 * prefix itself and every page below it, e.g. "/staff" for the staff console), so a new page there needs
 * no new line and never changes a public page's budget.
 */
export interface BudgetGroup extends Partial<Budget> {
  paths?: string[];
  prefixes?: string[];
  note?: string;
}

export interface BudgetFile {
  default: Budget & { note?: string };
  routes: BudgetGroup[];
}

export interface PageWeight {
  route: string;
  js: number;
  css: number;
  files: string[];
}

const KIB = 1024;

const under = (route: string, prefix: string) => route === prefix || route.startsWith(`${prefix}/`);

/**
 * The budget that applies to a route: the first group naming it in `paths`, else the group with the
 * longest prefix covering it, else the default.
 */
export function budgetFor(route: string, budgets: BudgetFile): Budget {
  let group = budgets.routes.find((g) => g.paths?.includes(route));
  if (!group) {
    let longest = -1;
    for (const g of budgets.routes)
      for (const prefix of g.prefixes ?? [])
        if (under(route, prefix) && prefix.length > longest) {
          group = g;
          longest = prefix.length;
        }
  }
  return { js: group?.js ?? budgets.default.js, css: group?.css ?? budgets.default.css };
}

/** Asset URLs (under /assets/) that a page's HTML loads: scripts, module preloads, stylesheets, inline imports. */
export function assetsInHtml(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/assets\/[^"#?]+)/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g))
    for (const i of m[1]!.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'](\/assets\/[^"']+)["']/g)) urls.add(i[1]!);
  return [...urls];
}

/** Static imports of a built module (`import "./x.js"`, `import{a}from"./x.js"`), as asset URLs. */
export function staticImports(code: string, url: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g))
    out.push(path.posix.resolve(path.posix.dirname(url), m[1]!));
  return out;
}

/** Gzip size (level 9) of a file, as the server sends it to a browser that accepts gzip. */
function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The chunks the islands of a page load as it starts, when the page is served as islands. */
export function islandChunksOf(html: string, chunks: Record<string, string[]>): string[] {
  if (!/<script type="module" src="\/assets\/islands-[\w-]+\.js">/.test(html)) return [];
  return [...html.matchAll(/\bdata-island="([\w-]+)"/g)].flatMap((m) => chunks[m[1]!] ?? []);
}

export function measurePage(clientDir: string, route: string): PageWeight {
  const htmlFile = path.join(clientDir, route === "/" ? "" : route, "index.html");
  const html = fs.readFileSync(htmlFile, "utf8");
  const chunksFile = path.join(clientDir, "..", "islands.json");
  const chunks = fs.existsSync(chunksFile)
    ? (JSON.parse(fs.readFileSync(chunksFile, "utf8")) as Record<string, string[]>)
    : {};
  const pending = [...assetsInHtml(html), ...islandChunksOf(html, chunks)];
  const seen = new Set<string>();
  while (pending.length) {
    const url = pending.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    if (url.endsWith(".js")) pending.push(...staticImports(fs.readFileSync(path.join(clientDir, url), "utf8"), url));
  }
  const files = [...seen].sort();
  const total = (ext: string) =>
    files.filter((f) => f.endsWith(ext)).reduce((sum, f) => sum + gzipSize(path.join(clientDir, f)), 0) / KIB;
  return { route, js: total(".js"), css: total(".css"), files };
}

/** Every prerendered page under the client folder, as a route. */
export function prerenderedRoutes(clientDir: string): string[] {
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name === "index.html") {
        const rel = path.relative(clientDir, dir).split(path.sep).join("/");
        routes.push(rel ? `/${rel}` : "/");
      }
    }
  };
  walk(clientDir);
  return routes.sort();
}

/** Pages over budget, with the amounts; an empty list means every page is within its budget. */
export function overBudget(pages: PageWeight[], budgets: BudgetFile): string[] {
  const problems: string[] = [];
  for (const p of pages) {
    const b = budgetFor(p.route, budgets);
    if (p.js > b.js) problems.push(`${p.route}: JavaScript ${p.js.toFixed(1)} KiB > ${b.js} KiB`);
    if (p.css > b.css) problems.push(`${p.route}: CSS ${p.css.toFixed(1)} KiB > ${b.css} KiB`);
  }
  for (const g of budgets.routes) {
    for (const r of g.paths ?? [])
      if (!pages.some((p) => p.route === r)) problems.push(`${r}: named in budgets.json but not in the build`);
    for (const prefix of g.prefixes ?? [])
      if (!pages.some((p) => under(p.route, prefix)))
        problems.push(`${prefix}: a prefix in budgets.json with no page in the build`);
  }
  return problems;
}

function main() {
  const clientDir = process.env.CLIENT_DIR ?? "build/client";
  if (!fs.existsSync(path.join(clientDir, "index.html"))) {
    console.error(`No build in ${clientDir}: run npm run build first.`);
    process.exit(1);
  }
  const budgets = JSON.parse(fs.readFileSync("budgets.json", "utf8")) as BudgetFile;
  const pages = prerenderedRoutes(clientDir).map((r) => measurePage(clientDir, r));
  console.log("first-load JavaScript and CSS per page (KiB, gzip)");
  for (const p of pages) {
    const b = budgetFor(p.route, budgets);
    console.log(
      `${p.route.padEnd(62)} js ${p.js.toFixed(1).padStart(6)} / ${String(b.js).padStart(3)}   css ${p.css.toFixed(1).padStart(5)} / ${b.css}`,
    );
  }
  const problems = overBudget(pages, budgets);
  if (problems.length) {
    console.error(`\nOVER BUDGET:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`\nall ${pages.length} pages within budget`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
