/**
 * Backups of either database (issue 31.2), for `npm run db:backup` and `npm run db:restore`:
 * - the embedded database (PGlite in DATA_DIR/pglite): a gzipped tar archive of the database folder, written
 *   by PGlite itself (`dumpDataDir`) after a checkpoint. The server must be stopped: it holds the folder (the
 *   lock file in DATA_DIR), and a copy of the files of a running PostgreSQL is not consistent. A restore
 *   unpacks the archive into a new folder, checks that it opens, then puts it in place and keeps the folder it
 *   replaces beside it (`pglite.before-restore-…`).
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` and `pg_restore --clean --if-exists
 *   --single-transaction`, so a restore replaces every table in one transaction or changes nothing. pg_dump
 *   works while the server runs (it reads one snapshot); stop the servers before a restore.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./client";

const run = promisify(execFile);

export class BackupError extends Error {}

/** A file name for a new backup: `citb-<embedded|postgres>-20260127T041500Z.<tar.gz|dump>`. */
export function backupFileName(kind: "embedded" | "postgres", now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `citb-${kind}-${stamp}.${kind === "embedded" ? "tar.gz" : "dump"}`;
}

/** Writes an archive of the embedded database in `dataDir` to `file`; the server must not hold the folder. */
export async function backupEmbedded(dataDir: string, file: string): Promise<{ bytes: number }> {
  const dir = path.join(dataDir, "pglite");
  if (!fs.existsSync(path.join(dir, "PG_VERSION")))
    throw new BackupError(`There is no embedded database in ${path.resolve(dir)} (DATA_DIR=${dataDir}).`);
  const unlock = lockDataDir(dataDir);
  try {
    const client = new PGlite(dir);
    try {
      await client.waitReady;
      await client.exec("checkpoint");
      const archive = await client.dumpDataDir("gzip");
      const bytes = Buffer.from(await archive.arrayBuffer());
      writeNew(file, bytes);
      return { bytes: bytes.length };
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Replaces the embedded database in `dataDir` with the archive `file`. The archive is unpacked into a new
 * folder and opened first; only then is it moved in place. Returns where the replaced folder was kept.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<{ kept?: string }> {
  const archive = readArchive(file);
  const unlock = lockDataDir(dataDir);
  try {
    const dir = path.join(dataDir, "pglite");
    const stamp = new Date().toISOString().replace(/[-:.]/g, "");
    const incoming = `${dir}.restoring-${stamp}`;
    fs.rmSync(incoming, { recursive: true, force: true });
    fs.mkdirSync(incoming, { recursive: true });
    try {
      const client = new PGlite(incoming, { loadDataDir: new Blob([new Uint8Array(archive)]) });
      try {
        await client.waitReady;
        await client.query("select 1");
      } finally {
        await client.close();
      }
    } catch (e) {
      fs.rmSync(incoming, { recursive: true, force: true });
      throw new BackupError(
        `${file} is not an archive of the embedded database made by npm run db:backup (${(e as Error).message}). Nothing was changed.`,
      );
    }
    let kept: string | undefined;
    if (fs.existsSync(dir)) {
      kept = `${dir}.before-restore-${stamp}`;
      fs.renameSync(dir, kept);
    }
    fs.renameSync(incoming, dir);
    return { kept };
  } finally {
    unlock();
  }
}

/** pg_dump of the database at `url` into `file` (custom format: compressed, restored with pg_restore). */
export async function backupPostgres(url: string, file: string): Promise<{ bytes: number }> {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; give another file name.`);
  await tool("pg_dump", ["--format=custom", "--no-owner", "--file", file, "--dbname", url]);
  return { bytes: fs.statSync(file).size };
}

/** pg_restore of `file` into the database at `url`: every table the archive holds is replaced, in one transaction. */
export async function restorePostgres(file: string, url: string): Promise<void> {
  readArchive(file, 1);
  await tool("pg_restore", [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--single-transaction",
    "--exit-on-error",
    "--dbname",
    url,
    file,
  ]);
}

async function tool(name: string, args: string[]) {
  try {
    await run(name, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === "ENOENT")
      throw new BackupError(
        `${name} was not found: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client).`,
      );
    throw new BackupError(`${name} failed: ${(err.stderr || err.message).trim()}`);
  }
}

function readArchive(file: string, atLeast = 512): Buffer {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    throw new BackupError(`Cannot read the backup ${file}.`);
  }
  if (bytes.length < atLeast) throw new BackupError(`${file} is empty or too short to be a backup.`);
  return bytes;
}

function writeNew(file: string, bytes: Buffer) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  try {
    fs.writeFileSync(file, bytes, { flag: "wx", mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST")
      throw new BackupError(`${file} already exists; give another file name.`);
    throw e;
  }
}
