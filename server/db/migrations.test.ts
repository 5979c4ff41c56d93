// Issue 31.2: the migrations refuse a database that a newer version of the code migrated, and tell the
// operator to back up before an upgrade (on the embedded database, and on PostgreSQL with TEST_DATABASE_URL).
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withFreshDatabase } from "../testing/helpers";
import { checkMigrations, openDatabase } from "./client";

const journal = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8"),
) as {
  entries: { when: number; tag: string }[];
};
const last = journal.entries.at(-1)!;

const reopen = (database: { url?: string }, warn: (m: string) => void) =>
  openDatabase({ databaseUrl: database.url, dataDir: "memory://unused", warn });

describe.runIf(process.env.TEST_DATABASE_URL)("migrations on PostgreSQL", () => {
  it("refuse a newer database", () =>
    withFreshDatabase(async (database) => {
      const quiet: string[] = [];
      await (await reopen(database, (m) => quiet.push(m))).close();
      expect(quiet).toEqual([]); // up to date: nothing to say

      // a migration from a newer version of the code
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${last.when + 86_400_000})`,
      );
      await expect(reopen(database, () => {})).rejects.toThrow(
        /The database was upgraded by a newer version of this site .* Running this version on it is refused/,
      );
    }));
});

describe("migrations on the embedded database", () => {
  it("announce an upgrade of a database with data, with the advice to back up first", async () => {
    const client = new PGlite();
    try {
      // a database at the first migration: every later one is pending
      await client.exec(
        `create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
         insert into drizzle.__drizzle_migrations (hash, created_at) values ('first', ${journal.entries[0]!.when});`,
      );
      const said: string[] = [];
      await checkMigrations(
        (text) => client.query(text),
        (m) => said.push(m),
      );
      const pending = journal.entries.slice(1).map((e) => e.tag);
      expect(said).toEqual([
        `Upgrading the database: ${pending.length} migrations to apply (${pending.join(", ")}). A migration cannot be undone: take a backup first (npm run db:backup) before every upgrade (README, "Deploying").`,
      ]);
      // a new database (no record yet) and an up-to-date one: nothing to say
      await client.exec(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('last', ${last.when})`);
      await checkMigrations(
        (text) => client.query(text),
        (m) => said.push(m),
      );
      expect(said).toHaveLength(1);
    } finally {
      await client.close();
    }
  }, 90_000);

  it("refuse a database that a newer version migrated", async () => {
    const dataDir = fs.mkdtempSync(path.join(import.meta.dirname, "../../node_modules/.cache/citb-migrations-"));
    try {
      const database = await openDatabase({ dataDir });
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${last.when + 86_400_000})`,
      );
      await database.close();
      await expect(openDatabase({ dataDir })).rejects.toThrow(/upgraded by a newer version of this site/);
      // the refusal released the folder: the next open is refused for the same reason, not for a lock
      await expect(openDatabase({ dataDir })).rejects.toThrow(/upgraded by a newer version of this site/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
