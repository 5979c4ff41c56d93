import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import { queueOrder } from "../staff/query";
import { certificationById } from "../../app/data/exams";
import { REQUEST_QUEUES, type RequestQueue, type RequestRow } from "../../app/schemas/staff";
import { audit, type StaffActor } from "../audit/audit";
import { carryExtraMinutes } from "../registrations/registrations";
import type { Db } from "../db/client";
import { requests, uploads, users } from "../db/schema";
import { HttpError } from "../errors";
import { enqueueMailTo } from "../mail/outbox";

type Joined = { req: typeof requests.$inferSelect; user: { firstName: string; lastName: string; email: string } };
type Documents = Map<number, RequestRow["documents"]>;

/** The documents uploaded with each of these requests (one query). */
async function documentsOf(db: Db, ids: number[]): Promise<Documents> {
  const out: Documents = new Map();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: uploads.id, name: uploads.fileName, requestId: uploads.requestId })
    .from(uploads)
    .where(inArray(uploads.requestId, ids))
    .orderBy(asc(uploads.id));
  for (const r of rows) out.set(r.requestId!, [...(out.get(r.requestId!) ?? []), { id: r.id, name: r.name }]);
  return out;
}

/** Rows as the console shows them, with their documents. */
async function viewsOf(db: Db, rows: Joined[], now = new Date()): Promise<RequestRow[]> {
  const docs = await documentsOf(
    db,
    rows.map((r) => r.req.id),
  );
  return rows.map((r) => requestView(r, now, docs.get(r.req.id)));
}

export function requestView(
  { req, user }: Joined,
  now = new Date(),
  documents: RequestRow["documents"] = [],
): RequestRow {
  return {
    id: req.id,
    reference: req.reference,
    kind: req.kind,
    state: req.state,
    userId: req.userId,
    candidateName: `${user.firstName} ${user.lastName}`,
    candidateEmail: user.email,
    examTitle: req.certId ? (certificationById(req.certId)?.title ?? null) : null,
    subject: req.subject,
    details: req.details,
    plannedRegistrationOn: req.plannedRegistrationOn,
    submittedAt: req.submittedAt.toISOString(),
    dueAt: req.dueAt.toISOString(),
    overdue: req.state === "open" && req.dueAt.getTime() < now.getTime(),
    decision: req.decision,
    decidedAt: req.decidedAt?.toISOString() ?? null,
    extraMinutes: req.extraMinutes,
    documents,
  };
}

const selectJoined = (db: Db) =>
  db
    .select({ req: requests, user: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId));

/**
 * A queue's requests: the open ones first, ordered by due date (so what is overdue comes first),
 * then the decided ones, newest decision first.
 */
export async function listRequests(
  db: Db,
  f: { queue: RequestQueue; state?: "open" | "decided" | "all"; userId?: number },
  page: { limit: number; offset: number },
) {
  const where: SQL[] = [inArray(requests.kind, [...REQUEST_QUEUES[f.queue]])];
  const state = f.state ?? "open";
  if (state === "open") where.push(eq(requests.state, "open"));
  if (state === "decided") where.push(ne(requests.state, "open"));
  const cond = and(...where);
  const rows = await selectJoined(db)
    .where(cond)
    .orderBy(...queueOrder(sql`${requests.state} = 'open'`, requests.dueAt, requests.decidedAt, requests.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: await viewsOf(db, rows), total: await db.$count(requests, cond) };
}

/** Every request of one account, newest first, with its documents: the candidate's My requests and their console page. */
export async function requestsOf(db: Db, userId: number): Promise<RequestRow[]> {
  const rows = await selectJoined(db)
    .where(eq(requests.userId, userId))
    .orderBy(desc(requests.submittedAt), desc(requests.id));
  return viewsOf(db, rows);
}

/** Every open request past its due date, the longest overdue first (the dashboard). */
export async function overdueRequests(db: Db, now = new Date()): Promise<RequestRow[]> {
  const rows = await selectJoined(db)
    .where(and(eq(requests.state, "open"), lt(requests.dueAt, now)))
    .orderBy(asc(requests.dueAt))
    .limit(50);
  return viewsOf(db, rows, now);
}

/** The outcomes a kind of request can have: complaints are resolved, the others granted or denied. */
const OUTCOMES: Record<string, readonly string[]> = {
  accommodation: ["granted", "denied"],
  certification_appeal: ["granted", "denied"],
  sanction_appeal: ["granted", "denied"],
  complaint: ["resolved"],
};

/**
 * Decides an open request (the accommodation determination, an appeal's decision, a complaint's
 * resolution): stores the decision, e-mails the candidate and writes the audit log, in one transaction.
 */
export async function decideRequest(
  db: Db,
  input: {
    id: number;
    outcome: "granted" | "denied" | "resolved";
    decision: string;
    /** accommodation granted: extra exam minutes, carried on the candidate's vouchers for the exam */
    extraMinutes?: number;
    actor: StaffActor;
    publicUrl: string;
    now?: Date;
  },
): Promise<RequestRow> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await selectJoined(tx).where(eq(requests.id, input.id)).for("update", { of: requests });
    if (!row) throw new HttpError(404, "not_found", "There is no request with this id.");
    if (row.req.state !== "open") throw new HttpError(409, "already_decided", "This request has already been decided.");
    if (!OUTCOMES[row.req.kind]?.includes(input.outcome))
      throw new HttpError(400, "validation_failed", "This decision does not apply to this kind of request.", {
        outcome: "This decision does not apply to this kind of request.",
      });
    const extraMinutes = input.extraMinutes || 0;
    if (extraMinutes > 0 && !(row.req.kind === "accommodation" && input.outcome === "granted"))
      throw new HttpError(400, "validation_failed", "Extra minutes are granted only with an accommodation.", {
        extraMinutes: "Extra minutes are granted only with an accommodation.",
      });
    const [updated] = await tx
      .update(requests)
      .set({
        state: input.outcome,
        decision: input.decision,
        decidedBy: input.actor.id,
        decidedAt: now,
        ...(extraMinutes > 0 ? { extraMinutes } : {}),
      })
      .where(and(eq(requests.id, input.id), eq(requests.state, "open")))
      .returning();
    // the vouchers the candidate already holds for the exam carry the time (issueRegistrationForOrder gives
    // it to the ones bought later)
    if (extraMinutes > 0 && row.req.certId)
      await carryExtraMinutes(tx, { userId: row.req.userId, certId: row.req.certId, extraMinutes });
    await audit(tx, input.actor, {
      action: "request.decide",
      entity: "request",
      entityId: input.id,
      fromState: "open",
      toState: input.outcome,
      before: { state: "open", dueAt: row.req.dueAt.toISOString() },
      after: {
        state: input.outcome,
        decidedAt: now.toISOString(),
        late: row.req.dueAt.getTime() < now.getTime(),
        ...(extraMinutes > 0 ? { extraMinutes } : {}),
      },
      reason: input.decision,
    });
    await enqueueMailTo(tx, row.user, "request-decided", {
      reference: row.req.reference,
      kind: row.req.kind as "accommodation",
      outcome: input.outcome,
      decision: input.decision,
    });
    const [view] = await viewsOf(tx, [{ req: updated!, user: row.user }], now);
    return view!;
  });
}

/** Open and overdue counts per request queue (the dashboard). */
export async function requestCounts(db: Db, now = new Date()) {
  const rows = await db
    .select({
      kind: requests.kind,
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`count(*) filter (where ${requests.dueAt} < ${now.toISOString()}::timestamptz)::int`,
    })
    .from(requests)
    .where(eq(requests.state, "open"))
    .groupBy(requests.kind);
  return (Object.keys(REQUEST_QUEUES) as RequestQueue[]).map((queue) => {
    const kinds: readonly string[] = REQUEST_QUEUES[queue];
    const mine = rows.filter((r) => kinds.includes(r.kind));
    return {
      queue,
      open: mine.reduce((n, r) => n + r.open, 0),
      overdue: mine.reduce((n, r) => n + r.overdue, 0),
    };
  });
}
