/**
 * Builds the server to JavaScript: server/server.ts and everything it imports from server/ and app/ bundled
 * by esbuild into one ES module, build/server/server.js, with the SQL migrations beside it in
 * build/server/migrations (server/db/client.ts finds them next to the running file). Packages stay
 * external and load from node_modules at run time, so PGlite finds its WebAssembly and data files in its
 * own package. Run by `npm run build` after the site; `NODE_ENV=production node build/server/server.js`
 * runs the result. Every package the bundle loads must be one of package.json's "dependencies": a production
 * install (`npm ci --omit=dev`) has no others, so the build fails on one that is not (issue 31.1).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builtinModules } from "node:module";
import { build } from "esbuild";
import { root, SERVER_BUNDLE } from "./build-if-stale.mjs";

/** Builds into `outdir` (default build/server); returns the path of the built server. */
export async function buildServer(outdir = path.dirname(SERVER_BUNDLE)) {
  const outfile = path.join(outdir, "server.js");
  fs.mkdirSync(outdir, { recursive: true });
  for (const old of fs
    .readdirSync(outdir, { withFileTypes: true })
    // every .js here is this build's output (server.js, its chunks, the key-check engines loaded on first use)
    .filter((f) => f.isFile() && /\.js(\.map)?$/.test(f.name)))
    fs.rmSync(path.join(outdir, old.name));
  const result = await build({
    absWorkingDir: root,
    // server/start.ts checks the Node.js version, then imports server/server.ts: split into a chunk of its own
    // so that its packages load only after the check (static imports of one file all load before its code runs).
    // browser-check.js: the child process the server runs the item bank's browser key checks in
    // (server/exams/checks/browser-process.ts finds it beside the running file)
    entryPoints: { server: "server/start.ts", "browser-check": "server/exams/checks/browser-child.ts" },
    outdir,
    splitting: true,
    chunkNames: "[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    jsx: "automatic",
    tsconfig: "tsconfig.json",
    sourcemap: "linked", // used with NODE_OPTIONS=--enable-source-maps
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
  });
  const missing = undeclaredPackages(externalImports(result.metafile));
  if (missing.length > 0)
    throw new Error(
      `The built server loads ${missing.join(", ")}, not among package.json's "dependencies": a production install (npm ci --omit=dev) would fail to start. Move ${missing.length > 1 ? "them" : "it"} from devDependencies to dependencies.`,
    );
  // the React key-check engine's child process runs this script from beside the running file (server/exams/checks/react.ts)
  fs.copyFileSync(
    path.join(root, "server", "exams", "checks", "react-sandbox.mjs"),
    path.join(outdir, "react-sandbox.mjs"),
  );
  const migrations = path.join(outdir, "migrations");
  fs.rmSync(migrations, { recursive: true, force: true });
  fs.cpSync(path.join(root, "server", "db", "migrations"), migrations, { recursive: true });
  return outfile;
}

/** The package names (`@scope/name` or `name`) of every import the bundle leaves to node_modules. */
export function externalImports(metafile) {
  const names = new Set();
  for (const output of Object.values(metafile.outputs))
    for (const imp of output.imports) {
      if (!imp.external || imp.path.startsWith("node:") || builtinModules.includes(imp.path)) continue;
      const parts = imp.path.split("/");
      names.add(imp.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
    }
  return [...names].sort();
}

/** Those of `packages` that package.json (or the one given) does not list under "dependencies". */
export function undeclaredPackages(
  packages,
  pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")),
) {
  return packages.filter((name) => !Object.hasOwn(pkg.dependencies ?? {}, name));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const outfile = await buildServer();
  console.log(`Built the server: ${path.relative(root, outfile)} (${Date.now() - started} ms)`);
}
