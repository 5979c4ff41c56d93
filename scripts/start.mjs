/**
 * `npm start`: builds the site and the server when the build is missing or stale (scripts/build-if-stale.mjs),
 * then runs the built server (build/server/server.js) in this very process. package.json runs it with
 * `exec node scripts/start.mjs`, so npm's shell is replaced by this process: npm passes SIGTERM and SIGINT
 * straight to the server, which shuts down cleanly, and npm exits with the server's code.
 *
 * `npm start` is a production start: NODE_ENV is `production` unless the environment or `.env` names another
 * (the development tools, such as the mailbox at /dev/mailbox, come with `npm run dev`).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfStale, SERVER_BUNDLE } from "./build-if-stale.mjs";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
const productionByDefault = !process.env.NODE_ENV;
process.env.NODE_ENV ||= "production";
// The server refuses to start in production without a credential signing key (docs/decisions/0017). `npm start`
// on a fresh clone still serves: unless NODE_ENV=production was asked for, a missing key is made once in
// DATA_DIR, as development does, and the server is told where it is.
if (productionByDefault && !process.env.CREDENTIAL_SIGNING_KEY && !process.env.CREDENTIAL_KEY_FILE) {
  const file = path.join(process.env.DATA_DIR || "./data", "credential-signing-key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // an Ed25519 secret key is 32 random bytes; multibase base58btc with the ed25519-priv multicodec header
    const { encode } = await import("base58-universal");
    const key = `z${encode(Uint8Array.from([0x80, 0x26, ...crypto.randomBytes(32)]))}`;
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  }
  process.env.CREDENTIAL_KEY_FILE = file;
  console.error(
    `npm start: credentials are signed with the key in ${file}; set CREDENTIAL_KEY_FILE or CREDENTIAL_SIGNING_KEY for a deployment (NODE_ENV=production without one does not start).`,
  );
}
buildIfStale();
await import(pathToFileURL(SERVER_BUNDLE).href);
