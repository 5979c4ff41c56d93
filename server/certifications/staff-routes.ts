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
import { decisionRoute, listRoute } from "../staff/route-builders";
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

  // invalidate or reinstate, with the staff member's reason; the answer is the certification as it now stands
  for (const [endpoint, change] of [
    [invalidateCertificationEndpoint, invalidateCertification],
    [reinstateCertificationEndpoint, reinstateCertification],
  ] as const)
    r.route({
      ...fromContract(endpoint),
      async handler(request, reply) {
        const { id } = request.params;
        const input = { certificationId: id, reason: request.body.reason, actor: actorOf(request) };
        await change(app.db, { ...input, publicUrl: app.mail.publicUrl });
        return reply.status(200).send(await viewOf(id));
      },
    });

  listRoute(app, activitiesEndpoint, "activities", listActivities);

  decisionRoute(app, reviewActivityEndpoint, "activity", reviewActivity);
}
