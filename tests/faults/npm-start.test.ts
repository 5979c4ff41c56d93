// `npm start` on a built tree runs the built server with nothing between npm and it: SIGTERM (a process
// manager) or SIGINT (Ctrl-C) sent to the npm process stops the server cleanly, npm exits 0, and the data
// folder is free for the next start.
// The tree is a temporary copy of what `npm start` needs (package.json, scripts/start.mjs and its staleness
// check, the suite's built server as build/server, a tiny site as build/client) with the inputs older than
// the build, so npm start serves without building.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  connectionRefused,
  fixtureClientDir,
  freePort,
  root,
  serverEnv,
  stopServer,
  tempDir,
  waitHealthy,
  watchProcess,
  type ServerProcess,
} from "./helpers";

let tree: string;
let dataDir: string;
let npm: ServerProcess | undefined;

beforeAll(() => {
  const cache = path.join(root, "node_modules", ".cache", "citb");
  fs.mkdirSync(cache, { recursive: true });
  // under the repository's node_modules, so the built server finds its packages as it does in build/server
  tree = fs.mkdtempSync(path.join(cache, "npm-start-"));
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const file of ["package.json", "scripts/start.mjs", "scripts/build-if-stale.mjs"]) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(tree, file));
    fs.utimesSync(path.join(tree, file), hourAgo, hourAgo);
  }
  fs.cpSync(path.dirname(inject("serverBundle")), path.join(tree, "build", "server"), { recursive: true });
  const site = fixtureClientDir();
  fs.cpSync(site, path.join(tree, "build", "client"), { recursive: true });
  fs.rmSync(site, { recursive: true, force: true });
  dataDir = tempDir("npm-start");
});

afterAll(async () => {
  await stopServer(npm, true);
  fs.rmSync(tree, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start` in the tree; resolves once /api/health answers. Returns npm's process and the server's pid. */
async function npmStart(): Promise<{ npm: ServerProcess; serverPid: number }> {
  const port = await freePort();
  const env = serverEnv({ port, dataDir, clientDir: path.join(tree, "build", "client"), logLevel: "info" });
  npm = watchProcess(spawn("npm", ["start"], { cwd: tree, env, stdio: ["ignore", "pipe", "pipe"] }), port);
  await waitHealthy(npm);
  expect(npm.stdout()).not.toMatch(/building/i); // the build was current
  // the data folder's lock names the server process: npm's own child, with no shell in between
  const serverPid = Number(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8"));
  expect(serverPid).not.toBe(npm.child.pid);
  expect(parentOf(serverPid)).toBe(npm.child.pid);
  return { npm, serverPid };
}

/** The parent pid of a process, from /proc/<pid>/stat (the field after the command name in parentheses). */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!fs.existsSync("/proc/self/stat"))("npm start", () => {
  it("stops cleanly on SIGTERM or SIGINT to the npm process and frees the data folder", async () => {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const { npm, serverPid } = await npmStart();
      npm.child.kill(signal);
      expect(await npm.exited).toEqual({ code: 0, signal: null });
      expect(running(serverPid)).toBe(false);
      expect(npm.stdout()).toContain(`"signal":"${signal}","msg":"shutting down`);
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
      expect(await connectionRefused(npm.port)).toBe(true);
    }
  });
});
