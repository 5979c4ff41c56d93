import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { examItems } from "../db/schema";
import { audit, type Actor } from "../audit/audit";
import { HttpError } from "../errors";

/**
 * Marks an approved item version pretest (issue 30.3): from the next form on it is delivered only as one of
 * the form's unscored pretest items; `pretest: false` makes it a scored item again. Audited. Forms already
 * drawn keep what they were drawn with (the flag is stored in each form's positions).
 */
export async function setPretest(db: Db, actor: Actor, input: { itemId: string; version: number; pretest: boolean }) {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(examItems)
      .where(and(eq(examItems.itemId, input.itemId), eq(examItems.version, input.version)))
      .for("update");
    if (!item) throw new HttpError(404, "not_found", "There is no such item version in the bank.");
    if (item.state !== "approved")
      throw new HttpError(409, "not_approved", "Only an approved item can be marked pretest.");
    if (item.pretest !== input.pretest) {
      await tx.update(examItems).set({ pretest: input.pretest }).where(eq(examItems.id, item.id));
      await audit(tx, actor, {
        action: input.pretest ? "item.pretest" : "item.scored",
        entity: "exam_item",
        entityId: `${item.itemId}@${item.version}`,
        before: { pretest: item.pretest },
        after: { pretest: input.pretest },
      });
    }
    return { itemId: item.itemId, version: item.version, pretest: input.pretest };
  });
}
