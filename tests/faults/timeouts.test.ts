// Slow clients cannot hold the server: a stalled body or stalled headers get 408 and the connection is
// closed (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS), and SIGTERM with stalled clients still exits 0 in time.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort, serverFolders, spawnServer, waitHealthy, type ServerProcess } from "./helpers";

const REQUEST_TIMEOUT_MS = 3000;
const HEADERS_TIMEOUT_MS = 2000;

let server: ServerProcess | undefined;
const { clientDir, dataDir } = serverFolders("timeouts", () => [server]);

beforeAll(async () => {
  server = spawnServer({
    port: await freePort(),
    dataDir,
    clientDir,
    env: {
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      SHUTDOWN_TIMEOUT_MS: "8000",
    },
  });
  await waitHealthy(server);
}, 120_000);

/** Opens a raw connection, writes `text`, and resolves with what the server sent and when it closed. */
function stalled(text: string): { socket: net.Socket; closed: Promise<{ reply: string; ms: number }> } {
  const started = Date.now();
  const socket = net.connect(server!.port, "127.0.0.1");
  let reply = "";
  socket.setEncoding("utf8").on("data", (d: string) => (reply += d));
  socket.on("error", () => {});
  socket.write(text);
  const closed = new Promise<{ reply: string; ms: number }>((resolve) =>
    socket.on("close", () => resolve({ reply, ms: Date.now() - started })),
  );
  return { socket, closed };
}

const partialBody =
  'POST /api/inquiries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"kind":';

describe("slow clients", () => {
  it("a body that stops arriving gets 408 and the connection closes", async () => {
    const { closed } = stalled(partialBody);
    const { reply, ms } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    // the timeout, plus at most Node's check interval (2 s), plus scheduling slack
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2000 + 3000);
  });

  it("headers that stop arriving get 408 and the connection closes", async () => {
    const { closed } = stalled("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    const { reply, ms } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2000 + 3000);
  });

  it("SIGTERM with stalled clients exits 0 and frees the data folder within SHUTDOWN_TIMEOUT_MS", async () => {
    const clients = Array.from({ length: 20 }, () => stalled(partialBody));
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    server!.child.kill("SIGTERM");
    const exit = await server!.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(8000);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    await Promise.all(clients.map((c) => c.closed));
  });
});
