import credentialsV2 from "./credentials-v2.json";
import dataIntegrityV2 from "./data-integrity-v2.json";
import didV1 from "./did-v1.json";
import multikeyV1 from "./multikey-v1.json";
import openBadgesV3 from "./ob-v3p0-3.0.3.json";

/**
 * Every JSON-LD context the credentials, the status list and the DID document use, shipped with the site
 * (copied from the packages that publish them by scripts/copy-contexts.mjs; sources in README.md here):
 * signing and verifying never fetch a context from the network.
 */
export const CONTEXT_URLS = {
  credentialsV2: "https://www.w3.org/ns/credentials/v2",
  openBadgesV3: "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
  dataIntegrityV2: "https://w3id.org/security/data-integrity/v2",
  multikeyV1: "https://w3id.org/security/multikey/v1",
  didV1: "https://www.w3.org/ns/did/v1",
} as const;

export const SHIPPED_CONTEXTS: ReadonlyMap<string, object> = new Map<string, object>([
  [CONTEXT_URLS.credentialsV2, credentialsV2],
  [CONTEXT_URLS.openBadgesV3, openBadgesV3],
  [CONTEXT_URLS.dataIntegrityV2, dataIntegrityV2],
  [CONTEXT_URLS.multikeyV1, multikeyV1],
  [CONTEXT_URLS.didV1, didV1],
]);
