import fs from "node:fs";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * How many connections the kernel has completed on the listening `port` that the process has not accepted
 * yet (Linux: the accept queue, `rx_queue` of the listening socket in /proc/net/tcp and tcp6); undefined where
 * that cannot be read.
 */
export function pendingAccepts(port: number): number | undefined {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  let found: number | undefined;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let table: string;
    try {
      table = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of table.split("\n")) {
      // sl local_address rem_address st tx_queue:rx_queue …; st 0A is LISTEN
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state === "0A" && local?.endsWith(suffix)) found = (found ?? 0) + parseInt(queues!.split(":")[1]!, 16);
    }
  }
  return found;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closes the app (the listener, then, once every connection has ended, the plugins and the database) without
 * dropping a request it accepted (issue 14.3). From the start every response says `Connection: close`, so a
 * connection ends with the answer it carries. Then:
 * 1. Drain: a connection the kernel has completed is, to its client, accepted, and its request may already
 *    be sent; closing the listener would reset it. So the listener stays open until the kernel's accept queue
 *    is empty (at most `drainMs`; a busy process accepts one connection per turn of its event loop).
 * 2. The listener closes: new connections are refused. Node's `server.close()` would also destroy every
 *    connection with no request in progress, including one just accepted whose request has not been read
 *    yet; instead idle connections get `idleGraceMs` for their request to arrive,
 * 3. then the ones still idle (no request begun) are closed every `sweepMs`, until none is left and the app
 *    has closed. A request still running at the caller's cut-off is the caller's business (server.ts).
 */
export async function closeGracefully(
  app: FastifyInstance,
  opts: { drainMs: number; idleGraceMs: number; sweepMs?: number },
): Promise<void> {
  app.draining = true;
  const server = app.server;
  const address = server.address() as AddressInfo | null;
  const drainUntil = Date.now() + opts.drainMs;
  await turn();
  for (;;) {
    const pending = address ? pendingAccepts(address.port) : undefined;
    if (pending === undefined) {
      for (let i = 0; i < 3; i++) await turn(); // elsewhere: a few turns of the event loop
      break;
    }
    if (pending === 0 || Date.now() >= drainUntil) break;
    await sleep(5);
  }

  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {}; // server.close() calls it; the sweep below does it later
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    closeIdle();
    timer = setTimeout(sweep, opts.sweepMs ?? 100).unref();
  };
  timer = setTimeout(sweep, opts.idleGraceMs).unref();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
