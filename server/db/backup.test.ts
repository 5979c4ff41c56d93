// Issue 31.2: npm run db:backup and npm run db:restore, run as an operator would, on the embedded database
// and (with TEST_DATABASE_URL, as .ci/run does) on PostgreSQL: back up, wipe, restore, find the same records.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../testing/helpers";
import { insertAccount } from "../testing/records";
import { openDatabase } from "./client";
import { users } from "./schema";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "citb-backup-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const tsx = path.resolve("node_modules/.bin/tsx");
/** Runs `npm run db:<name>` (its script) with only the given database settings; resolves to its exit code and output. */
async function command(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  const clean = { ...process.env };
  for (const key of ["DATABASE_URL", "DATA_DIR", "TEST_DATABASE_URL"]) delete clean[key];
  try {
    const r = await promisify(execFile)(tsx, [path.resolve(`scripts/db-${name}.ts`), ...args], {
      cwd: tmp, // no .env there
      env: { ...clean, ...env },
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

const emails = (rows: { email: string }[]) => rows.map((r) => r.email);

describe("backup and restore of the embedded database", () => {
  const dataDir = path.join(tmp, "data");
  const file = path.join(tmp, "embedded.tar.gz");

  it("restores the records of the backup after the folder is wiped, keeping what it replaced", async () => {
    const database = await openDatabase({ dataDir });
    await insertAccount(database.db, "ada@example.com");
    await insertAccount(database.db, "grace@example.com");
    await database.close();

    const backup = await command("backup", ["--out", file], { DATA_DIR: dataDir });
    expect(backup.out).toContain(`Backed up the embedded database in ${dataDir} to ${file}`);
    expect(backup.code).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    // wipe: the database folder is gone; a new one would be empty
    fs.rmSync(path.join(dataDir, "pglite"), { recursive: true });
    const empty = await openDatabase({ dataDir });
    expect(await empty.db.select().from(users)).toEqual([]);
    await insertAccount(empty.db, "later@example.com");
    await empty.close();

    const refused = await command("restore", [file], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("run again with --yes");

    const restore = await command("restore", [file, "--yes"], { DATA_DIR: dataDir });
    expect(restore.out).toContain(`Restored ${file}`);
    expect(restore.code).toBe(0);
    const kept = fs.readdirSync(dataDir).filter((n) => n.startsWith("pglite.before-restore-"));
    expect(kept).toHaveLength(1);

    const restored = await openDatabase({ dataDir });
    try {
      expect(emails(await restored.db.select().from(users).orderBy(asc(users.id)))).toEqual([
        "ada@example.com",
        "grace@example.com",
      ]);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it("refuses while a server holds the folder, and refuses a file that is not a backup", async () => {
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.pid)); // a live process holds it
    try {
      const held = await command("backup", ["--out", path.join(tmp, "held.tar.gz")], { DATA_DIR: dataDir });
      expect(held.code).toBe(1);
      expect(held.out).toContain("already in use by another server process");
      expect(held.out).toContain("stop it, back up, start it");
      expect(fs.existsSync(path.join(tmp, "held.tar.gz"))).toBe(false);
    } finally {
      fs.rmSync(path.join(dataDir, "server.lock"));
    }
    const junk = path.join(tmp, "junk.tar.gz");
    fs.writeFileSync(junk, Buffer.alloc(4096, 7));
    const bad = await command("restore", [junk, "--yes"], { DATA_DIR: dataDir });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("is not an archive of the embedded database");
    expect(bad.out).toContain("Nothing was changed");
    const still = await openDatabase({ dataDir });
    expect(await still.db.select().from(users)).toHaveLength(2);
    await still.close();
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("backup and restore on PostgreSQL", () => {
  it("restores the records of the backup after every table is dropped", async () => {
    const database = await freshDatabase();
    const url = database.url!;
    const file = path.join(tmp, "postgres.dump");
    try {
      await insertAccount(database.db, "ada@example.com");
      await insertAccount(database.db, "grace@example.com");

      const backup = await command("backup", ["--out", file], { DATABASE_URL: url });
      expect(backup.out).toContain(`Backed up the PostgreSQL database to ${file}`);
      expect(backup.code).toBe(0);

      // wipe: every table and the migrations' record
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query("drop schema public cascade; create schema public; drop schema if exists drizzle cascade");
      await admin.end();

      const restore = await command("restore", [file, "--yes"], { DATABASE_URL: url });
      expect(restore.out).toContain(`Restored ${file} into the PostgreSQL database`);
      expect(restore.code).toBe(0);
      expect(emails(await database.db.select().from(users).orderBy(asc(users.id)))).toEqual([
        "ada@example.com",
        "grace@example.com",
      ]);
      // the migrations' record came back too: opening it again applies nothing and keeps the rows
      const again = await openDatabase({ databaseUrl: url, dataDir: "unused" });
      expect(await again.db.select().from(users)).toHaveLength(2);
      await again.close();
    } finally {
      await database.drop();
    }
  });
});
