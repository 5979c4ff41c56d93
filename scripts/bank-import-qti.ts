/**
 * `npm run bank:import-qti -- --file bank-qti.zip [--bank name]`: imports a QTI 3.0 package of choice items
 * (server/items/qti.ts) as `npm run bank:import` imports a folder: the package and the bank it makes are checked
 * whole; when anything has a problem the command lists every problem and stores nothing. The exams the package
 * holds are replaced (unchanged items keep their version, changed ones get the next, missing ones are retired);
 * other exams are left alone.
 */
import fs from "node:fs";
import { BankProblemsError } from "../server/exams/bank/import";
import { importQtiPackage } from "../server/items/qti";
import { commandLine, fail, openDatabaseOrFail } from "./command-line";

const { values, env: loadEnvOrFail } = commandLine({ file: { type: "string" }, bank: { type: "string" } });
if (!values.file || !fs.existsSync(values.file)) fail("Give the package to import: --file bank-qti.zip");
const env = loadEnvOrFail();
const database = await openDatabaseOrFail(env);
try {
  const s = await importQtiPackage(database.db, fs.readFileSync(values.file), { bank: values.bank });
  console.log(
    `Imported the bank "${s.bank}" from ${values.file} (${s.exams.join(", ")}): ${s.added} new, ${s.changed} changed (new version), ${s.unchanged} unchanged, ${s.retired} retired.`,
  );
} catch (e) {
  await database.close();
  if (e instanceof BankProblemsError) fail(e.message);
  throw e;
} finally {
  await database.close();
}
