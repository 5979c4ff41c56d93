import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A short human-friendly reference such as "INQ-7K2M9QXA". */
export function makeReference(prefix: string): string {
  const bytes = randomBytes(8);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}-${out}`;
}

/** An amount in cents as the site shows prices: "$999.00". */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
