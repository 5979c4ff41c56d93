import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  inboxEndpoint,
  inboxExportEndpoint,
  inquiryEndpoint,
  markHandledEndpoint,
  replyEndpoint,
} from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { userOf } from "../plugins/session";
import { toCsv } from "../staff/csv";
import { inquiryDetail, listInquiries, replyToInquiry, setHandled } from "./inbox";
import { listRoute } from "../staff/route-builders";

const EXCERPT = 140;

/** The inbox: contact, partner and career messages, their handling and the replies sent. */
export default async function staffInboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  listRoute(app, inboxEndpoint, "inquiries", listInquiries, (i) => ({
    ...i,
    excerpt: i.message.length > EXCERPT ? `${i.message.slice(0, EXCERPT)}…` : i.message,
    createdAt: i.createdAt.toISOString(),
    handledAt: i.handledAt?.toISOString() ?? null,
  }));

  r.route({
    ...fromContract(inboxExportEndpoint),
    async handler(request, reply) {
      const { rows } = await listInquiries(app.db, request.query, { limit: null, offset: 0 });
      const csv = toCsv(
        [
          { header: "Reference", value: (i) => i.reference },
          { header: "Received", value: (i) => i.createdAt },
          { header: "Kind", value: (i) => i.kind },
          { header: "Name", value: (i) => i.name },
          { header: "E-mail", value: (i) => i.email },
          { header: "Phone", value: (i) => i.phone },
          { header: "Organisation", value: (i) => i.organization },
          { header: "Message", value: (i) => i.message },
          { header: "Handled", value: (i) => i.handledAt },
          { header: "Replies", value: (i) => i.replies },
        ],
        rows,
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .status(200)
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="inquiries-${day}.csv"`)
        .serializer((s: string) => s)
        .send(csv);
    },
  });

  r.route({
    ...fromContract(inquiryEndpoint),
    handler: async (request, reply) => reply.status(200).send(await inquiryDetail(app.db, request.params.id)),
  });

  r.route({
    ...fromContract(markHandledEndpoint),
    async handler(request, reply) {
      await setHandled(app.db, userOf(request), request.params.id, request.body.handled);
      return reply.status(200).send(await inquiryDetail(app.db, request.params.id));
    },
  });

  r.route({
    ...fromContract(replyEndpoint),
    async handler(request, reply) {
      await replyToInquiry(app.db, userOf(request), request.params.id, request.body);
      return reply.status(201).send(await inquiryDetail(app.db, request.params.id));
    },
  });
}
