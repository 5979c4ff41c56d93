import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  /** closes the connections (and releases the data folder); calling it again does nothing */
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export class DataDirLockedError extends Error {}

/**
 * One embedded database per data folder: a lock file holding the owner's process id. A lock left
 * by a process that no longer runs (after a crash or kill -9) is taken over.
 */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lock, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lock, "utf8") === String(process.pid)) fs.unlinkSync(lock);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number(fs.readFileSync(lock, "utf8").trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dir)} is already in use by another server process (pid ${pid}). Stop that process, or set DATA_DIR to a different folder.`,
        );
      }
      fs.rmSync(lock, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${path.resolve(dir)}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in `dataDir` ("memory://" for tests), and applies the migrations. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    // Migrations get their own short-lived connection without the query timeout: one may take long.
    const migrator = new pg.Pool({ connectionString: opts.databaseUrl, max: 1, connectionTimeoutMillis: 3000 });
    try {
      await migratePg(drizzlePg(migrator), { migrationsFolder });
    } finally {
      await migrator.end();
    }
    // A request waits at most 3 s for a connection and 5 s for a query's answer, then gets a 503:
    // without query_timeout a network partition (an open connection that goes silent) would hold
    // requests, and a graceful shutdown, for many minutes. A timed-out connection is discarded.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3000,
      query_timeout: 5000,
    });
    pool.on("error", () => {
      /* a dropped idle connection is replaced on next use; queries report their own errors */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      ping: () => ping(db),
      close: once(() => pool.end()),
    };
  }
  const memory = opts.dataDir.startsWith("memory://");
  const unlock = memory ? () => {} : lockDataDir(opts.dataDir);
  try {
    const client = memory ? new PGlite() : new PGlite(path.join(opts.dataDir, "pglite"));
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      kind: "pglite",
      ping: () => ping(db),
      close: once(async () => {
        await client.close();
        unlock();
      }),
    };
  } catch (e) {
    unlock();
    throw e;
  }
}

/** Runs `fn` once; later calls get the first call's promise. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
