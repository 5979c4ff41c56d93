import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { fixtureResultEndpoint } from "../../app/schemas/test-fixtures";
import { fromContract } from "../contract";
import { recordResult } from "../results/results";
import { isoDay } from "../credentials/state";
import { examRegistrations } from "../db/schema";
import { HttpError } from "../errors";
import { userOf } from "../plugins/session";
import { signedInFixtureRoutes } from "./fixture-support";

/**
 * /api/test-fixtures/*: shortcuts for the browser journeys, acting on the signed-in account only.
 * server/app.ts registers them only when E2E_FIXTURES=true and NODE_ENV is not production.
 * They call the same services as staff do (recordResult issues the certification and its e-mail).
 */
export default async function testFixtureRoutes(app: FastifyInstance) {
  const r = signedInFixtureRoutes(app);

  r.route({
    ...fromContract(fixtureResultEndpoint),
    async handler(request, reply) {
      const user = userOf(request);
      const { certId, scorePercent, indeterminate } = request.body;
      const [reg] = await app.db
        .select()
        .from(examRegistrations)
        .where(
          and(
            eq(examRegistrations.userId, user.id),
            eq(examRegistrations.state, "paid"),
            ...(certId ? [eq(examRegistrations.certId, certId)] : []),
          ),
        )
        .orderBy(desc(examRegistrations.purchasedAt))
        .limit(1);
      if (!reg) throw new HttpError(404, "not_found", "This account has no open voucher.");
      const out = await recordResult(app.db, {
        voucherCode: reg.voucherCode,
        takenOn: isoDay(new Date()),
        scorePercent,
        indeterminate,
        actor: { id: user.id, role: "test-fixture" },
        publicUrl: app.mail.publicUrl,
      });
      return reply.status(201).send({
        result: out.attempt.result as "pass" | "fail" | "indeterminate",
        voucherCode: reg.voucherCode,
        credentialId: out.certification?.credentialId ?? null,
      });
    },
  });
}
