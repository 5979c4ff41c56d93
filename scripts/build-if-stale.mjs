/**
 * Builds the site and the server (`npm run build`) when the build is missing or older than anything that
 * feeds it. Used by `npm start` (scripts/start.mjs) and `npm run bench`. Plain JavaScript, so `npm start`
 * needs no TypeScript loader.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const bundleIn = (base) => path.join(base, "build", "server", "server.js");
/** The built server (scripts/build-server.mjs): `node build/server/server.js` runs the site and the API. */
export const SERVER_BUNDLE = bundleIn(root);

/**
 * Everything the build reads: the app (with its content and the content pipeline, app/content), the
 * server, public files, the scripts that run in the build (postbuild, the appendix PDF, the server bundle),
 * the dependencies and the configuration files. A file that is missing counts as old.
 */
export const BUILD_INPUTS = [
  "app",
  "server",
  "public",
  "scripts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

/** Tests are not part of the build: editing one does not make the build stale. */
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time under `p` (a file or a folder, folders included), in ms; 0 when it does not exist. */
function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own time changes when a file in it is added, removed or renamed (a deleted page is a change).
  let t = stat.mtimeMs;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === "node_modules" || isTest(entry.name)) continue;
    t = Math.max(t, newest(path.join(p, entry.name)));
  }
  return t;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/**
 * Why the build must be made again, or undefined when it is current. The build is as old as the older of
 * its two outputs: the site's index.html (in `clientDir`) and the server bundle. `base`: the repository.
 */
export function staleReason(clientDir = process.env.CLIENT_DIR ?? "build/client", base = root) {
  const built = Math.min(mtime(path.resolve(base, clientDir, "index.html")), mtime(bundleIn(base)));
  if (!built) return "No build yet: building the site and the server…";
  const changed = BUILD_INPUTS.find((input) => newest(path.join(base, input)) > built);
  return changed ? `${changed} changed since the last build: building…` : undefined;
}

/** Builds when the build is missing or stale; returns true when it had to build. */
export function buildIfStale(clientDir = process.env.CLIENT_DIR ?? "build/client") {
  const reason = staleReason(clientDir);
  if (!reason) return false;
  console.log(reason);
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  return true;
}
