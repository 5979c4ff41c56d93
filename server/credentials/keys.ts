import fs from "node:fs";
import path from "node:path";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import { decode, encode } from "base58-universal";
import type { Env } from "../env";

/**
 * The key that signs every credential (docs/decisions/0017). Signing is always on: production refuses to
 * start without a configured key; development keeps a generated one in DATA_DIR; tests on an in-memory
 * database get one for the process. Rotation (`npm run keys:rotate`) replaces the configured key; the
 * public half of every key that signed a credential still valid stays in the DID document
 * (server/credentials/signing.ts reads them from `issued_credentials.signing_key`).
 */

/** The multicodec header of an Ed25519 secret key (0x1300, varint) in multibase base58btc. */
const SECRET_HEADER = [0x80, 0x26];

export class KeyConfigError extends Error {}

/** The name of the development key file inside DATA_DIR. */
export const DEV_KEY_FILE = "credential-signing-key";

export type SigningKey = Ed25519Multikey.Ed25519KeyPair;

/** A new random Ed25519 secret key, as the multibase string the configuration takes. */
export async function newSecretKey(): Promise<string> {
  const pair = await Ed25519Multikey.generate();
  const exported = await pair.export({ secretKey: true, publicKey: true });
  return String(exported.secretKeyMultibase);
}

/** The key pair of a secret key in multibase (the public key is derived from it). */
export async function keyFromSecret(secretKeyMultibase: string, where: string): Promise<SigningKey> {
  const text = secretKeyMultibase.trim();
  let bytes: Uint8Array | undefined;
  try {
    bytes = text.startsWith("z") ? decode(text.slice(1)) : undefined;
  } catch {
    bytes = undefined;
  }
  if (
    !bytes ||
    bytes[0] !== SECRET_HEADER[0] ||
    bytes[1] !== SECRET_HEADER[1] ||
    (bytes.length !== 34 && bytes.length !== 66)
  )
    throw new KeyConfigError(
      `${where} is not an Ed25519 secret key in multibase (z…, as npm run keys:rotate writes it).`,
    );
  return Ed25519Multikey.generate({ seed: bytes.slice(2, 34) });
}

/** The multibase form of a raw secret seed (used by tests and the rotation command). */
export const secretToMultibase = (seed: Uint8Array) => `z${encode(Uint8Array.from([...SECRET_HEADER, ...seed]))}`;

/** Where the signing key comes from, in the order it is looked for. */
export function keySource(
  env: Env,
): { kind: "variable" } | { kind: "file"; path: string; dev: boolean } | { kind: "memory" } {
  if (env.CREDENTIAL_SIGNING_KEY) return { kind: "variable" };
  if (env.CREDENTIAL_KEY_FILE) return { kind: "file", path: env.CREDENTIAL_KEY_FILE, dev: false };
  if (env.NODE_ENV === "production")
    throw new KeyConfigError(
      "Credentials are signed in production: set CREDENTIAL_SIGNING_KEY (an Ed25519 secret key, z…) or CREDENTIAL_KEY_FILE (a file holding one). `npm run keys:rotate -- --print` makes a key.",
    );
  if (env.NODE_ENV === "test" || env.DATA_DIR.startsWith("memory://")) return { kind: "memory" };
  return { kind: "file", path: path.join(env.DATA_DIR, DEV_KEY_FILE), dev: true };
}

/** Writes a key file readable by its owner only, replacing any old one in one step. */
export function writeKeyFile(file: string, secretKeyMultibase: string) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${secretKeyMultibase}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/**
 * The configured signing key. In development without a configured key, the first start writes a new one
 * to DATA_DIR/credential-signing-key and later starts read it back.
 */
export async function loadSigningKey(env: Env): Promise<{ key: SigningKey; source: string }> {
  const source = keySource(env);
  if (source.kind === "variable")
    return {
      key: await keyFromSecret(env.CREDENTIAL_SIGNING_KEY!, "CREDENTIAL_SIGNING_KEY"),
      source: "CREDENTIAL_SIGNING_KEY",
    };
  if (source.kind === "memory")
    return { key: await keyFromSecret(await newSecretKey(), "generated"), source: "memory" };
  if (!fs.existsSync(source.path)) {
    if (!source.dev) throw new KeyConfigError(`CREDENTIAL_KEY_FILE: there is no file at ${source.path}.`);
    writeKeyFile(source.path, await newSecretKey());
  }
  let text: string;
  try {
    text = fs.readFileSync(source.path, "utf8");
  } catch (e) {
    throw new KeyConfigError(`The signing key file ${source.path} cannot be read: ${(e as Error).message}`);
  }
  return { key: await keyFromSecret(text, `The signing key file ${source.path}`), source: source.path };
}
