import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  declineExamEndpoint,
  mySittingsEndpoint,
  saveAnswersEndpoint,
  sittingItemEndpoint,
  sittingReportEndpoint,
  sittingReportPdfEndpoint,
  sittingStateEndpoint,
  startExamEndpoint,
  submitSittingEndpoint,
  takeoverEndpoint,
  type ScoreReport,
} from "../../app/schemas/exam";
import { fromContract } from "../contract";
import { reportPhoto } from "../booking/check-ins";
import { uploadBytes } from "../uploads/uploads";
import { scoreReportPdf } from "./report-pdf";
import {
  declineAgreement,
  itemAt,
  reportOf,
  resumeSitting,
  saveAnswers,
  sittingClock,
  sittingsOf,
  startSitting,
  stateOfSitting,
  submitSitting,
  takeOver,
  type CloseContext,
} from "./sittings";
import { requireUser, userOf } from "../plugins/session";

/**
 * The candidate's exam (issue 27): start from a voucher, resume, one item at a time, saves, takeover,
 * submit and the score report. Every answer is the candidate's own (scoped to the session's account),
 * never cached and never indexed.
 */
export default async function examRoutes(app: FastifyInstance, opts: { now?: () => Date } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The report with its photograph, the candidate's check-in photo (looked up when read, never stored). */
  const withPhoto = async (report: ScoreReport, uid: number): Promise<ScoreReport> => ({
    ...report,
    photoUrl: (await reportPhoto(app.db, uid, report.sittingId))?.url ?? null,
  });
  app.addHook("preHandler", requireUser);
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    reply.header("x-robots-tag", "noindex");
    return payload;
  });

  const now = () => opts.now?.() ?? new Date();
  const ctx = (): CloseContext => ({
    publicUrl: app.mail.publicUrl,
    now: now(),
    onRecorded: () => app.mail.worker.kick(),
  });
  const userId = (request: FastifyRequest) => userOf(request).id;
  type SittingRequest = FastifyRequest<{ Params: { id: number } }>;
  /** The sitting of the path, among the candidate's own. */
  const own = (request: SittingRequest) => ({ id: request.params.id, userId: userId(request) });
  /** The sitting of the path, as the candidate's tab that holds it (`holderId`) names it. */
  const held = (request: SittingRequest, holderId: string) => ({ ...own(request), holderId });

  r.route({
    ...fromContract(startExamEndpoint),
    async handler(request, reply) {
      const at = now();
      const sitting = await startSitting(app.db, {
        userId: userId(request),
        registrationId: request.params.id,
        country: request.body.country,
        province: request.body.province,
        holderId: request.body.holderId,
        now: at,
      });
      return reply.status(201).send({ sitting: await stateOfSitting(app.db, sitting, at) });
    },
  });

  r.route({
    ...fromContract(declineExamEndpoint),
    async handler(request, reply) {
      const result = await declineAgreement(app.db, {
        userId: userId(request),
        registrationId: request.params.id,
        now: now(),
      });
      return reply.status(200).send(result);
    },
  });

  r.route({
    ...fromContract(mySittingsEndpoint),
    async handler(request, reply) {
      return reply.status(200).send({ sittings: await sittingsOf(app.db, userId(request), ctx()) });
    },
  });

  r.route({
    ...fromContract(sittingStateEndpoint),
    async handler(request, reply) {
      const sitting = await resumeSitting(app.db, held(request, request.query.holderId), ctx());
      return reply.status(200).send({ sitting });
    },
  });

  r.route({
    ...fromContract(takeoverEndpoint),
    async handler(request, reply) {
      const sitting = await takeOver(app.db, held(request, request.body.holderId), ctx());
      return reply.status(200).send({ sitting });
    },
  });

  r.route({
    ...fromContract(sittingItemEndpoint),
    async handler(request, reply) {
      const c = ctx();
      const { item, sitting } = await itemAt(
        app.db,
        { ...held(request, request.query.holderId), position: request.params.position },
        c,
      );
      return reply.status(200).send({ item, clock: sittingClock(sitting, c.now!) });
    },
  });

  r.route({
    ...fromContract(saveAnswersEndpoint),
    async handler(request, reply) {
      const result = await saveAnswers(
        app.db,
        { ...held(request, request.body.holderId), saves: request.body.saves },
        ctx(),
      );
      return reply.status(200).send(result);
    },
  });

  r.route({
    ...fromContract(submitSittingEndpoint),
    async handler(request, reply) {
      const report = await submitSitting(app.db, held(request, request.body.holderId), ctx());
      return reply.status(200).send({ report: await withPhoto(report, userId(request)) });
    },
  });

  r.route({
    ...fromContract(sittingReportEndpoint),
    async handler(request, reply) {
      const report = await reportOf(app.db, own(request), ctx());
      return reply.status(200).send({ report: await withPhoto(report, userId(request)) });
    },
  });

  r.get(
    sittingReportPdfEndpoint.path,
    { schema: fromContract(sittingReportPdfEndpoint).schema },
    async (request, reply: FastifyReply) => {
      const report = await reportOf(app.db, own(request), ctx());
      const photo = await reportPhoto(app.db, userId(request), report.sittingId);
      const chunks: Buffer[] = [];
      if (photo) for await (const chunk of uploadBytes(app.db, photo.file)) chunks.push(chunk);
      const photoBytes = photo && { contentType: photo.file.contentType, bytes: Buffer.concat(chunks) };
      const pdf = await scoreReportPdf(report, app.mail.publicUrl, photoBytes ?? undefined);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `inline; filename="score-report-${report.sittingId}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
}
