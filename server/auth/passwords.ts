import os from "node:os";
import { hash, verify, type Options } from "@node-rs/argon2";
import { HttpError } from "../errors";

/** argon2id with the OWASP minimum parameters: 19 MiB memory, 2 iterations, parallelism 1. */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Options["algorithm"], // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
};

/** The server has more password checks waiting than it may queue: answered at once with 503 and Retry-After. */
export class HashingBusyError extends HttpError {
  constructor() {
    super(503, "busy", "Too many sign-ins are being checked right now. Please try again in a few seconds.", undefined, {
      "retry-after": "2",
    });
  }
}

/**
 * Runs at most `max` tasks at once; at most `queue` more wait their turn in order, and a task beyond
 * those is refused at once with HashingBusyError (no unbounded queue: a flood is answered, not stored).
 * A finished task hands its slot straight to the next one waiting.
 */
export function limitConcurrency(max: number, queue = Infinity) {
  let active = 0;
  const waiting: (() => void)[] = [];
  /** true when a task given now would be refused (every slot busy and the queue full) */
  const full = () => active >= max && waiting.length >= queue;
  return Object.assign(
    async function run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) active++;
      else if (waiting.length >= queue) throw new HashingBusyError();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
    { full },
  );
}

/**
 * Hashes run on libuv's thread pool (4 threads), which also serves file reads. Left alone, a flood
 * of logins fills every thread and every core: pages and static files then wait behind the hashes.
 * So at most (cores - 1) hashes run at once, at least one: a core stays free for everything else.
 */
export const HASH_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);
/**
 * At most this many hashes wait for a slot (four per core, more than one account's 5 login attempts, so the
 * per-account limit still answers those): at about 50 ms a hash, a queued request waits under half a second. Under a flood the rest get 503 with Retry-After at once, instead of
 * queueing for seconds (a 200-connection login flood kept requests waiting 5-17 s).
 */
export const HASH_QUEUE = 4 * os.availableParallelism();
const hashing = limitConcurrency(HASH_CONCURRENCY, HASH_QUEUE);

let dummyHash: Promise<string> | undefined;

/**
 * Hashing and verification behind one object, so tests can count how often each runs. `verifyOrDummy`
 * always computes exactly one hash: against the user's hash, or a dummy one for an unknown e-mail,
 * so both cases take the same time.
 */
export const passwords = {
  /** every hashing slot and the queue are taken: a check asked for now would get 503 */
  busy: (): boolean => hashing.full(),
  hash: (password: string): Promise<string> => hashing(() => hash(password, ARGON2_OPTIONS)),
  verify: (stored: string, password: string): Promise<boolean> =>
    hashing(() => verify(stored, password, ARGON2_OPTIONS)),
  async verifyOrDummy(stored: string | undefined, password: string): Promise<boolean> {
    // made once, outside the limit (a refused attempt must not leave a failed promise here)
    dummyHash ??= hash("dummy-password-for-timing-Aa1!", ARGON2_OPTIONS);
    const ok = await passwords.verify(stored ?? (await dummyHash), password);
    return stored !== undefined && ok;
  },
};
