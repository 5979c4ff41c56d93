import fs from "node:fs";
import { keyFromSecret, newSecretKey, writeKeyFile } from "../server/credentials/keys";
import { keySource } from "../server/credentials/keys";
import { loadEnv } from "../server/env";

/**
 * npm run keys:rotate: a new signing key for the credentials (docs/decisions/0017).
 *
 * With CREDENTIAL_KEY_FILE (or the development key in DATA_DIR) the file is replaced by a new key; with
 * CREDENTIAL_SIGNING_KEY, or with --print, the new key is printed for you to put in the configuration.
 * Restart the server (every process) to sign with it. The old key's public half stays in
 * /.well-known/did.json while any credential it signed is still valid, so those keep verifying.
 */
export async function rotateKeyFile(file: string): Promise<{ publicKey: string }> {
  const secret = await newSecretKey();
  writeKeyFile(file, secret);
  return { publicKey: (await keyFromSecret(secret, file)).publicKeyMultibase };
}

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const env = loadEnv();
  const source = process.argv.includes("--print") ? { kind: "variable" as const } : keySource(env);
  if (source.kind === "file") {
    const { publicKey } = await rotateKeyFile(source.path);
    console.log(`A new signing key is in ${source.path} (public key ${publicKey}).`);
    console.log("Restart the server to sign with it; credentials signed with the old key keep verifying.");
    return;
  }
  const secret = await newSecretKey();
  const { publicKeyMultibase } = await keyFromSecret(secret, "the new key");
  console.log(`CREDENTIAL_SIGNING_KEY=${secret}`);
  console.error(
    `A new signing key (public key ${publicKeyMultibase}): set CREDENTIAL_SIGNING_KEY to the line above and restart the server; credentials signed with the old key keep verifying.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
