import { createHash, randomBytes, randomUUID } from "node:crypto";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import { cryptosuite as eddsaRdfc2022 } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as vc from "@digitalbazaar/vc";
import * as bsl from "@digitalbazaar/vc-bitstring-status-list";
import { and, eq, gt, gte, isNotNull, lt, sql } from "drizzle-orm";
import { CREDENTIAL_CHECK_RESULTS, statusListPath } from "../../app/schemas/credentials";
import type { Db } from "../db/client";
import { certificationsTable, issuedCredentials, users } from "../db/schema";
import { openBadgeCredential } from "./badge";
import { CONTEXT_URLS, SHIPPED_CONTEXTS } from "./contexts";
import type { SigningKey } from "./keys";

/**
 * Signing and verifying the certifications' Open Badges 3.0 credentials (docs/decisions/0021): an Ed25519
 * Data Integrity proof (eddsa-rdfc-2022), the issuer a did:web DID derived from the site's public address,
 * revocation by a signed W3C Bitstring Status List. Every document comes from `documentLoader`, which
 * knows the shipped contexts, the site's DID document and its status lists, and nothing else.
 */

/** Bits per status list: the specification's minimum of 16 KiB, so one list does not single anyone out. */
export const STATUS_LIST_LENGTH = 131_072;

/** did:web of a public address: did:web:host, a port percent-encoded (did:web:localhost%3A3000). */
export function didForSite(base: string): string {
  const u = new URL(base);
  return `did:web:${u.hostname}${u.port ? `%3A${u.port}` : ""}`;
}

/** The status list a credential's index falls in, and its place in that list. */
export const statusPlace = (id: number) => ({
  list: Math.floor(id / STATUS_LIST_LENGTH) + 1,
  index: id % STATUS_LIST_LENGTH,
});
export const statusListUrl = (list: number, base: string) => `${base}${statusListPath(list)}`;

/** An Open Badges IdentityHash: sha256$ and the hex SHA-256 of the lower-cased address followed by the salt. */
export const identityHash = (email: string, salt: string) =>
  `sha256$${createHash("sha256").update(`${email.trim().toLowerCase()}${salt}`).digest("hex")}`;

export type Loaded = { contextUrl: null; documentUrl: string; document: unknown };
export type DocumentLoader = (url: string) => Promise<Loaded>;

export class UnknownDocumentError extends Error {}

/** A loader of the shipped contexts and the given documents only: any other URL is refused, never fetched. */
export function shippedDocumentLoader(documents: Record<string, unknown> = {}): DocumentLoader {
  return async (url: string) => {
    const document = SHIPPED_CONTEXTS.get(url) ?? documents[url];
    if (document === undefined)
      throw new UnknownDocumentError(`${url} is not a document this site ships; nothing is fetched from the network.`);
    return { contextUrl: null, documentUrl: url, document };
  };
}

/** Every verification result the site gives, for people (/verify) and for machines (the API): the contract's list. */
export type VerificationResult = (typeof CREDENTIAL_CHECK_RESULTS)[number];

export interface CredentialCheck {
  result: VerificationResult;
  /** the same in a sentence */
  message: string;
  /** what the credential says (only when its signature is the coalition's) */
  credential?: { id: string; achievement: string; validFrom: string; validUntil: string; signedWith: string };
  /** the verifier's reason when a check failed */
  reason?: string;
}

const day = (iso: string) => iso.slice(0, 10);
export function checkMessage(result: VerificationResult, c?: CredentialCheck["credential"]): string {
  switch (result) {
    case "valid":
      return `Valid: the coalition issued this credential, nobody has changed it since, it has not been revoked, and it is valid until ${day(c!.validUntil)}.`;
    case "expired":
      return `Expired: the coalition issued this credential and nobody has changed it, but it was valid only until ${day(c!.validUntil)}.`;
    case "revoked":
      return "Revoked: the coalition issued this credential but has since revoked it; it no longer stands for a certification.";
    case "not_yet_valid":
      return `Not yet valid: the coalition issued this credential, but it takes effect on ${day(c!.validFrom)}.`;
    case "not_issued":
      return "Not issued by the coalition: the signature does not match the coalition's keys, so this credential was changed after it was issued or never came from us.";
    case "unreadable":
      return "This is not a credential we can read: paste or upload the JSON file of an Open Badges credential (it starts with {).";
  }
}

type IssuedRow = typeof issuedCredentials.$inferSelect;
type CertificationRow = typeof certificationsTable.$inferSelect;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const idOf = (v: unknown) => (typeof v === "string" ? v : isObject(v) && typeof v.id === "string" ? v.id : undefined);

/** The credentials service of one server process: its signing key, the database and the site's address. */
export class CredentialIssuer {
  private signers = new Map<string, Promise<SigningKey>>();
  private statusCache = new Map<string, { signedAt: number; document: Record<string, unknown> }>();

  /** the issuer's DID, from the site's public address */
  readonly did: string;

  constructor(
    private readonly db: Db,
    readonly key: SigningKey,
    /** the site's public address (env.PUBLIC_URL): the DID, the credentials' and status lists' URLs */
    readonly publicUrl: string,
  ) {
    this.did = didForSite(publicUrl);
  }

  /** The key pair with its verification method id under the DID. */
  private signingKey(did = this.did): Promise<SigningKey> {
    let pair = this.signers.get(did);
    if (!pair) {
      pair = this.key
        .export({ publicKey: true, secretKey: true })
        .then((exported) =>
          Ed25519Multikey.from({ ...exported, id: `${did}#${this.key.publicKeyMultibase}`, controller: did }),
        );
      this.signers.set(did, pair);
    }
    return pair;
  }

  private async sign(credential: Record<string, unknown>): Promise<Record<string, unknown>> {
    const key = await this.signingKey();
    const suite = new DataIntegrityProof({ signer: key.signer(), cryptosuite: eddsaRdfc2022 });
    return vc.issue({ credential, suite, documentLoader: this.documentLoader });
  }

  /**
   * The public keys in the DID document: this process's key, and every key that signed a credential whose
   * validity has not ended (a rotated key stays while anything it signed is still valid).
   */
  async publishedKeys(now = new Date()): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ key: issuedCredentials.signingKey })
      .from(issuedCredentials)
      .where(gt(issuedCredentials.validUntil, now));
    const current = this.key.publicKeyMultibase;
    return [
      current,
      ...rows
        .map((r) => r.key)
        .filter((k) => k !== current)
        .sort(),
    ];
  }

  /** The DID document served at /.well-known/did.json. */
  async didDocument(now = new Date()) {
    const did = this.did;
    const keys = await this.publishedKeys(now);
    const methods = keys.map((k) => ({ id: `${did}#${k}`, type: "Multikey", controller: did, publicKeyMultibase: k }));
    return {
      "@context": [CONTEXT_URLS.didV1, CONTEXT_URLS.multikeyV1],
      id: did,
      verificationMethod: methods,
      assertionMethod: methods.map((m) => m.id),
    };
  }

  /** Loads the shipped contexts, this site's DID document, its keys and its status lists; refuses anything else. */
  readonly documentLoader: DocumentLoader = async (url: string) => {
    const context = SHIPPED_CONTEXTS.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    const did = this.did;
    if (url === did) return { contextUrl: null, documentUrl: url, document: await this.didDocument() };
    if (url.startsWith(`${did}#`)) {
      const method = (await this.didDocument()).verificationMethod.find((m) => m.id === url);
      if (method)
        return { contextUrl: null, documentUrl: url, document: { "@context": CONTEXT_URLS.multikeyV1, ...method } };
    }
    const prefix = statusListUrl(0, this.publicUrl).slice(0, -1);
    const list = url.startsWith(prefix) ? /^([1-9]\d{0,5})$/.exec(url.slice(prefix.length)) : null;
    if (list) return { contextUrl: null, documentUrl: url, document: await this.statusListCredential(Number(list[1])) };
    throw new UnknownDocumentError(`${url} is not a document this site knows; nothing is fetched from the network.`);
  };

  /**
   * The credential of a certification's current cycle (its validity ends at the certification's expiry):
   * signed the first time it is asked for and kept, so a renewal, which moves the expiry, issues a new one.
   */
  async credentialOf(cert: CertificationRow): Promise<IssuedRow> {
    const existing = await this.storedCredential(cert);
    if (existing) return existing;
    const [holder] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, cert.userId));
    // the credential's row id is its place in the status list, which the signed document holds
    const next = await this.db.execute(sql`select nextval(pg_get_serial_sequence('issued_credentials', 'id')) as id`);
    const id = Number((next as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
    const place = statusPlace(id);
    const salt = randomBytes(16).toString("hex");
    const facts = {
      credentialId: cert.credentialId,
      certId: cert.certId,
      issuer: this.did,
      issuedAt: cert.issuedAt,
      expiresAt: cert.expiresAt,
      identity: { hash: identityHash(holder?.email ?? "", salt), salt },
      publicUrl: this.publicUrl,
      status: { listUrl: statusListUrl(place.list, this.publicUrl), index: place.index },
    };
    const publicDoc = await this.sign(openBadgeCredential(facts));
    const holderDoc = await this.sign(
      openBadgeCredential({
        ...facts,
        id: `urn:uuid:${randomUUID()}`,
        holderName: `${cert.holderFirstName} ${cert.holderLastName}`,
      }),
    );
    const [row] = await this.db
      .insert(issuedCredentials)
      .values({
        id,
        certificationId: cert.id,
        validUntil: cert.expiresAt,
        signingKey: this.key.publicKeyMultibase,
        publicJson: JSON.stringify(publicDoc),
        holderJson: JSON.stringify(holderDoc),
      })
      .onConflictDoNothing()
      .returning();
    // a parallel request signed it first: that one stands
    return row ?? (await this.storedCredential(cert))!;
  }

  private async storedCredential(cert: CertificationRow): Promise<IssuedRow | undefined> {
    const [row] = await this.db
      .select()
      .from(issuedCredentials)
      .where(and(eq(issuedCredentials.certificationId, cert.id), eq(issuedCredentials.validUntil, cert.expiresAt)));
    return row;
  }

  /**
   * Status list `list`, signed: a credential's bit is set while its certification is invalidated, so an
   * invalidation shows at once and a reinstatement clears it. Re-signed when a bit changes or after 12 hours
   * (it is valid for 24).
   */
  async statusListCredential(list: number, now = new Date()): Promise<Record<string, unknown>> {
    const from = (list - 1) * STATUS_LIST_LENGTH;
    const revoked = await this.db
      .select({ id: issuedCredentials.id })
      .from(issuedCredentials)
      .innerJoin(certificationsTable, eq(certificationsTable.id, issuedCredentials.certificationId))
      .where(
        and(
          isNotNull(certificationsTable.invalidatedAt),
          gte(issuedCredentials.id, from),
          lt(issuedCredentials.id, from + STATUS_LIST_LENGTH),
        ),
      );
    const bits = await bsl.createList({ length: STATUS_LIST_LENGTH });
    for (const r of revoked) bits.setStatus(statusPlace(r.id).index, true);
    const url = statusListUrl(list, this.publicUrl);
    const encoded = await bits.encode();
    const cacheKey = `${url} ${this.key.publicKeyMultibase} ${encoded}`;
    const cached = this.statusCache.get(url);
    if (cached && cached.document.__key === cacheKey && now.getTime() - cached.signedAt < 12 * 3600_000) {
      const { __key: _, ...document } = cached.document;
      return document;
    }
    const unsigned = await bsl.createCredential({ id: url, list: bits, statusPurpose: "revocation" });
    const document = await this.sign({
      ...unsigned,
      issuer: this.did,
      validFrom: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
      validUntil: new Date(now.getTime() + 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
    });
    this.statusCache.set(url, { signedAt: now.getTime(), document: { ...document, __key: cacheKey } });
    return document;
  }

  /**
   * Verifies a credential as anyone's verifier would: the proof against the site's DID document, the
   * status list, the dates. The answer is one of CREDENTIAL_CHECK_RESULTS with its sentence.
   */
  async verify(input: unknown, now = new Date()): Promise<CredentialCheck> {
    const unreadable = (reason: string): CredentialCheck => ({
      result: "unreadable",
      message: checkMessage("unreadable"),
      reason,
    });
    if (!isObject(input)) return unreadable("The credential must be a JSON object.");
    const types = input.type;
    if (!Array.isArray(input["@context"]) || !Array.isArray(types) || !types.includes("VerifiableCredential"))
      return unreadable('A credential has an "@context" list and a "type" list with VerifiableCredential.');
    const notIssued = (reason: string): CredentialCheck => ({
      result: "not_issued",
      message: checkMessage("not_issued"),
      reason,
    });
    if (!isObject(input.proof) && !Array.isArray(input.proof)) return notIssued("The credential carries no proof.");
    if (idOf(input.issuer) !== this.did) return notIssued(`The issuer is not ${this.did}.`);
    const validFrom = typeof input.validFrom === "string" ? new Date(input.validFrom) : undefined;
    const validUntil = typeof input.validUntil === "string" ? new Date(input.validUntil) : undefined;
    if (!validFrom || !validUntil || Number.isNaN(validFrom.getTime()) || Number.isNaN(validUntil.getTime()))
      return notIssued("The credential has no readable validFrom and validUntil.");
    // The signature is checked at an instant inside the validity period, so an expired credential is told
    // apart from a forged one; the dates are judged afterwards.
    const at = new Date(Math.min(Math.max(now.getTime(), validFrom.getTime()), validUntil.getTime()));
    const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
    let signature: vc.VerifyResult;
    try {
      signature = await vc.verifyCredential({
        credential: input,
        suite,
        documentLoader: this.documentLoader,
        checkStatus: async () => ({ verified: true }),
        now: at,
      });
    } catch (e) {
      return notIssued((e as Error).message);
    }
    if (!signature.verified) {
      const error = signature.results?.find((r) => r.error)?.error ?? signature.error;
      const inner = (error as (Error & { errors?: Error[] }) | undefined)?.errors?.[0];
      return notIssued(inner?.message ?? error?.message ?? "The proof did not verify.");
    }
    const subject = isObject(input.credentialSubject) ? input.credentialSubject : {};
    const achievement =
      isObject(subject.achievement) && typeof subject.achievement.name === "string" ? subject.achievement.name : "";
    const proof = (Array.isArray(input.proof) ? input.proof[0] : input.proof) as Record<string, unknown>;
    const facts = {
      id: String(input.id ?? ""),
      achievement,
      validFrom: validFrom.toISOString(),
      validUntil: validUntil.toISOString(),
      signedWith: String(proof.verificationMethod ?? ""),
    };
    const status = await bsl.checkStatus({ credential: input, documentLoader: this.documentLoader, suite });
    if (!status.verified)
      return {
        result: "not_issued",
        message: checkMessage("not_issued"),
        credential: facts,
        reason: status.error?.message,
      };
    const result: VerificationResult = status.results?.some((r) => r.status)
      ? "revoked"
      : now.getTime() > validUntil.getTime()
        ? "expired"
        : now.getTime() < validFrom.getTime()
          ? "not_yet_valid"
          : "valid";
    return { result, message: checkMessage(result, facts), credential: facts };
  }
}
