/**
 * Builds the site (`npm run build`) when the build is missing or older than the sources
 * (app/, public/, package.json). Used by `npm start` and `npm run bench`.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

function newest(dir: string): number {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return t;
}

/** Returns true when it had to build. `clientDir` is relative to the repository root. */
export function buildIfStale(clientDir = process.env.CLIENT_DIR ?? "build/client"): boolean {
  const marker = path.join(root, clientDir, "index.html");
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const sources = Math.max(
    newest(path.join(root, "app")),
    newest(path.join(root, "public")),
    fs.statSync(path.join(root, "package.json")).mtimeMs,
  );
  if (built >= sources) return false;
  console.log(built ? "Sources changed since the last build: building…" : "No build yet: building the site…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  return true;
}
