/**
 * `npm run bank:import -- [--dir path] [--bank name]`: imports an item bank into the database, in place of
 * the one stored: the public sample bank in bank/ by default, or a confidential bank of the same format
 * (bank/README.md). The whole bank is validated first; when any file has a problem the command lists every
 * problem and stores nothing. An unchanged item keeps its version, a changed one gets the next version, an
 * item missing from the bank is retired (forms that used it keep it). `--bank`: the name every file must
 * declare. Works on the embedded database (DATA_DIR; stop the server first, it holds the folder) and on
 * DATABASE_URL.
 */
import { BankProblemsError, defaultBankDir, importBank } from "../server/exams/bank/import";
import { commandLine, fail, openDatabaseOrFail } from "./command-line";

async function main() {
  const { values, env: loadEnvOrFail } = commandLine({
    dir: { type: "string" },
    bank: { type: "string" },
  });
  const env = loadEnvOrFail();
  const dir = defaultBankDir(values.dir ?? env.EXAM_BANK_DIR);
  const database = await openDatabaseOrFail(env);
  try {
    const s = await importBank(database.db, { dir, bank: values.bank });
    console.log(
      `Imported the bank "${s.bank}" from ${dir} (${s.exams.join(", ")}): ${s.added} new, ${s.changed} changed (new version), ${s.unchanged} unchanged, ${s.retired} retired.`,
    );
  } catch (e) {
    if (e instanceof BankProblemsError) {
      await database.close();
      fail(e.message);
    }
    throw e;
  } finally {
    await database.close();
  }
}

await main();
