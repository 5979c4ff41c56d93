import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { REFUND_PROCESSING } from "../../app/data/program-rules";
import {
  candidateEndpoint,
  candidatesEndpoint,
  importResultsEndpoint,
  invalidateCertificationEndpoint,
  reinstateCertificationEndpoint,
  ordersEndpoint,
  recordResultEndpoint,
  refundOrderEndpoint,
} from "../../app/schemas/staff";
import { invalidateCertification, reinstateCertification } from "../credentials/certifications";
import { cancelRegistration } from "../credentials/registrations";
import { fromContract } from "../contract";
import { certificationsTable } from "../db/schema";
import { HttpError } from "../errors";
import { userOf } from "../plugins/session";
import { candidateDetail, certificationView, listCandidates } from "../staff/candidates";
import { listOrders, orderView, orderWithRegistration } from "../staff/orders";
import { paging } from "../staff/query";
import { importResults, recordOne } from "../staff/results";

/** Orders and refunds, candidates, results and certifications (issue 19.4 and 19.5). */
export default async function staffOperationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof userOf>[0]) => {
    const u = userOf(request);
    return { id: u.id, role: u.role };
  };

  r.route({
    ...fromContract(ordersEndpoint),
    async handler(request, reply) {
      const { rows, total } = await listOrders(app.db, request.query, paging(request.query));
      return reply.status(200).send({ orders: rows, total });
    },
  });

  r.route({
    ...fromContract(refundOrderEndpoint),
    async handler(request, reply) {
      const found = await orderWithRegistration(app.db, request.params.id);
      if (!found) throw new HttpError(404, "not_found", "There is no order with this id.");
      if (!found.reg)
        throw new HttpError(409, "not_refundable", "Only a paid order with its exam voucher can be refunded.");
      // the refund policy's rules (24 hours, unused voucher) and the gateway call live in the shared service
      const { refundReference } = await cancelRegistration(app.db, app.gateway, {
        registrationId: found.reg.id,
        actor: actorOf(request),
      });
      const after = (await orderWithRegistration(app.db, request.params.id))!;
      return reply.status(200).send({
        order: orderView(after),
        refundReference,
        message: `Refunded through the payment gateway (reference ${refundReference}); the voucher is cancelled. The card is credited in ${REFUND_PROCESSING}.`,
      });
    },
  });

  r.route({
    ...fromContract(candidatesEndpoint),
    async handler(request, reply) {
      const { rows, total } = await listCandidates(
        app.db,
        { q: request.query.q || undefined, sort: request.query.sort },
        paging(request.query),
      );
      return reply.status(200).send({ candidates: rows, total });
    },
  });

  r.route({
    ...fromContract(candidateEndpoint),
    handler: async (request, reply) => reply.status(200).send(await candidateDetail(app.db, request.params.id)),
  });

  r.route({
    ...fromContract(recordResultEndpoint),
    async handler(request, reply) {
      const recorded = await recordOne(app.db, request.body, actorOf(request), app.mail.publicUrl);
      return reply.status(201).send({ recorded });
    },
  });

  r.route({
    ...fromContract(importResultsEndpoint),
    async handler(request, reply) {
      const out = await importResults(
        app.db,
        request.body.csv,
        request.body.commit,
        actorOf(request),
        app.mail.publicUrl,
      );
      return reply.status(200).send(out);
    },
  });

  r.route({
    ...fromContract(invalidateCertificationEndpoint),
    async handler(request, reply) {
      await invalidateCertification(app.db, {
        certificationId: request.params.id,
        reason: request.body.reason,
        actor: actorOf(request),
        publicUrl: app.mail.publicUrl,
      });
      const [cert] = await app.db
        .select()
        .from(certificationsTable)
        .where(eq(certificationsTable.id, request.params.id));
      return reply.status(200).send({ certification: await certificationView(app.db, cert!) });
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
      const [cert] = await app.db
        .select()
        .from(certificationsTable)
        .where(eq(certificationsTable.id, request.params.id));
      return reply.status(200).send({ certification: await certificationView(app.db, cert!) });
    },
  });
}
