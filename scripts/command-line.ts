/** What the command-line tools share: reading their options and the environment, and failing with a message. */
import fs from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { openDatabase } from "../server/db/client";
import { loadEnv, type Env } from "../server/env";

/** Prints the message to stderr and exits 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The database the environment names (DATABASE_URL, else DATA_DIR); exits 1 with the reason when it cannot be opened. */
export function openDatabaseOrFail(env: Env) {
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((e: Error) =>
    fail(`Could not open the database: ${e.message}`),
  );
}

/**
 * The command's options (strict: an unknown one fails), its positional arguments when `allowPositionals`, and
 * the validated environment, .env included.
 */
export function commandLine<O extends NonNullable<ParseArgsConfig["options"]>>(options: O, allowPositionals = false) {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  let parsed;
  try {
    parsed = parseArgs({ options, strict: true, allowPositionals });
  } catch (e) {
    fail((e as Error).message);
  }
  const { values, positionals } = parsed;
  const env = (): Env => {
    try {
      return loadEnv();
    } catch (e) {
      fail((e as Error).message);
    }
  };
  return { values, positionals, env };
}
