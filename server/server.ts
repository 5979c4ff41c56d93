import fs from "node:fs";
import { buildApp } from "./app";
import { DataDirLockedError, openDatabase } from "./db/client";
import { EnvError, loadEnv } from "./env";

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
  let database;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    console.error(`Could not open the database: ${(e as Error).message}`);
    process.exit(1);
  }
  // The mail worker runs in every server process (server/plugins/mail.ts); it stops when the app closes.
  const app = await buildApp({ env, database, inquiryRateMax: env.INQUIRY_RATE_MAX, mailWorker: true });

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
      void database.close().finally(() => process.exit(0));
    }, cutoff);
    timer.unref();
    try {
      await app.close(); // closes the database too (plugins/database.ts)
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

void main();
