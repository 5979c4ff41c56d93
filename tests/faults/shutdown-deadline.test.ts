// Issue 31.6: a server stopped listening after SIGTERM but stayed alive 17 minutes. The hard deadline must not
// wait on the database: with a database whose close never finishes, the process still exits by
// SHUTDOWN_TIMEOUT_MS.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import {
  freePort,
  request,
  root,
  serverEnv,
  serverFolders,
  waitFor,
  watchProcess,
  type ServerProcess,
} from "./helpers";

let server: ServerProcess | undefined;
const folders = serverFolders("citb-shutdown-deadline-", () => [server]);

describe("SIGTERM with a database whose close hangs", () => {
  it("exits by SHUTDOWN_TIMEOUT_MS, saying why", async () => {
    const port = await freePort();
    const timeout = 3000;
    server = watchProcess(
      spawn(
        process.execPath,
        ["--import", path.join(root, "tests/faults/hang-database-close.mjs"), inject("serverBundle")],
        {
          cwd: root,
          env: serverEnv({ port, ...folders, env: { SHUTDOWN_TIMEOUT_MS: String(timeout) } }),
          stdio: ["ignore", "pipe", "pipe"],
        },
      ),
      port,
    );
    await waitFor(
      "the server to answer",
      async () => (await request(server!.base, "GET", "/api/ready")).status === 200,
    );
    const started = Date.now();
    server.child.kill("SIGTERM");
    const exit = await Promise.race([
      server.exited,
      new Promise<"still running">((r) => setTimeout(() => r("still running"), timeout + 5000)),
    ]);
    const took = Date.now() - started;
    expect(exit, server.stderr()).not.toBe("still running");
    expect(server.stderr()).toContain("fault: the database close hangs");
    expect(took).toBeLessThan(timeout + 1000); // the deadline, plus the time to exit
    expect(exit).toEqual({ code: 1, signal: null });
    expect(server.stdout() + server.stderr()).toContain(
      `shutdown: the database did not close within SHUTDOWN_TIMEOUT_MS (${timeout} ms); exiting`,
    );
  }, 60_000);
});
