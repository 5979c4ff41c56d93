import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  fixtureSittingAgeEndpoint,
  fixtureSittingKeysEndpoint,
  fixtureSittingRowEndpoint,
} from "../../app/schemas/test-fixtures";
import { fromContract } from "../contract";
import { examItems, examRegistrations, examSittings } from "../db/schema";
import { userOf } from "../plugins/session";
import { ownSitting, signedInFixtureRoutes } from "./fixture-support";

/**
 * /api/test-fixtures/sitting-*: the exam journeys' shortcuts (tests/e2e/exam.spec.ts), on the signed-in
 * candidate's own sittings only; registered with the other fixtures (E2E_FIXTURES=true, never in production).
 */
export default async function examTestFixtureRoutes(app: FastifyInstance) {
  const r = signedInFixtureRoutes(app);

  r.route({
    ...fromContract(fixtureSittingKeysEndpoint),
    async handler(request, reply) {
      const sitting = await ownSitting(app.db, userOf(request).id, request.body.sittingId);
      const items = await app.db
        .select({ itemId: examItems.itemId, version: examItems.version, key: examItems.key })
        .from(examItems)
        .where(inArray(examItems.itemId, [...new Set(sitting.form.map((p) => p.itemId))]));
      const keyOf = new Map(items.map((i) => [`${i.itemId}@${i.version}`, i.key]));
      const keys = sitting.form.map((p, i) => {
        const key = keyOf.get(`${p.itemId}@${p.version}`)!;
        return { position: i + 1, optionId: p.optionIds[p.order.indexOf(key)]! };
      });
      return reply.status(200).send({ keys });
    },
  });

  r.route({
    ...fromContract(fixtureSittingAgeEndpoint),
    async handler(request, reply) {
      const sitting = await ownSitting(app.db, userOf(request).id, request.body.sittingId);
      const by = sql`make_interval(mins => ${request.body.minutes})`;
      // the voucher was bought before the sitting started: it moves back too, or a sitting aged past midnight
      // UTC would start the day before its purchase, and its result would be refused when it closes
      await app.db
        .update(examRegistrations)
        .set({ purchasedAt: sql`${examRegistrations.purchasedAt} - ${by}` })
        .where(eq(examRegistrations.id, sitting.registrationId));
      const [row] = await app.db
        .update(examSittings)
        .set({
          startedAt: sql`${examSittings.startedAt} - ${by}`,
          deadlineAt: sql`${examSittings.deadlineAt} - ${by}`,
        })
        .where(eq(examSittings.id, sitting.id))
        .returning({ deadline: examSittings.deadlineAt });
      return reply.status(200).send({ deadline: row?.deadline ? row.deadline.toISOString() : null });
    },
  });

  r.route({
    ...fromContract(fixtureSittingRowEndpoint),
    async handler(request, reply) {
      const s = await ownSitting(app.db, userOf(request).id, request.body.sittingId);
      return reply.status(200).send({ status: s.status, endedBy: s.endedBy, correct: s.correct });
    },
  });
}
