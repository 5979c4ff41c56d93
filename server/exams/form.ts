import type { FormPosition } from "../db/schema";
import type { FormPlan } from "./blueprint";
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
 * How often each item (by item id, all its versions) has been shown: the number of forms that carried it.
 * Missing items count 0.
 */
export type Exposure = ReadonlyMap<string, number>;

const byIdVersion = (a: PoolItem, b: PoolItem) =>
  a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.version - b.version;

/**
 * `n` items of `items`: shuffled by the seed, then the least shown first (a stable sort keeps the shuffled
 * order among equally shown items), so the same seed and the same exposure counts always give the same
 * choice. With no exposure (all 0) this is the plain seeded draw.
 */
function leastShown(rng: Prng, items: readonly PoolItem[], n: number, exposure: Exposure): PoolItem[] {
  const shown = (p: PoolItem) => exposure.get(p.itemId) ?? 0;
  return rng
    .shuffle([...items].sort(byIdVersion))
    .sort((a, b) => shown(a) - shown(b))
    .slice(0, n);
}

/**
 * Assembles a form from a plan (./blueprint.ts formPlan) and a seed: in every domain, its scored questions
 * drawn from the deliverable scored items, preferring those shown least (issue 30.5); then `plan.pretest`
 * unscored pretest items from `pretestPool`, the same way; then the item order and each item's option order
 * shuffled, and each option given an opaque id (10 characters) that says nothing about its place in the
 * bank. The same seed, pools and exposure counts always give the same form; the pools' order does not
 * matter (they are sorted).
 */
export function assembleForm(
  seed: string,
  plan: FormPlan,
  pool: readonly PoolItem[],
  pretestPool: readonly PoolItem[] = [],
  exposure: Exposure = new Map(),
): FormPosition[] {
  const rng = new Prng(seed);
  const chosen: (PoolItem & { pretest?: true })[] = [];
  for (const { domain, questions } of plan.counts) {
    const inDomain = pool.filter((p) => p.domain === domain);
    if (inDomain.length < questions)
      throw new ShortBankError(`the bank has ${inDomain.length} items for "${domain}", the form needs ${questions}`);
    chosen.push(...leastShown(rng, inDomain, questions, exposure));
  }
  if (plan.pretest > 0) {
    if (pretestPool.length < plan.pretest)
      throw new ShortBankError(`the bank has ${pretestPool.length} pretest items, the form needs ${plan.pretest}`);
    chosen.push(...leastShown(rng, pretestPool, plan.pretest, exposure).map((p) => ({ ...p, pretest: true as const })));
  }
  return rng.shuffle(chosen).map((item) => {
    const order = rng.shuffle([...Array(item.optionCount).keys()]);
    const ids = new Set<string>();
    while (ids.size < order.length) ids.add(rng.token(10));
    return {
      itemId: item.itemId,
      version: item.version,
      domain: item.domain,
      order,
      optionIds: [...ids],
      ...(item.pretest ? { pretest: true } : {}),
    };
  });
}
