/**
 * The build steps of the islands (docs/decisions/0026), one Vite plugin (vite.config.ts):
 * - the islands script (./entry.client.tsx) is an entry of the client build beside React Router's, so both
 *   share the React and shell chunks;
 * - `virtual:islands-scripts` tells the document (./document.tsx) which script to load: in development its
 *   source, served and hot-reloaded by Vite; in the build its hashed file and the modules it imports, to
 *   preload, from the client build's manifest (the prerender runs after the client build);
 * - the build fails when anything the islands script can load reaches React Router's chunk, and it writes
 *   build/islands.json, the chunks each island of ./registry.tsx loads as its page starts (for
 *   `npm run budgets`), both from Vite's manifest.
 */
import fs from "node:fs";
import path from "node:path";
import { parseSync, type Manifest, type Plugin } from "vite";

const VIRTUAL = "virtual:islands-scripts";
const RESOLVED = `\0${VIRTUAL}`;

/** build/islands.json: for each island, the chunk files (as /assets/ URLs) its component loads, with their imports. */
export type IslandChunks = Record<string, string[]>;

export function islands(): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  let clientOutDir = "build/client";
  const entryFile = () => path.join(root, "app/islands/entry.client.tsx");
  const registryFile = () => path.join(root, "app/islands/registry.tsx");
  return {
    name: "citb:islands",
    configResolved(config) {
      root = config.root;
      command = config.command;
      clientOutDir = path.resolve(root, config.environments.client?.build.outDir ?? "build/client");
    },
    buildStart() {
      if (command === "build" && this.environment.name === "client")
        this.emitFile({ type: "chunk", id: entryFile(), name: "islands" });
    },
    resolveId(id) {
      if (id === VIRTUAL) return RESOLVED;
    },
    load(id) {
      if (id !== RESOLVED) return;
      let scripts = {
        entry: `/${path.relative(root, entryFile()).split(path.sep).join("/")}`,
        preloads: [] as string[],
      };
      // the browser's copy of the document never renders the islands script (it is the staff console's)
      if (command === "build" && this.environment.name === "client") scripts = { entry: "", preloads: [] };
      else if (command === "build")
        scripts = islandsScripts(readManifest(clientOutDir), this.environment.config.root ?? root);
      return `export const entry = ${JSON.stringify(scripts.entry)};\nexport const preloads = ${JSON.stringify(scripts.preloads)};\n`;
    },
    async writeBundle(options) {
      if (this.environment.name !== "client") return;
      const dir = options.dir ?? clientOutDir;
      const manifest = readManifest(dir);
      const entry = keyOf(root, entryFile());
      assertNoRouter(manifest, entry);
      const chunks: IslandChunks = {};
      for (const [name, specifier] of Object.entries(islandModules(fs.readFileSync(registryFile(), "utf8")))) {
        if (!specifier) {
          chunks[name] = [];
          continue;
        }
        const resolved = await this.resolve(specifier, registryFile());
        const key = resolved && keyOf(root, resolved.id);
        if (!key || !manifest[key])
          throw new Error(`islands.json: no chunk in Vite's manifest for ${specifier} (island "${name}")`);
        chunks[name] = reachable(manifest, key, ["imports"])
          .map((k) => `/${manifest[k]!.file}`)
          .sort();
      }
      fs.writeFileSync(path.join(dir, "..", "islands.json"), `${JSON.stringify(chunks, null, 2)}\n`);
    },
  };
}

/** The key of a source file in Vite's manifest: its path from the project's root. */
const keyOf = (root: string, id: string) => path.relative(root, id.split("?")[0]!).split(path.sep).join("/");

function readManifest(dir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dir, ".vite/manifest.json"), "utf8")) as Manifest;
}

/** Every manifest key reachable from `key` through the given lists (itself included). */
function reachable(manifest: Manifest, key: string, through: ("imports" | "dynamicImports")[]): string[] {
  const seen = new Set([key]);
  const pending = [key];
  while (pending.length)
    for (const list of through)
      for (const dep of manifest[pending.pop()!]?.[list] ?? [])
        if (!seen.has(dep)) {
          seen.add(dep);
          pending.push(dep);
        }
  return [...seen];
}

/** The built islands script and every module it imports statically (sorted), which the page preloads. */
export function islandsScripts(manifest: Manifest, root: string): { entry: string; preloads: string[] } {
  const key = keyOf(root, path.join(root, "app/islands/entry.client.tsx"));
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Vite's manifest has no ${key}: the client build has no islands script`);
  const preloads = reachable(manifest, key, ["imports"])
    .filter((k) => k !== key)
    .map((k) => `/${manifest[k]!.file}`)
    .sort();
  return { entry: `/${chunk.file}`, preloads };
}

/**
 * Fails when the islands script can load React Router's chunk (vite.config.ts names it "router"), statically
 * or later: an island whose component imports "react-router" would fail in the browser ("useHref() may be
 * used only in the context of a <Router>"). The lint rule of eslint.config.js says so first.
 */
export function assertNoRouter(manifest: Manifest, entry: string): void {
  const router = reachable(manifest, entry, ["imports", "dynamicImports"]).filter(
    (k) => manifest[k]?.name === "router",
  );
  if (router.length)
    throw new Error(
      `The islands script can load React Router (${router.map((k) => manifest[k]!.file).join(", ")}): a component ` +
        `of an island imports "react-router". Import Link, NavLink and the location from "~/lib/router" instead.`,
    );
}

type Node = { type?: string; [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null;

/** The first `import("…")` inside a node, by its specifier. */
function importIn(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = importIn(child);
      if (found) return found;
    }
    return undefined;
  }
  if (!isNode(node)) return undefined;
  if (node.type === "ImportExpression" && isNode(node.source) && typeof node.source.value === "string")
    return node.source.value;
  for (const [k, v] of Object.entries(node))
    if (k !== "type") {
      const found = importIn(v);
      if (found) return found;
    }
  return undefined;
}

/**
 * The module each island of the registry (./registry.tsx) loads, by island name, read from its
 * `export const islands = { … }` (an island that comes with the script imports nothing: undefined).
 */
export function islandModules(source: string): Record<string, string | undefined> {
  const { program, errors } = parseSync("registry.tsx", source);
  if (errors.length) throw new Error(`app/islands/registry.tsx: ${errors[0]!.message}`);
  for (const statement of program.body) {
    if (statement.type !== "ExportNamedDeclaration" || statement.declaration?.type !== "VariableDeclaration") continue;
    for (const d of statement.declaration.declarations) {
      if (d.id.type !== "Identifier" || d.id.name !== "islands" || d.init?.type !== "ObjectExpression") continue;
      const out: Record<string, string | undefined> = {};
      for (const p of d.init.properties) {
        if (p.type !== "Property")
          throw new Error("app/islands/registry.tsx: each island is a plain `name: island(…)`");
        const name = p.key.type === "Identifier" ? p.key.name : p.key.type === "Literal" ? String(p.key.value) : "";
        if (!name) throw new Error("app/islands/registry.tsx: an island without a plain name");
        out[name] = importIn(p.value);
      }
      return out;
    }
  }
  throw new Error("app/islands/registry.tsx has no `export const islands = { … }`");
}
