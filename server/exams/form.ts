import type { FormPosition } from "../db/schema";
import type { DomainCount } from "./blueprint";
import { Prng } from "./prng";

/** What a form needs of a bank item version. */
export interface PoolItem {
  itemId: string;
  version: number;
  domain: string;
  optionCount: number;
}

/** A domain has fewer deliverable items than the form draws from it. */
export class ShortBankError extends Error {}

/**
 * Assembles a form from the blueprint's counts (./blueprint.ts) and a seed: in every domain, `questions`
 * items drawn at random from the deliverable ones; then the item order and each item's option order
 * shuffled, and each option given an opaque id (10 characters) that says nothing about its place in the
 * bank. The same seed and pool always give the same form; the pool's order does not matter (it is sorted).
 */
export function assembleForm(seed: string, counts: readonly DomainCount[], pool: readonly PoolItem[]): FormPosition[] {
  const rng = new Prng(seed);
  const chosen: PoolItem[] = [];
  for (const { domain, questions } of counts) {
    const inDomain = pool
      .filter((p) => p.domain === domain)
      .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.version - b.version));
    if (inDomain.length < questions)
      throw new ShortBankError(`the bank has ${inDomain.length} items for "${domain}", the form needs ${questions}`);
    chosen.push(...rng.shuffle(inDomain).slice(0, questions));
  }
  return rng.shuffle(chosen).map((item) => {
    const order = rng.shuffle([...Array(item.optionCount).keys()]);
    const ids = new Set<string>();
    while (ids.size < order.length) ids.add(rng.token(10));
    return { itemId: item.itemId, version: item.version, domain: item.domain, order, optionIds: [...ids] };
  });
}
