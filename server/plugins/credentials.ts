import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { loadSigningKey } from "../credentials/keys";
import { CredentialIssuer } from "../credentials/signing";
import type { Env } from "../env";

declare module "fastify" {
  interface FastifyInstance {
    /** signs, serves and verifies the certifications' credentials (server/credentials/signing.ts) */
    credentials: CredentialIssuer;
  }
}

/**
 * The credential issuer with the configured signing key (server/credentials/keys.ts). Signing is always on,
 * so a production app without a key does not start: the KeyConfigError's message says what to set.
 */
export const credentialsPlugin = fp(
  async (app: FastifyInstance, opts: { env: Env }) => {
    const { key, source } = await loadSigningKey(opts.env);
    app.decorate("credentials", new CredentialIssuer(app.db, key, opts.env.PUBLIC_URL));
    app.log.info({ publicKey: key.publicKeyMultibase, from: source }, "credentials are signed with this key");
  },
  { name: "credentials", dependencies: ["database"] },
);
