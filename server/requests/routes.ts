import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "../../app/schemas/zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accommodationRequestEndpoint,
  accommodationRequestSchema,
  REQUEST_MESSAGES,
  appealRequestEndpoint,
  complaintEndpoint,
  myRequestsEndpoint,
  REQUEST_KIND_LABELS,
  sanctionAppealEndpoint,
  type RequestKindName,
} from "../../app/schemas/credentials";
import { fromContract } from "../contract";
import {
  appealableDecisions,
  dueText,
  submitAccommodation,
  submitCertificationAppeal,
  submitDatedRequest,
  type RequestRow,
  type SubmittedRequest,
} from "./requests";
import { discardUploads } from "../uploads/uploads";
import { requestsOf } from "./decisions";
import { requireUser, userOf } from "../plugins/session";
import { numberField, readUploadForm, registerMultipart } from "../uploads/upload-form";

/** The candidate's requests (issue 18.5): accommodation, certification appeals, sanction appeals, complaints. */
export default async function requestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", requireUser);
  await registerMultipart(app, 3);

  // a request as its candidate sees it: a stored row (just submitted) or the console's view of it (requestsOf)
  const iso = (d: Date | string) => (typeof d === "string" ? d : d.toISOString());
  type Shown = Pick<
    RequestRow,
    "id" | "reference" | "kind" | "state" | "subject" | "plannedRegistrationOn" | "decision"
  > &
    Record<"submittedAt" | "dueAt", Date | string> & { decidedAt: Date | string | null };
  const view = (row: Shown, documents: number) => ({
    id: row.id,
    reference: row.reference,
    kind: row.kind as RequestKindName,
    state: row.state,
    subject: row.subject,
    submittedAt: iso(row.submittedAt),
    dueAt: iso(row.dueAt),
    plannedRegistrationOn: row.plannedRegistrationOn,
    decision: row.decision,
    decidedAt: row.decidedAt === null ? null : iso(row.decidedAt),
    documents,
  });
  const base = (request: FastifyRequest) => {
    const user = userOf(request);
    return { userId: user.id, actor: { id: user.id, role: user.role }, publicUrl: app.mail.publicUrl };
  };
  const acknowledged = (row: SubmittedRequest, documents = 0) => {
    const kind = row.kind as RequestKindName;
    const due = dueText(kind, row.dueAt);
    return {
      request: view(row, documents),
      message: row.acknowledged
        ? `${REQUEST_KIND_LABELS[kind]} received: reference ${row.reference}. We have e-mailed you an acknowledgement; the decision is due by ${due}.`
        : `${REQUEST_KIND_LABELS[kind]} received: reference ${row.reference}. It is listed under My requests; the decision is due by ${due}. We send only a few acknowledgement e-mails a day, so none was sent for this one.`,
    };
  };

  r.route({
    ...fromContract(myRequestsEndpoint),
    async handler(request, reply) {
      const userId = userOf(request).id;
      const [rows, decisions] = await Promise.all([requestsOf(app.db, userId), appealableDecisions(app.db, userId)]);
      return reply.status(200).send({
        requests: rows.map((x) => view(x, x.documents.length)),
        appealable: decisions.map((d) => ({
          value: d.value,
          label: d.label,
          decidedAt: d.decidedAt.toISOString(),
          appealBy: d.appealBy.toISOString(),
          open: d.open,
        })),
      });
    },
  });

  r.route({
    ...fromContract(accommodationRequestEndpoint),
    // up to 3 documents of 5 MB as multipart/form-data, streamed into storage as they arrive
    bodyLimit: 16 * 1024 * 1024,
    async handler(request, reply) {
      const form = await readUploadForm(request, app.db, {
        ownerId: userOf(request).id,
        purpose: "accommodation_document",
        fileField: "documents",
        maxFiles: 3,
        fileMessage: REQUEST_MESSAGES.documents,
        schema: z.omit(accommodationRequestSchema, { documents: true }),
        decode: (f) => ({
          certId: numberField(f.certId),
          plannedRegistrationOn: f.plannedRegistrationOn,
          details: f.details,
        }),
      });
      const documentIds = form.files.map((f) => f.id);
      try {
        const row = await submitAccommodation(app.db, { ...base(request), ...form.values, documentIds });
        return reply.status(201).send(acknowledged(row, documentIds.length));
      } catch (e) {
        await discardUploads(app.db, documentIds);
        throw e;
      }
    },
  });

  r.route({
    ...fromContract(appealRequestEndpoint),
    async handler(request, reply) {
      const row = await submitCertificationAppeal(app.db, { ...base(request), ...request.body });
      return reply.status(201).send(acknowledged(row));
    },
  });

  r.route({
    ...fromContract(sanctionAppealEndpoint),
    async handler(request, reply) {
      const row = await submitDatedRequest(app.db, { ...base(request), kind: "sanction_appeal", ...request.body });
      return reply.status(201).send(acknowledged(row));
    },
  });

  r.route({
    ...fromContract(complaintEndpoint),
    async handler(request, reply) {
      const row = await submitDatedRequest(app.db, { ...base(request), kind: "complaint", ...request.body });
      return reply.status(201).send(acknowledged(row));
    },
  });
}
