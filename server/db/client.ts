import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
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

/** The database was migrated by a newer version of the code than this one: running on it could corrupt it. */
export class NewerDatabaseError extends Error {}

interface JournalEntry {
  when: number;
  tag: string;
}

/**
 * Before the migrations run (issue 31.2): a database whose last applied migration is newer than every
 * migration this code knows was upgraded by a newer version, and is refused; a database with data that is
 * about to be upgraded gets a message telling the operator to keep a backup. Drizzle's migrator records each
 * applied migration in drizzle.__drizzle_migrations with its journal time (`created_at`) and applies those
 * whose time is later than the last one recorded.
 */
export async function checkMigrations(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
  warn: (message: string) => void,
) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const known = journal.entries.reduce((max, e) => Math.max(max, e.when), 0);
  const table = await query("select to_regclass('drizzle.__drizzle_migrations') as t");
  if (!table.rows[0]?.t) return; // a new database: every migration runs
  const last = await query("select max(created_at)::text as last from drizzle.__drizzle_migrations");
  const applied = Number(last.rows[0]?.last ?? 0);
  if (!applied) return;
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";
  if (applied > known)
    throw new NewerDatabaseError(
      `The database was upgraded by a newer version of this site (its last migration dates from ${date(applied)}; this version knows migrations up to ${date(known)}). Running this version on it is refused: run the newer version, or restore the backup taken before the upgrade (npm run db:restore; README, "Deploying").`,
    );
  const pending = journal.entries.filter((e) => e.when > applied).map((e) => e.tag);
  if (pending.length > 0)
    warn(
      `Upgrading the database: ${pending.length} migration${pending.length > 1 ? "s" : ""} to apply (${pending.join(", ")}). A migration cannot be undone: take a backup first (npm run db:backup) before every upgrade (README, "Deploying").`,
    );
}

/**
 * One embedded database per data folder: a lock file holding the owner's process id. A lock left
 * by a process that no longer runs (after a crash or kill -9) is taken over.
 */
export function lockDataDir(dir: string): () => void {
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

/**
 * A connection that drops (PostgreSQL restarts, a network reset) makes its pg Client emit "error". The pool
 * listens only while the client is idle: a client checked out for a transaction or a query has no listener,
 * and an "error" event without one ends the process. Every client gets a listener of its own; the queries
 * on a dead connection still fail with the error (and the request gets a 503), and the pool replaces the
 * connection.
 */
function survivesDroppedConnections(pool: pg.Pool) {
  const ignore = () => {};
  pool.on("error", ignore);
  pool.on("connect", (client) => client.on("error", ignore));
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in `dataDir` ("memory://" for tests), and applies the migrations. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** where the upgrade notice goes (standard error by default) */
  warn?: (message: string) => void;
}): Promise<Database> {
  const warn = opts.warn ?? ((message: string) => console.error(message));
  if (opts.databaseUrl) {
    // Migrations get their own short-lived connection without the query timeout: one may take long.
    const migrator = new pg.Pool({ connectionString: opts.databaseUrl, max: 1, connectionTimeoutMillis: 3000 });
    survivesDroppedConnections(migrator);
    try {
      await checkMigrations((text) => migrator.query(text), warn);
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
    survivesDroppedConnections(pool);
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
    const dir = path.join(opts.dataDir, "pglite");
    if (!memory) initPgliteDir(dir);
    compileWasmWithBaselineOnly();
    const client = memory ? new PGlite(PGLITE_OPTIONS) : new PGlite(dir, PGLITE_OPTIONS);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    try {
      await checkMigrations((text) => client.query(text), warn);
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    } catch (e) {
      await client.close().catch(() => {});
      throw e;
    }
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

/**
 * The embedded PostgreSQL's settings: buffers sized for one server process's traffic instead of the
 * defaults (shared_buffers 128 MB), which WebAssembly memory keeps for the life of the process.
 */
const PGLITE_OPTIONS = {
  startParams: [
    ...PGlite.defaultStartParams,
    ...["shared_buffers=16MB", "wal_buffers=1MB", "temp_buffers=1MB"].flatMap((c) => ["-c", c]),
  ],
};

/**
 * Creates a new embedded database folder by copying a freshly initialised one. The first copy is made by
 * initdb in a short-lived child process: initdb grows the WebAssembly memory to several hundred megabytes,
 * and WebAssembly memory never shrinks, so done in the server's own process it would stay resident for good
 * (about 780 MB against 160 MB for opening an existing folder). The initialised folder is kept in
 * node_modules/.cache (keyed by the PGlite version and settings), so later new folders (every test server,
 * a second data folder) are a file copy rather than another initdb.
 */
function initPgliteDir(dir: string) {
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) return;
  const pglite = import.meta.resolve("@electric-sql/pglite");
  const key = createHash("sha256")
    .update(fs.readFileSync(new URL("../package.json", pglite)))
    .update(JSON.stringify(PGLITE_OPTIONS))
    .digest("hex")
    .slice(0, 16);
  const pgliteFile = fileURLToPath(pglite);
  const nodeModules = pgliteFile.slice(0, pgliteFile.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 13);
  const cache = path.join(nodeModules, ".cache", "citb");
  const template = path.join(cache, `pglite-${key}`);
  if (!fs.existsSync(path.join(template, "PG_VERSION"))) {
    fs.mkdirSync(cache, { recursive: true });
    const fresh = fs.mkdtempSync(path.join(cache, "init-"));
    const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = new PGlite(process.argv[1], JSON.parse(process.argv[2]));
await db.waitReady;
await db.close();`;
    execFileSync(process.execPath, ["--input-type=module", "-e", script, fresh, JSON.stringify(PGLITE_OPTIONS)], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    try {
      fs.renameSync(fresh, template);
    } catch {
      fs.rmSync(fresh, { recursive: true, force: true }); // another process made it first
    }
  }
  fs.cpSync(template, dir, { recursive: true });
}

/**
 * PGlite's WebAssembly is compiled by V8's baseline compiler only (Liftoff, no TurboFan tier-up): measured
 * on this site's queries it is as fast or faster (no optimising compilations competing for the two cores),
 * starts with half the CPU, and keeps about 60 MB less resident (docs/performance.md, "Memory"). Set before
 * the module compiles; it touches no other code (the server has no other WebAssembly).
 */
function compileWasmWithBaselineOnly() {
  v8.setFlagsFromString("--liftoff-only");
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
