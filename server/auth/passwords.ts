import os from "node:os";
import { hash, verify, type Options } from "@node-rs/argon2";

/** argon2id with the OWASP minimum parameters: 19 MiB memory, 2 iterations, parallelism 1. */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Options["algorithm"], // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
};

/**
 * Runs at most `max` tasks at once; the rest wait their turn in order. A finished task hands its
 * slot straight to the next one waiting.
 */
export function limitConcurrency(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/**
 * Hashes run on libuv's thread pool (4 threads), which also serves file reads. Left alone, a flood
 * of logins fills every thread and every core: pages and static files then wait behind the hashes.
 * So at most (cores - 1) hashes run at once, at least one: a core stays free for everything else.
 */
export const HASH_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);
const hashing = limitConcurrency(HASH_CONCURRENCY);

let dummyHash: Promise<string> | undefined;

/**
 * Hashing and verification behind one object, so tests can count how often each runs. `verifyOrDummy`
 * always computes exactly one hash: against the user's hash, or a dummy one for an unknown e-mail,
 * so both cases take the same time.
 */
export const passwords = {
  hash: (password: string): Promise<string> => hashing(() => hash(password, ARGON2_OPTIONS)),
  verify: (stored: string, password: string): Promise<boolean> =>
    hashing(() => verify(stored, password, ARGON2_OPTIONS)),
  async verifyOrDummy(stored: string | undefined, password: string): Promise<boolean> {
    dummyHash ??= passwords.hash("dummy-password-for-timing-Aa1!");
    const ok = await passwords.verify(stored ?? (await dummyHash), password);
    return stored !== undefined && ok;
  },
};
