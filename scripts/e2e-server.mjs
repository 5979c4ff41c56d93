// Starts the built server (build/server/server.js, made by `npm run build`) for the browser tests on a
// fresh, throw-away embedded database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_BUNDLE } from "./build-if-stale.mjs";

if (!fs.existsSync(SERVER_BUNDLE)) {
  console.error(`No built server at ${SERVER_BUNDLE}: run npm run build first.`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-e2e-"));
const child = spawn(process.execPath, [SERVER_BUNDLE], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir },
});
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
