/**
 * Builds the server to JavaScript: server/server.ts and everything it imports from server/ and app/ bundled
 * by esbuild into one ES module, build/server/server.js, with the SQL migrations beside it in
 * build/server/migrations (server/db/client.ts finds them next to the running file). Packages stay
 * external and load from node_modules at run time, so PGlite finds its WebAssembly and data files in its
 * own package. Run by `npm run build` after the site; `NODE_ENV=production node build/server/server.js`
 * runs the result.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { root, SERVER_BUNDLE } from "./build-if-stale.mjs";

/** Builds into `outdir` (default build/server); returns the path of the built server. */
export async function buildServer(outdir = path.dirname(SERVER_BUNDLE)) {
  const outfile = path.join(outdir, "server.js");
  await build({
    absWorkingDir: root,
    entryPoints: ["server/server.ts"],
    outfile,
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
  });
  const migrations = path.join(outdir, "migrations");
  fs.rmSync(migrations, { recursive: true, force: true });
  fs.cpSync(path.join(root, "server", "db", "migrations"), migrations, { recursive: true });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const outfile = await buildServer();
  console.log(`Built the server: ${path.relative(root, outfile)} (${Date.now() - started} ms)`);
}
