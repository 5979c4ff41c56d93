/**
 * `npm start`: builds the site when the build is missing or older than the sources, then serves
 * the site and the API (server/server.ts).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, process.env.CLIENT_DIR ?? "build/client", "index.html");

function newest(dir: string): number {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return t;
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const sources = Math.max(
  newest(path.join(root, "app")),
  newest(path.join(root, "public")),
  fs.statSync(path.join(root, "package.json")).mtimeMs,
);
if (built < sources) {
  console.log(built ? "Sources changed since the last build: building…" : "No build yet: building the site…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
await import("../server/server.ts");
