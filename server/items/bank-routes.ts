import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  bankStatisticsEndpoint,
  cutScoreStudyEndpoint,
  markPretestEndpoint,
  rateItemEndpoint,
  recordCutScoreDecisionEndpoint,
} from "../../app/schemas/bank";
import { certificationById } from "../../app/data/exams";
import { HttpError } from "../errors";
import { isDelivered } from "../exams/blueprint";
import { fromContract } from "../contract";
import { actorOf, requireRole } from "../plugins/session";
import { requireCurrentAgreement } from "./agreement";
import { cutScoreStudy, rateItem, recordCutScoreDecision } from "./cut-score";
import { setPretest } from "./pretest";
import { examStatistics } from "./statistics";

/** The exam of a request, when the engine delivers it (404 otherwise). */
function deliveredExam(certId: number) {
  if (!isDelivered(certificationById(certId)))
    throw new HttpError(404, "not_found", "There is no exam delivered by the engine with this id.");
  return certId;
}

/**
 * Staff: the bank as evidence judges it (issue 30.3-30.7): pretest items, statistics, the cut-score study,
 * QTI exchange. Registered in the staff scope (server/app.ts); every change is audited.
 */
export default async function bankRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(bankStatisticsEndpoint),
    async handler(request, reply) {
      const statistics = await examStatistics(app.db, deliveredExam(request.query.certId));
      return reply.status(200).send({ statistics });
    },
  });

  r.route({
    ...fromContract(markPretestEndpoint),
    async handler(request, reply) {
      return reply.status(200).send({ item: await setPretest(app.db, actorOf(request), request.body) });
    },
  });

  r.route({
    ...fromContract(recordCutScoreDecisionEndpoint),
    async handler(request, reply) {
      const decision = await recordCutScoreDecision(app.db, actorOf(request), {
        ...request.body,
        certId: deliveredExam(request.body.certId),
      });
      return reply.status(201).send({ decision });
    },
  });
}

/**
 * The cut-score study's ratings (issue 30.6): subject-matter experts rate items, as staff and admins may; an SME
 * only once they have accepted the current agreement. A scope of its own (server/app.ts), whose hook lets in
 * sme, staff and admin; recording a passing score decision stays with staff (bankRoutes).
 */
export async function ratingRoutes(app: FastifyInstance) {
  app.addHook("onRequest", requireRole("sme", "staff", "admin"));
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** the rater: an SME only under the current agreement */
  const raterOf = async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (actor.role === "sme") await requireCurrentAgreement(app.db, actor.id);
    return actor;
  };

  r.route({
    ...fromContract(rateItemEndpoint),
    async handler(request, reply) {
      return reply.status(200).send({ rating: await rateItem(app.db, await raterOf(request), request.body) });
    },
  });

  r.route({
    ...fromContract(cutScoreStudyEndpoint),
    async handler(request, reply) {
      const certId = deliveredExam(request.query.certId);
      const actor = await raterOf(request);
      return reply.status(200).send({ study: await cutScoreStudy(app.db, certId, actor.id) });
    },
  });
}
