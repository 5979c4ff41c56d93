import { createHash, randomBytes } from "node:crypto";

/** A new random seed for a form: 128 bits, hex. Stored with the sitting. */
export function newSeed(): string {
  return randomBytes(16).toString("hex");
}

/**
 * A seeded pseudo-random generator (sfc32, state from SHA-256 of the seed): the same seed gives the same
 * sequence on every machine, so a stored seed rebuilds its form. Not for secrets: the seed itself is the
 * secret, kept on the server.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    const h = createHash("sha256").update(seed).digest();
    this.a = h.readUInt32LE(0);
    this.b = h.readUInt32LE(4);
    this.c = h.readUInt32LE(8);
    this.d = h.readUInt32LE(12);
    for (let i = 0; i < 15; i++) this.next();
  }

  /** a 32-bit unsigned integer */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** an integer in [0, n), without modulo bias */
  below(n: number): number {
    if (n <= 0) throw new RangeError("below(n) needs n > 0");
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }

  /** a shuffled copy (Fisher-Yates) */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** `length` characters of [A-Za-z0-9] */
  token(length: number): string {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let s = "";
    for (let i = 0; i < length; i++) s += alphabet[this.below(alphabet.length)];
    return s;
  }
}
