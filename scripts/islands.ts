/**
 * Pages served as islands (app/lib/islands.tsx) are prerendered with a placeholder for their script
 * (ISLANDS_ENTRY, the source file, which is what the development server serves). The build puts the
 * hashed file of the islands entry in its place, and preloads (at low priority, like the app's) the
 * modules it imports, so the browser fetches them side by side instead of one after another.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ISLANDS_ENTRY } from "../app/lib/islands";
import { staticImports } from "./budgets";

/** The islands entry of a client build (assets/islands-<hash>.js) and every module it imports statically. */
export function islandsScripts(clientDir: string): { entry: string; imports: string[] } {
  const assets = path.join(clientDir, "assets");
  const files = fs.readdirSync(assets).filter((f) => /^islands-[\w-]+\.js$/.test(f));
  if (files.length !== 1) throw new Error(`expected one islands-<hash>.js in ${assets}, found ${files.length}`);
  const entry = `/assets/${files[0]}`;
  const imports = reachable(clientDir, entry, staticImports).filter((url) => url !== entry);
  return { entry, imports };
}

/** Every module reachable from `entry` through `depsOf` (a built module's code and URL to the URLs it loads), sorted. */
function reachable(clientDir: string, entry: string, depsOf: (code: string, url: string) => string[]): string[] {
  const seen = new Set<string>([entry]);
  const pending = [entry];
  while (pending.length) {
    const url = pending.pop()!;
    for (const dep of depsOf(fs.readFileSync(path.join(clientDir, url), "utf8"), url))
      if (!seen.has(dep)) {
        seen.add(dep);
        pending.push(dep);
      }
  }
  return [...seen].sort();
}

/**
 * Every module the islands entry can load, statically or later (`import()`, and the file lists Vite
 * writes for those): an island that imports React Router would fail in the browser ("useHref() may be
 * used only in the context of a <Router>"), so the build fails first (scripts/postbuild.ts).
 */
export function islandsReach(clientDir: string, entry: string): string[] {
  return reachable(clientDir, entry, (code, url) => [
    ...staticImports(code, url),
    ...[...code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)].map((m) =>
      path.posix.resolve(path.posix.dirname(url), m[1]!),
    ),
    ...[...code.matchAll(/["'](assets\/[\w.-]+\.js)["']/g)].map((m) => `/${m[1]}`),
  ]);
}

/** Fails when the islands can reach React Router's chunk (vite.config.ts names it "router"). */
export function assertNoRouterInIslands(clientDir: string, entry: string): void {
  const router = islandsReach(clientDir, entry).filter((url) => /\/router-[\w-]+\.js$/.test(url));
  if (router.length)
    throw new Error(
      `The islands script (${entry}) can load React Router (${router.join(", ")}): an island's component imports ` +
        `"react-router". Import Link, NavLink, useLocation and useNavigate from "~/lib/router" instead.`,
    );
}

/** The page with the islands entry in place of the placeholder; a page without the placeholder as it was. */
export function withIslandsScript(html: string, scripts: { entry: string; imports: string[] }): string {
  const placeholder = `<script type="module" src="${ISLANDS_ENTRY}"></script>`;
  if (!html.includes(placeholder)) return html;
  const preloads = scripts.imports.map((url) => `<link rel="modulepreload" href="${url}"/>`).join("");
  return html
    .replace(placeholder, `<script type="module" src="${scripts.entry}"></script>`)
    .replace("</head>", `${preloads}</head>`);
}

/**
 * The modules each island of `app/islands.client.tsx` imports as the page starts: the `import()`s in its
 * entry of the `islands` registry, by island name ("~/components/PrintButton" for "print"). The build
 * turns them into chunk files (vite.config.ts writes build/islands.json) so that `npm run budgets` counts
 * the chunks of the islands a page has: they load with the page, as a route's chunk does in the app.
 */
export function islandImports(source: string): Record<string, string[]> {
  const file = ts.createSourceFile("islands.client.tsx", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: Record<string, string[]> = {};
  const importsIn = (node: ts.Node, found: string[] = []): string[] => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    node.forEachChild((child) => void importsIn(child, found));
    return found;
  };
  file.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && node.name.getText() === "islands" && node.initializer) {
      if (!ts.isObjectLiteralExpression(node.initializer)) throw new Error("islands must be an object literal");
      for (const prop of node.initializer.properties) {
        const name = prop.name && (ts.isStringLiteral(prop.name) || ts.isIdentifier(prop.name)) ? prop.name.text : "";
        if (!name) throw new Error(`an entry of islands without a plain name: ${prop.getText().slice(0, 40)}`);
        out[name] = importsIn(prop);
      }
    }
    node.forEachChild(visit);
  });
  if (Object.keys(out).length === 0) throw new Error("no `const islands = { ... }` registry found");
  return out;
}

/** build/islands.json: for each island name, the chunk files (as /assets/ URLs) its imports load, with their own imports. */
export type IslandChunks = Record<string, string[]>;
