// Slow clients cannot hold the server: a stalled body or stalled headers get 408 and the connection is
// closed (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS), and SIGTERM with stalled clients still exits 0 in time.
// A body that keeps arriving at BODY_MIN_BYTES_PER_S or faster is not cut off (an upload on a slow line); one
// that trickles slower is (plugins/body-deadline.ts).
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort, serverFolders, spawnServer, waitHealthy, type ServerProcess } from "./helpers";

const REQUEST_TIMEOUT_MS = 3000;
const HEADERS_TIMEOUT_MS = 2000;
/** small, so that a few hundred bytes a second stand for an upload on a slow line */
const BODY_MIN_BYTES_PER_S = 100;

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
      BODY_MIN_BYTES_PER_S: String(BODY_MIN_BYTES_PER_S),
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

  it("a body that keeps arriving faster than BODY_MIN_BYTES_PER_S is heard out, past REQUEST_TIMEOUT_MS", async () => {
    // 60 bytes every half second (120 bytes/s) for about 6 s: twice REQUEST_TIMEOUT_MS
    const body = `{"kind":"general"${" ".repeat(720 - 18)}}`;
    const { socket, closed } = stalled(
      `POST /api/inquiries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    for (let at = 0; at < body.length; at += 60) {
      await new Promise((r) => setTimeout(r, 500));
      socket.write(body.slice(at, at + 60));
    }
    const { reply, ms } = await closed;
    expect(ms).toBeGreaterThan(REQUEST_TIMEOUT_MS + 1000);
    // heard and judged: the inquiry lacks its fields (400), not a timeout
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
  });

  it("a body that trickles slower than BODY_MIN_BYTES_PER_S gets 408", async () => {
    const { socket, closed } = stalled(partialBody);
    // 10 bytes a second, a tenth of the rate: the allowance grows by 100 ms a second, so it ends at about 3.4 s
    const trickle = setInterval(() => socket.writable && socket.write("          "), 1000);
    const { reply, ms } = await closed;
    clearInterval(trickle);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
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
