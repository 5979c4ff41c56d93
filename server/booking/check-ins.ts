/**
 * The system check kept and check-in (issue 28.2, 28.3, 28.6): a signed-in system check result per browser;
 * check-in in its window (30 minutes before the booked start to 15 minutes after) with the photos as private
 * uploads; the proctor's decision; the no-show and retention jobs.
 */
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_MESSAGES,
  CHECK_IN_OPENS_MINUTES,
  CHECK_IN_RETENTION_DAYS,
  MINOR_MAX_AGE,
  ageOn,
} from "../../app/data/booking";
import { certificationById } from "../../app/data/exams";
import type { QueueEntry } from "../../app/schemas/check-in";
import { newestOwnRow } from "../accounts/own-rows";
import { audit, candidateActor, SYSTEM, type Actor } from "../audit/audit";
import type { Db } from "../db/client";
import {
  checkIns,
  examBookings,
  examRegistrations,
  examSittings,
  systemCheckResults,
  uploads,
  users,
} from "../db/schema";
import { HttpError } from "../errors";
import { enqueueMailTo } from "../mail/outbox";
import { bookingView } from "./bookings";

export type CheckIn = typeof checkIns.$inferSelect;
/** The uploads' purpose of check-in photos (private: the candidate and proctors only). */
export const CHECK_IN_PURPOSE = "check_in";
const MINUTE = 60_000;

export const checkInView = (c: CheckIn) => ({
  id: c.id,
  status: c.status as "submitted" | "approved" | "rejected",
  rejectReason: c.rejectReason,
  rejectKind: c.rejectKind as "candidate" | "site" | null,
  submittedAt: c.submittedAt.toISOString(),
});

export async function keepSystemCheck(
  db: Db,
  input: { userId: number; browserId: string; verdict: string; checks: Record<string, string>; userAgent?: string },
) {
  await db.insert(systemCheckResults).values({ ...input, userAgent: input.userAgent?.slice(0, 300) ?? null });
}

export async function passedSystemCheck(db: Db, userId: number, browserId: string): Promise<boolean> {
  const last = await newestOwnRow(db, systemCheckResults, userId, eq(systemCheckResults.browserId, browserId));
  return last?.verdict === "passed";
}

/** The voucher's booking when its check-in window is open now (else 409 with the window stated). */
export async function openWindowBooking(db: Db, userId: number, registrationId: number, now: Date) {
  const [b] = await db
    .select()
    .from(examBookings)
    .where(and(eq(examBookings.registrationId, registrationId), eq(examBookings.userId, userId)));
  if (!b || b.status !== "booked") throw new HttpError(409, "not_booked", "Book a time for this exam first.");
  const opens = b.startsAt.getTime() - CHECK_IN_OPENS_MINUTES * MINUTE;
  const closes = b.startsAt.getTime() + CHECK_IN_CLOSES_MINUTES * MINUTE;
  if (now.getTime() < opens || now.getTime() > closes)
    throw new HttpError(409, "check_in_closed", CHECK_IN_MESSAGES.notOpen);
  return b;
}

export interface CheckInInput {
  userId: number;
  registrationId: number;
  files: Record<string, number[]>;
  country: string;
  province?: string;
  birthDate: string;
  guardianName?: string;
  guardianAuthorised: boolean;
  browserId: string;
  now: Date;
}

export async function submitCheckIn(db: Db, input: CheckInInput): Promise<CheckIn> {
  const minor = ageOn(input.birthDate, input.now) <= MINOR_MAX_AGE;
  if (minor && (!input.guardianName || !input.guardianAuthorised))
    throw new HttpError(400, "validation_failed", CHECK_IN_MESSAGES.guardian, {
      guardianName: CHECK_IN_MESSAGES.guardian,
    });
  return db.transaction(async (tx) => {
    const booking = await openWindowBooking(tx, input.userId, input.registrationId, input.now);
    const [pending] = await tx
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.bookingId, booking.id), inArray(checkIns.status, ["submitted", "approved"])));
    if (pending) throw new HttpError(409, "check_in_exists", CHECK_IN_MESSAGES.pending);
    const [row] = await tx
      .insert(checkIns)
      .values({
        bookingId: booking.id,
        registrationId: input.registrationId,
        userId: input.userId,
        files: input.files,
        country: input.country,
        province: input.country === "CA" ? (input.province ?? null) : null,
        birthDate: input.birthDate,
        guardianName: minor ? (input.guardianName ?? null) : null,
        browserId: input.browserId,
        submittedAt: input.now,
      })
      .returning();
    await audit(tx, candidateActor(input.userId), {
      action: "check_in.submit",
      entity: "check_in",
      entityId: row!.id,
      toState: "submitted",
      after: { bookingId: booking.id, country: input.country, minor, files: input.files },
    });
    return row!;
  });
}

export function latestCheckIn(db: Db, userId: number, registrationId: number) {
  return newestOwnRow(db, checkIns, userId, eq(checkIns.registrationId, registrationId));
}

/** Whether the exam of a voucher may start: its newest check-in is approved. */
export async function checkInApproved(db: Db, userId: number, registrationId: number) {
  return (await latestCheckIn(db, userId, registrationId))?.status === "approved";
}

// ─── the proctor's queue ───────────────────────────────────────────────────────────────────────

export async function pendingCheckIns(db: Db): Promise<QueueEntry[]> {
  const rows = await db
    .select({ c: checkIns, b: examBookings, reg: examRegistrations, u: users })
    .from(checkIns)
    .innerJoin(examBookings, eq(examBookings.id, checkIns.bookingId))
    .innerJoin(examRegistrations, eq(examRegistrations.id, checkIns.registrationId))
    .leftJoin(users, eq(users.id, checkIns.userId))
    .where(eq(checkIns.status, "submitted"))
    .orderBy(asc(checkIns.submittedAt));
  return rows.map(({ c, b, reg, u }) => ({
    id: c.id,
    registrationName: u ? `${u.firstName} ${u.lastName}` : "(account deleted)",
    examTitle: certificationById(reg.certId)?.title ?? `Exam ${reg.certId}`,
    startsAt: bookingView(b).startsAt,
    submittedAt: c.submittedAt.toISOString(),
    country: c.country,
    minor: c.guardianName !== null,
    guardianName: c.guardianName,
    files: checkInFileUrls(c, "staff"),
  }));
}

/**
 * The photograph of a sitting's score report: the candidate's photo from the newest approved check-in of the
 * sitting's voucher, with its address for the candidate; null without one or once the photos are deleted.
 */
export async function reportPhoto(db: Db, userId: number, sittingId: number) {
  const [row] = await db
    .select({ c: checkIns })
    .from(examSittings)
    .innerJoin(
      checkIns,
      and(eq(checkIns.registrationId, examSittings.registrationId), eq(checkIns.userId, examSittings.userId)),
    )
    .where(and(eq(examSittings.id, sittingId), eq(examSittings.userId, userId), eq(checkIns.status, "approved")))
    .orderBy(desc(checkIns.id))
    .limit(1);
  const fileId = row?.c.files.photo?.[0];
  if (!row || row.c.filesDeletedAt || fileId === undefined) return null;
  const [file] = await db.select().from(uploads).where(eq(uploads.id, fileId));
  return file ? { url: `/api/me/check-ins/${row.c.id}/files/${fileId}`, file } : null;
}

/** A check-in's photo URLs by role: under /api/staff for proctors, under /api/me for the candidate. */
export const checkInFileUrls = (c: CheckIn, face: "staff" | "me") =>
  c.filesDeletedAt
    ? {}
    : Object.fromEntries(
        Object.entries(c.files).map(([role, ids]) => [
          role,
          ids.map((f) => `/api/${face}/check-ins/${c.id}/files/${f}`),
        ]),
      );

/**
 * A photo of a check-in, when it belongs to it and has not been deleted; with `userId`, only when the check-in is
 * that candidate's own (anyone else's is "no such photo", as for a photo that does not exist).
 */
export async function checkInFile(db: Db, checkInId: number, fileId: number, userId?: number) {
  const [c] = await db.select().from(checkIns).where(eq(checkIns.id, checkInId));
  if (
    !c ||
    c.filesDeletedAt ||
    (userId !== undefined && c.userId !== userId) ||
    !Object.values(c.files).some((ids) => ids.includes(fileId))
  )
    throw new HttpError(404, "not_found", "There is no such check-in photo.");
  const [file] = await db.select().from(uploads).where(eq(uploads.id, fileId));
  if (!file) throw new HttpError(404, "not_found", "There is no such check-in photo.");
  return file;
}

async function decide(
  db: Db,
  id: number,
  actor: Actor,
  to: "approved" | "rejected",
  now: Date,
  reject?: { reason: string; kind: "candidate" | "site" },
) {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(checkIns).where(eq(checkIns.id, id)).for("update");
    if (!c) throw new HttpError(404, "not_found", "There is no such check-in.");
    if (c.status !== "submitted")
      throw new HttpError(409, "already_decided", "This check-in has already been decided.");
    const [row] = await tx
      .update(checkIns)
      .set({
        status: to,
        decidedAt: now,
        decidedBy: actor.id,
        rejectReason: reject?.reason ?? null,
        rejectKind: reject?.kind ?? null,
      })
      .where(eq(checkIns.id, id))
      .returning();
    const [b] = await tx.select().from(examBookings).where(eq(examBookings.id, c.bookingId));
    // rejected because of our side: the booking is freed (its seat given back) so the candidate rebooks free
    if (reject?.kind === "site" && b?.status === "booked") {
      await tx.update(examBookings).set({ status: "cancelled", updatedAt: now }).where(eq(examBookings.id, b.id));
      await tx.execute(
        sql`update booking_slots set taken = greatest(taken - 1, 0) where starts_at = ${b.startsAt.toISOString()}`,
      );
    }
    await audit(tx, actor, {
      action: to === "approved" ? "check_in.approve" : "check_in.reject",
      entity: "check_in",
      entityId: id,
      fromState: "submitted",
      toState: to,
      reason: reject ? `${reject.kind}: ${reject.reason}` : null,
    });
    return row!;
  });
}

export const approveCheckIn = (db: Db, id: number, actor: Actor, now: Date) => decide(db, id, actor, "approved", now);
export const rejectCheckIn = (
  db: Db,
  id: number,
  actor: Actor,
  reject: { reason: string; kind: "candidate" | "site" },
  now: Date,
) => decide(db, id, actor, "rejected", now, reject);

// ─── jobs ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A booked candidate who has not checked in by the window's end is a no-show: the booking and the voucher
 * are forfeited (the online exam policy) and the candidate is told by e-mail. A check-in submitted in time
 * (even one still with a proctor, or rejected on the candidate's side) is not a no-show.
 */
export async function markNoShows(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ b: examBookings })
    .from(examBookings)
    .leftJoin(checkIns, eq(checkIns.bookingId, examBookings.id))
    .where(
      and(
        eq(examBookings.status, "booked"),
        lte(examBookings.startsAt, new Date(now.getTime() - CHECK_IN_CLOSES_MINUTES * MINUTE)),
        isNull(checkIns.id),
      ),
    );
  let count = 0;
  for (const { b } of due) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(examBookings)
        .set({ status: "no_show", updatedAt: now })
        .where(and(eq(examBookings.id, b.id), eq(examBookings.status, "booked")))
        .returning();
      if (!claimed) return;
      const [reg] = await tx
        .update(examRegistrations)
        .set({ state: "forfeited" })
        .where(and(eq(examRegistrations.id, b.registrationId), eq(examRegistrations.state, "paid")))
        .returning();
      await audit(tx, SYSTEM, {
        action: "booking.no_show",
        entity: "exam_booking",
        entityId: b.id,
        fromState: "booked",
        toState: "no_show",
        reason: CHECK_IN_MESSAGES.noShow,
      });
      const [u] = b.userId === null ? [] : await tx.select().from(users).where(eq(users.id, b.userId));
      if (u && reg)
        await enqueueMailTo(tx, u, "exam-no-show", {
          examTitle: certificationById(reg.certId)?.title ?? `Exam ${reg.certId}`,
          voucherCode: reg.voucherCode,
          startsAt: b.startsAt.toISOString(),
          timeZone: b.timeZone,
        });
      count++;
    });
  }
  return count;
}

/** Deletes the photos of check-ins older than CHECK_IN_RETENTION_DAYS (the privacy policy states it). */
export async function deleteExpiredCheckInFiles(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CHECK_IN_RETENTION_DAYS * 24 * 60 * MINUTE);
  const old = await db
    .select()
    .from(checkIns)
    .where(and(isNull(checkIns.filesDeletedAt), lte(checkIns.submittedAt, cutoff)));
  for (const c of old) {
    await db.transaction(async (tx) => {
      const ids = Object.values(c.files).flat();
      if (ids.length) await tx.delete(uploads).where(inArray(uploads.id, ids));
      await tx.update(checkIns).set({ filesDeletedAt: now }).where(eq(checkIns.id, c.id));
    });
  }
  return old.length;
}
