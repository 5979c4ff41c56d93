import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import {
  activitiesEndpoint,
  invalidateCertificationEndpoint,
  reinstateCertificationEndpoint,
  reviewActivityEndpoint,
} from "../../app/schemas/staff";
import { certificationView } from "../accounts/candidates";
import { fromContract } from "../contract";
import { certificationsTable } from "../db/schema";
import { actorOf } from "../plugins/session";
import { paging } from "../staff/query";
import { listActivities, reviewActivity } from "./activities";
import { invalidateCertification, reinstateCertification } from "./certifications";

/**
 * The staff face of certifications: invalidate and reinstate one with a reason (issues 19.5 and 29.3), and
 * the continuing-education queue (issue 19.6).
 */
export default async function staffCertificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** the certification as the candidate's console page shows it, after a change */
  const viewOf = async (id: number) => {
    const [cert] = await app.db.select().from(certificationsTable).where(eq(certificationsTable.id, id));
    return { certification: await certificationView(app.db, cert!) };
  };

  r.route({
    ...fromContract(invalidateCertificationEndpoint),
    async handler(request, reply) {
      await invalidateCertification(app.db, {
        certificationId: request.params.id,
        reason: request.body.reason,
        actor: actorOf(request),
        publicUrl: app.mail.publicUrl,
      });
      return reply.status(200).send(await viewOf(request.params.id));
    },
  });

  r.route({
    ...fromContract(reinstateCertificationEndpoint),
    async handler(request, reply) {
      await reinstateCertification(app.db, {
        certificationId: request.params.id,
        reason: request.body.reason,
        actor: actorOf(request),
      });
      return reply.status(200).send(await viewOf(request.params.id));
    },
  });

  r.route({
    ...fromContract(activitiesEndpoint),
    async handler(request, reply) {
      const { rows, total } = await listActivities(app.db, request.query, paging(request.query));
      return reply.status(200).send({ activities: rows, total });
    },
  });

  r.route({
    ...fromContract(reviewActivityEndpoint),
    async handler(request, reply) {
      const activity = await reviewActivity(app.db, {
        id: request.params.id,
        ...request.body,
        actor: actorOf(request),
        publicUrl: app.mail.publicUrl,
      });
      return reply.status(200).send({ activity });
    },
  });
}
