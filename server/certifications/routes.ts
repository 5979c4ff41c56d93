import { Readable } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "../../app/schemas/zod";
import { certificationById } from "../../app/data/exams";
import { REFUND_PROCESSING } from "../../app/data/program-rules";
import {
  addActivityEndpoint,
  cancelExamEndpoint,
  ceActivitySchema,
  type CeActivityInput,
  certificatePdfEndpoint,
  certificateQrEndpoint,
  evidenceFileEndpoint,
  eligibilityEndpoint,
  holderCredentialEndpoint,
  myActivitiesEndpoint,
  myCertificationsEndpoint,
  myExamsEndpoint,
  myResultsEndpoint,
  renewCertificationEndpoint,
  type RegistrationView,
} from "../../app/schemas/credentials";
import { fromContract } from "../contract";
import { ownRowsNewestFirst } from "../accounts/own-rows";
import { audit } from "../audit/audit";
import { certificatePdf, qrSvg } from "../credentials/certificate";
import { describeCertification, renewCertification, type CertificationRow } from "./certifications";
import { cancelDeadline, cancelRegistration, purchaseEligibilityFor } from "../registrations/registrations";
import { activityCountsInCycle, isoDay } from "../credentials/state";
import { discardUploads, FILE_TYPE_MESSAGE, storedFileName, uploadBytes } from "../uploads/uploads";
import { ceActivities, certificationsTable, examAttempts, examRegistrations, uploads } from "../db/schema";
import { HttpError } from "../errors";
import { actorOf, requireUser, userOf } from "../plugins/session";
import { numberField, readUploadForm, registerMultipart } from "../uploads/upload-form";

const isStaff = (request: FastifyRequest) => ["staff", "admin"].includes(userOf(request).role);
const notFound = () => new HttpError(404, "not_found", "There is nothing at this address.");

/** The candidate's exams, results, certifications and continuing education: every query scoped to the session's account (staff may read files). */
export default async function credentialRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", requireUser);
  await registerMultipart(app, 1);

  const registrationView = (reg: typeof examRegistrations.$inferSelect, now = new Date()) => ({
    id: reg.id,
    certId: reg.certId,
    examTitle: certificationById(reg.certId)?.title ?? `Exam ${reg.certId}`,
    voucherCode: reg.voucherCode,
    state: reg.state as RegistrationView["state"],
    source: reg.source as "order" | "free_retake",
    purchasedAt: reg.purchasedAt.toISOString(),
    cancellableUntil: cancelDeadline(reg, now)?.toISOString() ?? null,
  });

  const certificationView = async (cert: CertificationRow) => {
    const d = await describeCertification(app.db, cert);
    return {
      id: cert.id,
      credentialId: cert.credentialId,
      examTitle: d.examTitle,
      issuedOn: isoDay(cert.issuedAt),
      expiresOn: isoDay(cert.expiresAt),
      cycleStartsOn: isoDay(cert.cycleStartedAt),
      state: d.state,
      daysToExpiry: d.daysToExpiry,
      approvedUnits: d.approvedUnits,
      renewal: d.renewal.allowed ? { allowed: true } : { allowed: false, reason: d.renewal.reason },
      invalidationReason: cert.invalidationReason,
    };
  };

  /** A certification the request may see: the holder's own, or any for staff. */
  async function visibleCertification(request: FastifyRequest, credentialId: string) {
    const [cert] = await app.db
      .select()
      .from(certificationsTable)
      .where(eq(certificationsTable.credentialId, credentialId.toUpperCase()));
    if (!cert || (cert.userId !== userOf(request).id && !isStaff(request))) throw notFound();
    return cert;
  }

  r.route({
    ...fromContract(myExamsEndpoint),
    async handler(request, reply) {
      const rows = await ownRowsNewestFirst(
        app.db,
        examRegistrations,
        userOf(request).id,
        examRegistrations.purchasedAt,
      );
      return reply.status(200).send({ exams: rows.map((reg) => registrationView(reg)) });
    },
  });

  r.route({
    ...fromContract(cancelExamEndpoint),
    async handler(request, reply) {
      const { registration } = await cancelRegistration(app.db, app.gateway, {
        registrationId: request.params.id,
        ownerId: userOf(request).id,
        actor: actorOf(request),
      });
      return reply.status(200).send({
        exam: registrationView(registration),
        message: `Your purchase is cancelled. The refund goes back to your card and is processed in ${REFUND_PROCESSING}.`,
      });
    },
  });

  r.route({
    ...fromContract(myResultsEndpoint),
    async handler(request, reply) {
      const rows = await ownRowsNewestFirst(app.db, examAttempts, userOf(request).id, examAttempts.takenOn);
      return reply.status(200).send({
        results: rows.map((a) => ({
          id: a.id,
          examTitle: certificationById(a.certId)?.title ?? `Exam ${a.certId}`,
          takenOn: a.takenOn,
          scorePercent: a.scorePercent,
          passingScore: certificationById(a.certId)?.details?.passingScore ?? "",
          result: a.result as "pass" | "fail" | "indeterminate",
        })),
      });
    },
  });

  r.route({
    ...fromContract(myCertificationsEndpoint),
    async handler(request, reply) {
      const rows = await ownRowsNewestFirst(
        app.db,
        certificationsTable,
        userOf(request).id,
        certificationsTable.issuedAt,
      );
      return reply.status(200).send({ certifications: await Promise.all(rows.map(certificationView)) });
    },
  });

  r.route({
    ...fromContract(renewCertificationEndpoint),
    async handler(request, reply) {
      const cert = await renewCertification(app.db, {
        certificationId: request.params.id,
        ownerId: userOf(request).id,
        actor: actorOf(request),
      });
      return reply.status(200).send({ certification: await certificationView(cert) });
    },
  });

  r.route({
    ...fromContract(eligibilityEndpoint),
    async handler(request, reply) {
      const exam = certificationById(request.params.certId);
      if (!exam?.available) throw new HttpError(404, "not_found", "There is no such exam.");
      return reply.status(200).send(await purchaseEligibilityFor(app.db, userOf(request).id, exam.id));
    },
  });

  // ─── continuing education ───────────────────────────────────────────────────────────────────────

  type CycleOf = Pick<CertificationRow, "credentialId" | "cycleStartedAt" | "expiresAt">;
  const activityView = (a: typeof ceActivities.$inferSelect, cert: CycleOf, evidenceName: string) => ({
    id: a.id,
    certificationId: a.certificationId,
    credentialId: cert.credentialId,
    title: a.title,
    provider: a.provider,
    activityDate: a.activityDate,
    category: a.category,
    units: a.units,
    evidenceName,
    evidenceUrl: `/api/me/education/${a.id}/evidence`,
    reviewState: a.reviewState as "pending" | "approved" | "rejected",
    reviewReason: a.reviewReason,
    countsInCycle: activityCountsInCycle(a.activityDate, cert).counts,
  });

  r.route({
    ...fromContract(myActivitiesEndpoint),
    async handler(request, reply) {
      const rows = await app.db
        .select({
          a: ceActivities,
          cert: {
            credentialId: certificationsTable.credentialId,
            cycleStartedAt: certificationsTable.cycleStartedAt,
            expiresAt: certificationsTable.expiresAt,
          },
          fileName: uploads.fileName,
        })
        .from(ceActivities)
        .innerJoin(certificationsTable, eq(certificationsTable.id, ceActivities.certificationId))
        .innerJoin(uploads, eq(uploads.id, ceActivities.evidenceUploadId))
        .where(eq(ceActivities.userId, userOf(request).id))
        .orderBy(desc(ceActivities.activityDate), desc(ceActivities.id));
      return reply.status(200).send({ activities: rows.map((row) => activityView(row.a, row.cert, row.fileName)) });
    },
  });

  r.route({
    ...fromContract(addActivityEndpoint),
    // evidence up to 5 MB as multipart/form-data, streamed into storage as it arrives
    bodyLimit: 6 * 1024 * 1024,
    async handler(request, reply) {
      const user = userOf(request);
      const form = await readUploadForm(request, app.db, {
        ownerId: user.id,
        purpose: "evidence",
        fileField: "evidence",
        maxFiles: 1,
        fileMessage: FILE_TYPE_MESSAGE,
        schema: z.omit(ceActivitySchema, { evidence: true }),
        decode: (f) => ({
          certificationId: numberField(f.certificationId),
          title: f.title,
          provider: f.provider,
          activityDate: f.activityDate,
          category: f.category,
          units: numberField(f.units),
        }),
      });
      const b = form.values;
      const file = form.files[0]!;
      try {
        return reply.status(201).send({ activity: await addActivity(user, b, file) });
      } catch (e) {
        await discardUploads(app.db, [file.id]);
        throw e;
      }
    },
  });

  async function addActivity(
    user: ReturnType<typeof userOf>,
    b: Omit<CeActivityInput, "evidence" | "category"> & { category: string },
    file: { id: number; fileName: string },
  ) {
    if (b.activityDate > isoDay(new Date()))
      throw new HttpError(400, "validation_failed", "Some fields need your attention.", {
        activityDate: "Enter the date of the activity (not in the future).",
      });
    const [cert] = await app.db
      .select()
      .from(certificationsTable)
      .where(and(eq(certificationsTable.id, b.certificationId), eq(certificationsTable.userId, user.id)));
    if (!cert)
      throw new HttpError(400, "validation_failed", "Some fields need your attention.", {
        certificationId: "Choose the certification the units count toward.",
      });
    // units count only within the certification's current cycle: refuse the rest, saying why (issue 25.12)
    const inCycle = activityCountsInCycle(b.activityDate, cert);
    if (!inCycle.counts)
      throw new HttpError(400, "validation_failed", inCycle.reason, { activityDate: inCycle.reason });
    return app.db.transaction(async (tx) => {
      const [a] = await tx
        .insert(ceActivities)
        .values({
          userId: user.id,
          certificationId: cert.id,
          title: b.title,
          provider: b.provider,
          activityDate: b.activityDate,
          category: b.category,
          units: b.units,
          evidenceUploadId: file.id,
        })
        .returning();
      await audit(
        tx,
        { id: user.id, role: user.role },
        {
          action: "ce_activity.submit",
          entity: "ce_activity",
          entityId: a!.id,
          toState: "pending",
          after: { title: b.title, units: b.units, activityDate: b.activityDate, certificationId: cert.id },
        },
      );
      return activityView(a!, cert, file.fileName);
    });
  }

  // ─── files: the evidence, the certificate PDF and its QR code (holder and staff only) ──────────

  r.get(evidenceFileEndpoint.path, { schema: fromContract(evidenceFileEndpoint).schema }, async (request, reply) => {
    const id = request.params.id;
    const [row] = await app.db
      .select({ file: uploads, ownerId: ceActivities.userId })
      .from(ceActivities)
      .innerJoin(uploads, eq(uploads.id, ceActivities.evidenceUploadId))
      .where(eq(ceActivities.id, id));
    if (!row || (row.ownerId !== userOf(request).id && !isStaff(request))) throw notFound();
    return (
      reply
        .header("content-type", row.file.contentType)
        // our name for it (its checked type's extension), never the name the client gave
        .header(
          "content-disposition",
          `attachment; filename="${storedFileName(row.file.purpose, row.file.id, row.file.contentType)}"`,
        )
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("content-length", String(row.file.size))
        .send(Readable.from(uploadBytes(app.db, row.file)))
    );
  });

  r.get(
    certificatePdfEndpoint.path,
    { schema: fromContract(certificatePdfEndpoint).schema },
    async (request, reply) => {
      const cert = await visibleCertification(request, request.params.credentialId);
      const d = await describeCertification(app.db, cert);
      const pdf = await certificatePdf(
        {
          credentialId: cert.credentialId,
          holder: `${cert.holderFirstName} ${cert.holderLastName}`,
          examTitle: d.examTitle,
          issuedOn: isoDay(cert.issuedAt),
          expiresOn: isoDay(cert.expiresAt),
          state: d.state,
        },
        app.mail.publicUrl,
      );
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `inline; filename="certificate-${cert.credentialId}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(Buffer.from(pdf));
    },
  );

  r.get(certificateQrEndpoint.path, { schema: fromContract(certificateQrEndpoint).schema }, async (request, reply) => {
    const cert = await visibleCertification(request, request.params.credentialId);
    return reply
      .header("content-type", "image/svg+xml")
      .header("cache-control", "private, no-store")
      .send(await qrSvg(cert.credentialId, app.mail.publicUrl));
  });

  // The holder's own signed credential, with the name in clear (the public one carries only a salted hash).
  r.get(
    holderCredentialEndpoint.path,
    { schema: fromContract(holderCredentialEndpoint).schema },
    async (request, reply) => {
      const cert = await visibleCertification(request, request.params.credentialId);
      const issued = await app.credentials.credentialOf(cert);
      return reply
        .header("content-type", "application/ld+json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${cert.credentialId}.json"`)
        .header("cache-control", "private, no-store")
        .send(issued.holderJson);
    },
  );
}
