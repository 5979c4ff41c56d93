import type { WeightedDomain } from "../../app/data/exams";
import { minimumItems } from "../exams/bank/load";
import type { PoolItem } from "../exams/form";

/** For the engine's tests: a pool of four-option items, each domain with the bank's minimum (1.5 times its questions). */
export function minimumPool(weights: WeightedDomain[]): PoolItem[] {
  return weights.flatMap((w) =>
    Array.from({ length: minimumItems(w.questions) }, (_, i) => ({
      itemId: `${w.title}-${i}`,
      version: 1,
      domain: w.title,
      optionCount: 4,
    })),
  );
}
