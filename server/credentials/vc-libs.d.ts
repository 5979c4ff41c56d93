// The digitalbazaar packages ship JavaScript without types: the parts server/credentials uses.
declare module "@digitalbazaar/ed25519-multikey" {
  export interface Ed25519KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
    signer(): { id?: string; algorithm: string; sign(o: { data: Uint8Array }): Promise<Uint8Array> };
    export(o: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<Record<string, unknown>>;
  }
  export function generate(o?: { id?: string; controller?: string; seed?: Uint8Array }): Promise<Ed25519KeyPair>;
  export function from(key: Record<string, unknown>): Promise<Ed25519KeyPair>;
}
declare module "@digitalbazaar/data-integrity" {
  export class DataIntegrityProof {
    constructor(o: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}
declare module "@digitalbazaar/eddsa-rdfc-2022-cryptosuite" {
  export const cryptosuite: { name: string };
}
declare module "@digitalbazaar/vc" {
  export type DocumentLoader = (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  export interface VerifyResult {
    verified: boolean;
    error?: Error & { errors?: Error[] };
    results?: { verified: boolean; error?: Error }[];
    statusResult?: { verified: boolean; results?: { status: boolean }[]; error?: Error };
  }
  export function issue(o: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: Date | string;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(o: {
    credential: unknown;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (o: { credential: unknown }) => Promise<{ verified: boolean; error?: Error }>;
    now?: Date | string;
  }): Promise<VerifyResult>;
}
declare module "@digitalbazaar/vc-bitstring-status-list" {
  import type { DocumentLoader } from "@digitalbazaar/vc";
  export interface BitstringStatusList {
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    encode(): Promise<string>;
  }
  export function createList(o: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(o: { encodedList: string }): Promise<BitstringStatusList>;
  export function createCredential(o: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
  }): Promise<Record<string, unknown> & { credentialSubject: Record<string, unknown> }>;
  export function checkStatus(o: {
    credential: unknown;
    documentLoader: DocumentLoader;
    suite: unknown;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{ verified: boolean; results?: { status: boolean }[]; error?: Error }>;
}
declare module "base58-universal" {
  export function encode(input: Uint8Array, maxline?: number): string;
  export function decode(input: string): Uint8Array;
}
