import fs from "node:fs";
import { buildApp } from "./app";
import { KeyConfigError } from "./credentials/keys";
import { DataDirLockedError, NewerDatabaseError, openDatabase, type Database } from "./db/client";
import { recordPublicUrl } from "./db/settings";
import { EnvError, loadEnv, type Env } from "./env";
import { closeGracefully } from "./shutdown";

/** Starts the server: validated environment, database with migrations, app, graceful shutdown. */
async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const database = await openWithRetry(env);
  // npm run mail:list, reading the database directly, prints links with this server's address
  await recordPublicUrl(database.db, env.PUBLIC_URL).catch(() => {});
  // The mail worker runs in every server process (server/plugins/mail.ts); it stops when the app closes.
  let app;
  try {
    app = await buildApp({ env, database, inquiryRateMax: env.INQUIRY_RATE_MAX, mailWorker: true, examBank: true });
  } catch (e) {
    // no signing key in production, or an unreadable one: say which setting to fix, no stack trace
    if (e instanceof KeyConfigError) {
      console.error(e.message);
      await database.close();
      process.exit(1);
    }
    throw e;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    // Requests still running at 70% of SHUTDOWN_TIMEOUT_MS are cut off (Node stops timing out slow
    // requests once the listener closes), leaving the rest of the time to close the database cleanly.
    const cutoff = Math.round(env.SHUTDOWN_TIMEOUT_MS * 0.7);
    const timer = setTimeout(() => {
      app.log.warn(`shutdown: connections still open after ${cutoff} ms are closed`);
      app.server.closeAllConnections();
      // a close that fails still ends the process (exit 0, as before); one that hangs meets the hard deadline below
      void database.close().finally(() => process.exit(0));
    }, cutoff);
    timer.unref();
    // The hard deadline (issue 31.6): whatever is still pending then, a database close included, the process
    // exits. Not unref'd: a close that hangs on a promise holds no handle that would keep the timer alive.
    setTimeout(() => {
      process.stderr.write(
        `shutdown: the database did not close within SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS} ms); exiting\n`,
      );
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    try {
      // takes the connections already made, answers every request accepted, then closes the database
      // (server/shutdown.ts, plugins/database.ts)
      await closeGracefully(app, {
        drainMs: Math.round(env.SHUTDOWN_TIMEOUT_MS * 0.25),
        idleGraceMs: Math.min(1000, Math.round(env.SHUTDOWN_TIMEOUT_MS * 0.1)),
      });
      process.exit(0);
    } catch (e) {
      app.log.error({ err: e }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `serving on http://${env.HOST}:${env.PORT} with the ${database.kind === "pglite" ? `embedded database in ${env.DATA_DIR}` : "PostgreSQL database"}`,
  );
}

/**
 * Opens the database. A PostgreSQL server that cannot be reached yet (it starts after us, or is down for a
 * moment) is retried with backoff (1 s, doubling to 30 s) and one log line per attempt, rather than a crash
 * loop; SIGTERM still stops the wait. An embedded database that cannot open, or a locked data folder, ends
 * the process at once with the reason.
 */
async function openWithRetry(env: Env): Promise<Database> {
  let stop = false;
  const onSignal = () => {
    stop = true;
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  try {
    for (let attempt = 1, delay = 1000; ; attempt++, delay = Math.min(delay * 2, 30_000)) {
      try {
        return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (e instanceof DataDirLockedError || e instanceof NewerDatabaseError || !env.DATABASE_URL) {
          const known = e instanceof DataDirLockedError || e instanceof NewerDatabaseError;
          console.error(known ? message : `Could not open the database: ${message}`);
          process.exit(1);
        }
        console.error(
          `The database is not reachable (${message || (e as { code?: string }).code || "no answer"}); attempt ${attempt}, retrying in ${delay / 1000} s.`,
        );
        for (let waited = 0; waited < delay && !stop; waited += 100) await new Promise((r) => setTimeout(r, 100));
        if (stop) process.exit(0);
      }
    }
  } finally {
    process.off("SIGTERM", onSignal);
    process.off("SIGINT", onSignal);
  }
}

void main();
