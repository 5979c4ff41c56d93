import { hash, verify, type Options } from "@node-rs/argon2";

/** argon2id with the OWASP minimum parameters: 19 MiB memory, 2 iterations, parallelism 1. */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Options["algorithm"], // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
};

let dummyHash: Promise<string> | undefined;

/**
 * Hashing and verification behind one object, so tests can count how often each runs. `verifyOrDummy`
 * always computes exactly one hash: against the user's hash, or a dummy one for an unknown e-mail,
 * so both cases take the same time.
 */
export const passwords = {
  hash: (password: string): Promise<string> => hash(password, ARGON2_OPTIONS),
  verify: (stored: string, password: string): Promise<boolean> => verify(stored, password, ARGON2_OPTIONS),
  async verifyOrDummy(stored: string | undefined, password: string): Promise<boolean> {
    dummyHash ??= hash("dummy-password-for-timing-Aa1!", ARGON2_OPTIONS);
    const ok = await passwords.verify(stored ?? (await dummyHash), password);
    return stored !== undefined && ok;
  },
};
