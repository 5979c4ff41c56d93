/**
 * `npm run mail:list [-- --to person@example.org] [--limit 20]`: the latest messages of the outbox,
 * newest first, with recipient, subject, status (pending, sent, logged, failed) and links, so a
 * newcomer without SMTP_URL can follow a reset or confirmation link. Links start with the address the server
 * recorded when it started (server/db/settings.ts), or PUBLIC_URL when set here. Reads the database directly
 * (DATABASE_URL, or the embedded DATA_DIR); when a running server holds the embedded folder, it asks
 * that server's development mailbox instead (/dev/mailbox.json: only a development server bound to a
 * loopback HOST has one, as under `npm run dev`; under `npm start`, a production start, the links are in the
 * server's log).
 */
import { DataDirLockedError, openDatabase } from "../server/db/client";
import { toolPublicUrl } from "../server/db/settings";
import { formatMail, listMail, type ListedMail } from "../server/mail/list";
import { commandLine, fail } from "./command-line";

async function main() {
  const { values, env: loadEnvOrFail } = commandLine({
    to: { type: "string" },
    limit: { type: "string", default: "20" },
  });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) fail("--limit is a number from 1 to 500.");
  const env = loadEnvOrFail();
  const opts = { to: values.to, limit };
  let messages: ListedMail[];
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      // the running (or last) server's address, unless PUBLIC_URL is set here (environment or .env)
      messages = await listMail(database.db, await toolPublicUrl(database.db, env), opts);
    } finally {
      await database.close();
    }
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) fail(`Could not open the database: ${(e as Error).message}`);
    // the server is running and holds the embedded database: ask its development mailbox
    const url = new URL("/dev/mailbox.json", `http://${env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST}:${env.PORT}`);
    if (values.to) url.searchParams.set("to", values.to);
    const res = await fetch(url).catch(() => null);
    if (!res?.ok)
      fail(
        `The running server holds the database and ${url.origin}/dev/mailbox.json did not answer: only a development server (npm run dev) bound to a loopback HOST has the mailbox. The links are in the server's log; or stop the server and run this again.`,
      );
    messages = ((await res.json()) as { messages: ListedMail[] }).messages.slice(0, limit);
  }
  console.log(formatMail(messages));
}

await main();
