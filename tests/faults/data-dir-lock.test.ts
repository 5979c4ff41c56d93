// A second server process on the same embedded data folder refuses to start; the first keeps serving.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, inquiryBody, request, serverFolders, spawnServer, waitHealthy, type ServerProcess } from "./helpers";

let first: ServerProcess | undefined;
let second: ServerProcess | undefined;
const { clientDir, dataDir } = serverFolders("lock", () => [second, first]);

describe("two server processes on one data folder", () => {
  it("the second exits 1 with a clear message and the first keeps serving", async () => {
    first = spawnServer({ port: await freePort(), dataDir, clientDir });
    await waitHealthy(first);
    expect(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")).toBe(String(first.child.pid));

    second = spawnServer({ port: await freePort(), dataDir, clientDir });
    const exit = await second.exited;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(second.stderr().trim()).toBe(
      `The data folder ${path.resolve(dataDir)} is already in use by another server process (pid ${first.child.pid}). Stop that process, or set DATA_DIR to a different folder.`,
    );
    expect(second.stdout()).toBe("");

    // the refused process left the lock alone and the first server still reads and writes
    expect(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")).toBe(String(first.child.pid));
    expect(first.alive()).toBe(true);
    const health = await request(first.base, "GET", "/api/health");
    expect([health.status, health.body]).toEqual([200, '{"status":"ok"}']);
    const stored = await request(first.base, "POST", "/api/inquiries", { body: inquiryBody(1, "lock") });
    expect(stored.status).toBe(201);

    // and once the first stops cleanly, the folder is free for the next process
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    second = spawnServer({ port: await freePort(), dataDir, clientDir });
    await waitHealthy(second);
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });
});
