/**
 * `npm run db:restore -- FILE --yes`: puts a backup made by `npm run db:backup` back (issue 31.2). On
 * PostgreSQL (DATABASE_URL) pg_restore replaces every table the archive holds, in one transaction; on the
 * embedded database (DATA_DIR) the archive is unpacked and opened beside the database folder, then takes its
 * place, and the folder it replaces is kept as DATA_DIR/pglite.before-restore-<time>. Stop the server first.
 */
import fs from "node:fs";
import { DataDirLockedError } from "../server/db/client";
import { BackupError, restoreEmbedded, restorePostgres } from "../server/db/backup";
import { commandLine, fail } from "./command-line";

async function main() {
  const { values, positionals, env: loadEnvOrFail } = commandLine({ yes: { type: "boolean" } }, true);
  const file = positionals[0];
  if (!file || positionals.length > 1) fail("Give one backup file: npm run db:restore -- backups/FILE --yes");
  if (!fs.existsSync(file)) fail(`There is no file ${file}.`);
  const env = loadEnvOrFail();
  const head = fs.readFileSync(file).subarray(0, 5);
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  if (env.DATABASE_URL && gzip)
    fail(`${file} is a backup of the embedded database; unset DATABASE_URL to restore it into DATA_DIR.`);
  if (!env.DATABASE_URL && head.toString("latin1") === "PGDMP")
    fail(`${file} is a PostgreSQL backup (pg_dump); set DATABASE_URL to the database to restore it into.`);
  const target = env.DATABASE_URL
    ? "the PostgreSQL database at DATABASE_URL"
    : `the embedded database in ${env.DATA_DIR}`;
  if (!values.yes) fail(`This replaces ${target} with ${file}. Stop the server first, then run again with --yes.`);
  try {
    if (env.DATABASE_URL) {
      await restorePostgres(file, env.DATABASE_URL);
      console.log(`Restored ${file} into ${target}. Start the server.`);
    } else {
      const { kept } = await restoreEmbedded(file, env.DATA_DIR);
      console.log(
        `Restored ${file} into ${target}.${kept ? ` The folder it replaced is kept as ${kept}.` : ""} Start the server.`,
      );
    }
  } catch (e) {
    if (e instanceof DataDirLockedError || e instanceof BackupError) fail(e.message);
    throw e;
  }
}

await main();
