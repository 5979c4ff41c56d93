import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { certificationById } from "../../app/data/exams";
import { fixtureBankCohortEndpoint } from "../../app/schemas/test-fixtures";
import { fromContract } from "../contract";
import { examItems } from "../db/schema";
import { HttpError } from "../errors";
import { sitKnownMatrix } from "./cohort";

/**
 * /api/test-fixtures/bank-cohort: a simulated cohort with a known response pattern (issue 30.4), for the
 * statistics journey. Registered only with E2E_FIXTURES=true outside production (server/app.ts).
 */
export default async function bankTestFixtureRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...fromContract(fixtureBankCohortEndpoint),
    async handler(request, reply) {
      const domain = certificationById(request.body.certId)?.details?.weights[0]?.title;
      if (!domain) throw new HttpError(404, "not_found", "No delivered exam has this id.");
      const items = (
        await app.db
          .select()
          .from(examItems)
          .where(
            and(
              eq(examItems.certId, request.body.certId),
              eq(examItems.domain, domain),
              eq(examItems.state, "approved"),
            ),
          )
          .orderBy(asc(examItems.itemId), asc(examItems.version))
      ).filter((i) => i.options.length === 4);
      if (items.length < 6)
        throw new HttpError(409, "bank_incomplete", "The exam's first domain has fewer than six items.");
      const form = await sitKnownMatrix(app.db, {
        certId: request.body.certId,
        publicUrl: app.mail.publicUrl,
        items,
      });
      return reply.status(201).send({ items: form.map((p) => ({ itemId: p.itemId, version: p.version })) });
    },
  });
}
