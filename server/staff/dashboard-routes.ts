import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq, isNull } from "drizzle-orm";
import { dashboardEndpoint } from "../../app/schemas/staff";
import { pendingActivities } from "../certifications/activities";
import { fromContract } from "../contract";
import { inquiries, inquiryHandling } from "../db/schema";
import { refundableCount } from "../orders/staff-orders";
import { overdueRequests, requestCounts } from "../requests/decisions";
import { rowCount } from "./query";

/** The console's dashboard (issue 19.6): what waits in every queue, and what is overdue, across the domains. */
export default async function staffDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(dashboardEndpoint),
    async handler(_request, reply) {
      const now = new Date();
      const [requestQueues, overdue, ce, [inbox], refundable] = await Promise.all([
        requestCounts(app.db, now),
        overdueRequests(app.db, now),
        pendingActivities(app.db),
        app.db
          .select(rowCount)
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
