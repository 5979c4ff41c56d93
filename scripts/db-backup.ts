/**
 * `npm run db:backup [-- --out FILE]`: a backup of the database the server uses (issue 31.2). On PostgreSQL
 * (DATABASE_URL) a pg_dump archive, taken while the server runs; on the embedded database (DATA_DIR) an
 * archive of the database folder, taken while the server is stopped (it holds the folder). Without --out the
 * file goes to ./backups/citb-<kind>-<UTC time>.<tar.gz|dump>. server/db/backup.ts does the work.
 */
import path from "node:path";
import { DataDirLockedError } from "../server/db/client";
import { BackupError, backupEmbedded, backupFileName, backupPostgres } from "../server/db/backup";
import { commandLine, fail } from "./command-line";

async function main() {
  const { values, env: loadEnvOrFail } = commandLine({ out: { type: "string" } });
  const env = loadEnvOrFail();
  const kind = env.DATABASE_URL ? "postgres" : "embedded";
  const file = values.out ?? path.join("backups", backupFileName(kind));
  try {
    const { bytes } = env.DATABASE_URL
      ? await backupPostgres(env.DATABASE_URL, file)
      : await backupEmbedded(env.DATA_DIR, file);
    const what = env.DATABASE_URL ? "the PostgreSQL database" : `the embedded database in ${env.DATA_DIR}`;
    console.log(`Backed up ${what} to ${file} (${(bytes / 1024).toFixed(0)} KiB).`);
    console.log(`Restore it with: npm run db:restore -- ${file} --yes`);
  } catch (e) {
    if (e instanceof DataDirLockedError)
      fail(`${e.message}\nThe embedded database is backed up while the server is stopped: stop it, back up, start it.`);
    if (e instanceof BackupError) fail(e.message);
    throw e;
  }
}

await main();
