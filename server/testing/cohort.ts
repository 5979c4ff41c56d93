import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { examItems, examSittings, type FormPosition } from "../db/schema";
import { closeSitting, saveAnswers, startSitting, type Sitting } from "../exams/sittings";
import { countExposure } from "../items/exposure";
import { insertAccount, paidOrder } from "./records";

/**
 * Test support (server tests and the E2E fixture of issue 30.4): one simulated candidate sits an exam
 * through the engine's own service (start, save, submit, scoring): a new account, a paid voucher, the form
 * drawn as usual or `form` put in its place before any answer (every candidate of a known response matrix
 * then sees the same items), and for each position the original option index `choose` gives (null: no answer).
 */
export async function simulateSitting(
  db: Db,
  input: {
    certId: number;
    publicUrl: string;
    now?: Date;
    form?: FormPosition[];
    choose: (position: FormPosition, key: number, index: number) => number | null;
  },
): Promise<Sitting> {
  const now = input.now ?? new Date();
  const user = await insertAccount(db, `cohort-${randomUUID()}@example.com`);
  const { reg } = await paidOrder(db, { userId: user.id, certId: input.certId, purchasedAt: now });
  const holderId = randomUUID();
  let sitting = await startSitting(db, {
    userId: user.id,
    registrationId: reg.id,
    country: "US",
    holderId,
    now,
    requireCheckIn: false,
  });
  if (input.form) {
    const drawn = sitting.form;
    const given = input.form;
    [sitting] = await db.transaction(async (tx) => {
      // the exposure counter follows the form the candidate is shown (server/items/exposure.ts)
      await countExposure(tx, input.certId, drawn, -1);
      await countExposure(tx, input.certId, given);
      return tx.update(examSittings).set({ form: given }).where(eq(examSittings.id, sitting.id)).returning();
    });
  }
  const form = sitting!.form;
  const keys = await db
    .select({ itemId: examItems.itemId, version: examItems.version, key: examItems.key })
    .from(examItems)
    .where(inArray(examItems.itemId, [...new Set(form.map((p) => p.itemId))]));
  const keyOf = new Map(keys.map((k) => [`${k.itemId}@${k.version}`, k.key]));
  const saves = form.map((p, i) => {
    const original = input.choose(p, keyOf.get(`${p.itemId}@${p.version}`)!, i);
    return {
      position: i + 1,
      seq: 1,
      choice: original === null ? null : p.optionIds[p.order.indexOf(original)]!,
      flagged: false,
      struck: [],
    };
  });
  const ctx = { publicUrl: input.publicUrl, now };
  await saveAnswers(db, { id: sitting!.id, userId: user.id, holderId, saves }, ctx);
  return closeSitting(db, sitting!.id, "submit", ctx);
}

/**
 * A known response matrix (issue 30.4): six candidates, one form of five scored items and one pretest item
 * (the sixth). k: the key; a, b: the options one and two after the key; -: no answer. Its statistics are
 * worked out by hand in server/items/statistics.test.ts and checked on the console by
 * tests/e2e/item-statistics.spec.ts. Sitting it twice changes none of them (every figure is a mean or a
 * correlation).
 */
export const KNOWN_MATRIX = ["kkkka|k", "kkkba|k", "kkkab|a", "kkab-|k", "kab-k|-", "kb-ak|b"];

/** The one form every candidate of the matrix sees: the six items in order, options unshuffled. */
export function knownMatrixForm(items: readonly { itemId: string; version: number; domain: string }[]): FormPosition[] {
  return items.slice(0, 6).map((item, i) => ({
    itemId: item.itemId,
    version: item.version,
    domain: item.domain,
    order: [0, 1, 2, 3],
    optionIds: [0, 1, 2, 3].map((o) => `m${i}o${o}`),
    ...(i === 5 ? { pretest: true } : {}),
  }));
}

/** The six candidates of KNOWN_MATRIX sit `items` (six four-option item versions of the exam). */
export async function sitKnownMatrix(
  db: Db,
  input: { certId: number; publicUrl: string; items: readonly { itemId: string; version: number; domain: string }[] },
) {
  const form = knownMatrixForm(input.items);
  for (const row of KNOWN_MATRIX) {
    const codes = row.replace("|", "");
    await simulateSitting(db, {
      certId: input.certId,
      publicUrl: input.publicUrl,
      form,
      choose: (_p, key, i) => {
        const c = codes[i];
        return c === "k" ? key : c === "a" ? (key + 1) % 4 : c === "b" ? (key + 2) % 4 : null;
      },
    });
  }
  return form;
}
