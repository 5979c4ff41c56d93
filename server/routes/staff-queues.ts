import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isNull, sql, eq } from "drizzle-orm";
import {
  activitiesEndpoint,
  dashboardEndpoint,
  decideRequestEndpoint,
  requestsEndpoint,
  reviewActivityEndpoint,
  staffFileEndpoint,
} from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { storedFileName, uploadBytes } from "../credentials/uploads";
import { inquiries, inquiryHandling, uploads } from "../db/schema";
import { HttpError } from "../errors";
import { userOf } from "../plugins/session";
import { listActivities, pendingActivities, reviewActivity } from "../staff/activities";
import { refundableCount } from "../staff/orders";
import { paging } from "../staff/query";
import { decideRequest, listRequests, overdueRequests, requestCounts } from "../staff/requests";

/** Decisions with due dates (issue 19.6): the request queues, continuing education, and the dashboard. */
export default async function staffQueueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof userOf>[0]) => {
    const u = userOf(request);
    return { id: u.id, role: u.role };
  };

  r.route({
    ...fromContract(requestsEndpoint),
    async handler(request, reply) {
      const { rows, total } = await listRequests(app.db, request.query, paging(request.query));
      return reply.status(200).send({ requests: rows, total });
    },
  });

  r.route({
    ...fromContract(decideRequestEndpoint),
    async handler(request, reply) {
      const decided = await decideRequest(app.db, {
        id: request.params.id,
        ...request.body,
        actor: actorOf(request),
        publicUrl: app.mail.publicUrl,
      });
      return reply.status(200).send({ request: decided });
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

  // a request's document or an activity's evidence: always a download (never shown inline on the site's origin),
  // with the type sniffed from its bytes when it was stored
  r.route({
    ...fromContract(staffFileEndpoint),
    async handler(request, reply) {
      const [file] = await app.db.select().from(uploads).where(eq(uploads.id, request.params.id));
      if (!file) throw new HttpError(404, "not_found", "There is no file with this id.");
      return (
        reply
          .header("content-type", file.contentType)
          // our name for it (its checked type's extension), never the name the client gave
          .header(
            "content-disposition",
            `attachment; filename="${storedFileName(file.purpose, file.id, file.contentType)}"`,
          )
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, no-store")
          .header("content-length", String(file.size))
          .send(Readable.from(uploadBytes(app.db, file)))
      );
    },
  });

  r.route({
    ...fromContract(dashboardEndpoint),
    async handler(_request, reply) {
      const now = new Date();
      const [requestQueues, overdue, ce, [inbox], refundable] = await Promise.all([
        requestCounts(app.db, now),
        overdueRequests(app.db, now),
        pendingActivities(app.db),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(inquiries)
          .leftJoin(inquiryHandling, eq(inquiryHandling.inquiryId, inquiries.id))
          .where(isNull(inquiryHandling.inquiryId)),
        refundableCount(app.db, now),
      ]);
      return reply.status(200).send({
        queues: [
          ...requestQueues,
          { queue: "ce-activities" as const, open: ce, overdue: 0 },
          { queue: "inbox" as const, open: inbox?.n ?? 0, overdue: 0 },
        ],
        overdue,
        refundableOrders: refundable,
      });
    },
  });
}
