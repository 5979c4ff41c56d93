import { and, desc, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import {
  ACCOMMODATION_LEAD_DAYS,
  APPEAL_HOURS,
  COMPLAINT_DAYS,
  SANCTION_APPEAL_DAYS,
} from "../../app/data/program-rules";
import { REQUEST_KIND_LABELS, REQUEST_KIND_NOUNS, type RequestKindName } from "../../app/schemas/credentials";
import type { Db } from "../db/client";
import { certificationsTable, examAttempts, examSittings, requests, uploads, users } from "../db/schema";
import { HttpError } from "../errors";
import { mayAcknowledge } from "../mail/acknowledgements";
import { enqueueMailTo } from "../mail/outbox";
import { audit, type Actor } from "../audit/audit";
import { newRequestReference } from "../credentials/codes";
import {
  appealWindowEnds,
  dayStart,
  earliestAccommodatedRegistration,
  isoDay,
  requestDecisionDue,
  submissionWindow,
} from "../credentials/state";

export type RequestRow = typeof requests.$inferSelect;
/** A request just stored, and whether its acknowledgement e-mail was sent (the daily limits may skip it). */
export type SubmittedRequest = RequestRow & { acknowledged: boolean };

const PREFIX = {
  accommodation: "ACC",
  certification_appeal: "APL",
  sanction_appeal: "SAN",
  complaint: "CMP",
} as const;

const invalid = (field: string, message: string) =>
  new HttpError(400, "validation_failed", message, { [field]: message });

/** The day or instant a decision is due, as the candidate reads it ("2026-11-30", or with the time for 72 hours). */
export const dueText = (kind: RequestKindName, dueAt: Date) =>
  kind === "certification_appeal" ? `${dueAt.toISOString().slice(0, 16).replace("T", " ")} UTC` : isoDay(dueAt);

interface NewRequest {
  kind: RequestKindName;
  userId: number;
  subject: string;
  details: string;
  certId?: number | null;
  certificationId?: number | null;
  eventAt?: Date | null;
  plannedRegistrationOn?: string | null;
  windowEndsAt?: Date | null;
}

/**
 * Stores a request with its reference and due date, its documents, the audit row and the
 * acknowledgement e-mail, in one transaction: the candidate is told at once, or nothing is stored.
 * The acknowledgement goes out within the daily limits of server/mail/acknowledgements.ts (per account,
 * lower while the address is unconfirmed, and per recipient); past them the request is still stored.
 */
async function createRequest(
  db: Db,
  input: NewRequest & {
    actor: Actor;
    publicUrl: string;
    now: Date;
    /** uploads already stored for this request (streamed by the route), linked to it here */
    documentIds?: number[];
  },
): Promise<SubmittedRequest> {
  return db.transaction(async (tx) => {
    const [holder] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (!holder) throw new HttpError(401, "unauthorized", "Please log in again.");
    const dueAt = requestDecisionDue(input.kind, input.now);
    const [row] = await tx
      .insert(requests)
      .values({
        reference: newRequestReference(PREFIX[input.kind]),
        userId: input.userId,
        kind: input.kind,
        state: "open",
        certId: input.certId ?? null,
        certificationId: input.certificationId ?? null,
        subject: input.subject,
        eventAt: input.eventAt ?? null,
        plannedRegistrationOn: input.plannedRegistrationOn ?? null,
        details: input.details,
        submittedAt: input.now,
        dueAt,
      })
      .returning();
    if (input.documentIds?.length)
      await tx
        .update(uploads)
        .set({ requestId: row!.id })
        .where(and(inArray(uploads.id, input.documentIds), eq(uploads.ownerId, input.userId)));
    await audit(tx, input.actor, {
      action: "request.submit",
      entity: "request",
      entityId: row!.id,
      toState: "open",
      after: {
        reference: row!.reference,
        kind: input.kind,
        dueAt: dueAt.toISOString(),
        windowEndsAt: input.windowEndsAt?.toISOString() ?? null,
        documents: input.documentIds?.length ?? 0,
      },
    });
    const acknowledged = await mayAcknowledge(tx, {
      recipient: holder.email,
      account: { id: holder.id, confirmed: holder.emailVerifiedAt !== null },
    });
    // the subject line is ours alone: the kind of request and its reference (request-received template);
    // the candidate's own words appear only in the body
    if (acknowledged)
      await enqueueMailTo(tx, holder, "request-received", {
        reference: row!.reference,
        kindLabel: REQUEST_KIND_LABELS[input.kind],
        kindNoun: REQUEST_KIND_NOUNS[input.kind],
        subject: input.subject,
        submittedOn: isoDay(input.now),
        dueBy: dueText(input.kind, dueAt),
        waitsForDecision: input.kind === "accommodation",
      });
    return { ...row!, acknowledged };
  });
}

export interface SubmitBase {
  userId: number;
  actor: Actor;
  publicUrl: string;
  now?: Date;
}

/** The candidate's accommodation requests for an exam (a condition). */
export const accommodationRequests = (userId: number, certId: number) =>
  and(eq(requests.userId, userId), eq(requests.kind, "accommodation"), eq(requests.certId, certId));

/** The open request among `matching`, if there is one: a second request waits until it is decided. */
async function openRequest(db: Db, matching: SQL | undefined) {
  const [open] = await db
    .select({ reference: requests.reference })
    .from(requests)
    .where(and(matching, eq(requests.state, "open")));
  return open;
}

/**
 * A special accommodation request (policies §4, §9): at least 20 days before the candidate registers,
 * with documents; decided within 7 days. One open request per exam; buying that exam waits for it
 * (registrations.ts, purchaseEligibilityFor).
 */
export async function submitAccommodation(
  db: Db,
  input: SubmitBase & {
    certId: number;
    plannedRegistrationOn: string;
    details: string;
    /** the documents, already stored by the route (readUploadForm) */
    documentIds: number[];
  },
): Promise<SubmittedRequest> {
  const now = input.now ?? new Date();
  const exam = certificationById(input.certId);
  if (!exam?.available) throw invalid("certId", "Choose the exam you mean to register for.");
  const earliest = earliestAccommodatedRegistration(now);
  if (input.plannedRegistrationOn < earliest)
    throw invalid(
      "plannedRegistrationOn",
      `Ask at least ${ACCOMMODATION_LEAD_DAYS} days before you register: choose a registration date on or after ${earliest}.`,
    );
  const open = await openRequest(db, accommodationRequests(input.userId, exam.id));
  if (open)
    throw new HttpError(
      409,
      "request_open",
      `Your accommodation request ${open.reference} for this exam is still being reviewed.`,
    );
  return createRequest(db, {
    kind: "accommodation",
    userId: input.userId,
    certId: exam.id,
    subject: exam.title,
    details: input.details,
    plannedRegistrationOn: input.plannedRegistrationOn,
    documentIds: input.documentIds,
    actor: input.actor,
    publicUrl: input.publicUrl,
    now,
  });
}

/** The certification decisions the candidate has had: results recorded and invalidations, newest first. */
export async function appealableDecisions(db: Db, userId: number, now = new Date()) {
  const [attempts, invalidated, violations] = await Promise.all([
    db.select().from(examAttempts).where(eq(examAttempts.userId, userId)).orderBy(desc(examAttempts.recordedAt)),
    db
      .select()
      .from(certificationsTable)
      .where(and(eq(certificationsTable.userId, userId), isNotNull(certificationsTable.invalidatedAt))),
    // an exam a proctor ended for a suspected violation (issue 28.4): no result, the decision appealable
    db
      .select()
      .from(examSittings)
      .where(and(eq(examSittings.userId, userId), eq(examSittings.endOutcome, "violation"))),
  ]);
  const title = (certId: number) => certificationById(certId)?.title ?? `Exam ${certId}`;
  const out = [
    ...attempts.map((a) => ({
      value: `result:${a.id}`,
      label: `${title(a.certId)}: result (${a.result}) recorded ${isoDay(a.recordedAt)}`,
      decidedAt: a.recordedAt,
      certId: a.certId,
      certificationId: null as number | null,
    })),
    ...invalidated.map((c) => ({
      value: `invalidation:${c.id}`,
      label: `${title(c.certId)}: certification ${c.credentialId} invalidated ${isoDay(c.invalidatedAt!)}`,
      decidedAt: c.invalidatedAt!,
      certId: c.certId,
      certificationId: c.id as number | null,
    })),
    ...violations.map((v) => ({
      value: `sitting:${v.id}`,
      label: `${title(v.certId)}: exam ended for a suspected violation ${isoDay(v.endedAt!)}`,
      decidedAt: v.endedAt!,
      certId: v.certId,
      certificationId: null as number | null,
    })),
  ].sort((a, b) => b.decidedAt.getTime() - a.decidedAt.getTime());
  return out.map((d) => {
    const w = submissionWindow("certification_appeal", d.decidedAt, now);
    return { ...d, appealBy: w.closesAt, open: w.open };
  });
}

/**
 * An appeal of a certification decision (a recorded result or an invalidation): within 72 hours of the
 * decision, refused afterwards with the reason; processed within 72 hours.
 */
export async function submitCertificationAppeal(
  db: Db,
  input: SubmitBase & { decision: string; details: string },
): Promise<SubmittedRequest> {
  const now = input.now ?? new Date();
  const decision = (await appealableDecisions(db, input.userId, now)).find((d) => d.value === input.decision);
  if (!decision) throw invalid("decision", "Choose the decision you appeal.");
  if (!decision.open)
    throw new HttpError(
      409,
      "appeal_window_closed",
      `An appeal must be submitted within ${APPEAL_HOURS} hours of the decision (appeal process policy). This decision was made on ${dueText("certification_appeal", decision.decidedAt)}; the time to appeal it ended on ${dueText("certification_appeal", appealWindowEnds(decision.decidedAt))}.`,
    );
  const open = await openRequest(
    db,
    and(
      eq(requests.userId, input.userId),
      eq(requests.kind, "certification_appeal"),
      eq(requests.subject, decision.label),
    ),
  );
  if (open)
    throw new HttpError(409, "request_open", `Your appeal ${open.reference} of this decision is being reviewed.`);
  return createRequest(db, {
    kind: "certification_appeal",
    userId: input.userId,
    certId: decision.certId,
    certificationId: decision.certificationId,
    subject: decision.label,
    eventAt: decision.decidedAt,
    windowEndsAt: decision.appealBy,
    details: input.details,
    actor: input.actor,
    publicUrl: input.publicUrl,
    now,
  });
}

/**
 * A Code of Ethics sanction appeal (within 30 days of notification) or a complaint (within 30 days of
 * the issue). The date is the candidate's; the 30th day after it is the last accepted.
 */
export async function submitDatedRequest(
  db: Db,
  input: SubmitBase & { kind: "sanction_appeal" | "complaint"; subject: string; eventOn: string; details: string },
): Promise<SubmittedRequest> {
  const now = input.now ?? new Date();
  const eventAt = dayStart(input.eventOn);
  const what = input.kind === "complaint" ? "issue" : "notification";
  if (eventAt.getTime() > now.getTime()) throw invalid("eventOn", `Enter the date of the ${what} (not in the future).`);
  const window = submissionWindow(input.kind, eventAt, now);
  if (!window.open)
    throw new HttpError(
      409,
      "request_window_closed",
      input.kind === "complaint"
        ? `A complaint must be filed within ${COMPLAINT_DAYS} days of the issue (complaint process policy); for an issue on ${input.eventOn} the last day was ${window.lastDay}.`
        : `A Code of Ethics sanction can be appealed within ${SANCTION_APPEAL_DAYS} days of its notification; for a notification on ${input.eventOn} the last day was ${window.lastDay}.`,
      { eventOn: `The last day for this date was ${window.lastDay}.` },
    );
  return createRequest(db, {
    kind: input.kind,
    userId: input.userId,
    subject: input.subject,
    eventAt,
    windowEndsAt: window.closesAt,
    details: input.details,
    actor: input.actor,
    publicUrl: input.publicUrl,
    now,
  });
}
