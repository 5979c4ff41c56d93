/**
 * `npm run bank:export-qti -- --out bank-qti.zip`: writes the stored bank (the latest approved version of every
 * item of the delivered exams) as a QTI 3.0 package (server/items/qti.ts). Works on the embedded database
 * (DATA_DIR; stop the server first) and on DATABASE_URL.
 */
import fs from "node:fs";
import { storedBankFiles, toQtiPackage } from "../server/items/qti";
import { commandLine, fail, openDatabaseOrFail } from "./command-line";

const { values, env: loadEnvOrFail } = commandLine({ out: { type: "string" } });
if (!values.out) fail("Give the package's file: --out bank-qti.zip");
const env = loadEnvOrFail();
const database = await openDatabaseOrFail(env);
try {
  const files = await storedBankFiles(database.db);
  fs.writeFileSync(values.out, toQtiPackage(files));
  const items = files.reduce((n, f) => n + f.items.length, 0);
  console.log(`Wrote ${items} items (${new Set(files.map((f) => f.exam)).size} exams) to ${values.out}.`);
} finally {
  await database.close();
}
