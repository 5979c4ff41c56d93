/**
 * `npm run dev`: the Vite dev server (React Router, hot reload) and the API server beside it, so every
 * form works in development. Vite answers on http://127.0.0.1:5173 and passes /api/* and /dev/mailbox (the
 * development mailbox) to the API server (server/start.ts through tsx, restarted when a file it imports
 * changes) on DEV_API_PORT (default 3001): one origin for the browser, as in production, so session
 * cookies and the forms behave the same. Arguments go to `react-router dev` (e.g. `npm run dev -- --port 5174`).
 * Ctrl-C or SIGTERM stops both.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { checkNodeVersion } from "../server/node-version.mjs";
import { root } from "./build-if-stale.mjs";

checkNodeVersion();
const apiPort = process.env.DEV_API_PORT ?? "3001";
const args = process.argv.slice(2);
const portArg = args.indexOf("--port");
const webPort = portArg === -1 ? "5173" : args[portArg + 1];
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const api = spawn(bin("tsx"), ["watch", "--clear-screen=false", "server/start.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: apiPort,
    // links in mail open the dev site
    PUBLIC_URL: process.env.PUBLIC_URL || `http://127.0.0.1:${webPort}`,
  },
});
const web = spawn(
  bin("react-router"),
  ["dev", "--host", "127.0.0.1", "--strictPort", ...(portArg === -1 ? ["--port", webPort] : []), ...args],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DEV_API_URL: `http://127.0.0.1:${apiPort}` },
  },
);

const children = [api, web];
let stopping = false;
function stop(signal = "SIGTERM") {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
let left = children.length;
let failed = false;
for (const child of children) {
  child.on("exit", (code, signal) => {
    if (!stopping && (code !== 0 || signal)) failed = true;
    stop(); // one gone: stop the other
    if (--left === 0) process.exit(failed ? 1 : 0);
  });
}
