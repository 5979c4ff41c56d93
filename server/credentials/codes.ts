import { randomBytes } from "node:crypto";

/** Crockford-style alphabet without look-alikes (no I, L, O, U, 0, 1). */
const ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";

/** `groups` groups of 4 random characters from a 30-letter alphabet (about 4.9 bits each). */
function randomGroups(groups: number): string {
  const out: string[] = [];
  // rejection sampling keeps every character equally likely (256 is not a multiple of 30)
  const limit = 256 - (256 % ALPHABET.length);
  let chars = "";
  while (chars.length < groups * 4) {
    for (const b of randomBytes(32)) {
      if (b < limit && chars.length < groups * 4) chars += ALPHABET[b % ALPHABET.length];
    }
  }
  for (let i = 0; i < groups; i++) out.push(chars.slice(i * 4, i * 4 + 4));
  return out.join("-");
}

/** An exam voucher code: "V-" and 16 random characters (about 78 bits): not guessable. */
export const newVoucherCode = () => `V-${randomGroups(4)}`;

/** A public credential ID: "CITB-" and 16 random characters (about 78 bits): not guessable. */
export const newCredentialId = () => `CITB-${randomGroups(4)}`;

/** The credential ID as typed by a visitor: upper-cased, spaces removed. */
export const normalizeCredentialId = (raw: string) => raw.trim().toUpperCase().replace(/\s+/g, "");
export const CREDENTIAL_ID_PATTERN = /^CITB-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** A request's reference: a prefix by kind and 8 random characters (ACC-…, APL-…, SAN-…, CMP-…). */
export const newRequestReference = (prefix: "ACC" | "APL" | "SAN" | "CMP") => `${prefix}-${randomGroups(2)}`;
