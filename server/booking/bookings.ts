/**
 * Booking a time for an online proctored exam (issue 28.1): the proctoring hours staff set, the slots they
 * give with the seats left, booking, rescheduling and cancelling up to the start time, and the reminder
 * e-mails. The routes (./routes.ts) only translate HTTP.
 *
 * A seat is taken with one conditional update of the slot's row (`taken < seats`): concurrent bookings of the
 * last seat serialise on that row, and exactly one succeeds, on PGlite and PostgreSQL alike.
 */
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import {
  BOOKING_DAYS_AHEAD,
  BOOKING_MESSAGES,
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  DEFAULT_PROCTORING_HOURS,
  formatInZone,
  REMINDER_HOURS,
  SLOT_MINUTES,
} from "../../app/data/booking";
import { certificationById } from "../../app/data/exams";
import type { BookingView, ProctoringHours } from "../../app/schemas/booking";
import type { Db } from "../db/client";
import { bookingSlots, examBookings, examRegistrations, proctoringHours, users } from "../db/schema";
import { HttpError } from "../errors";
import { audit, candidateActor, type Actor } from "../audit/audit";
import { enqueueMailTo } from "../mail/outbox";
import { isDelivered } from "../exams/blueprint";
import { isSlotStart, slotStarts } from "./slots";

export type Booking = typeof examBookings.$inferSelect;

const MINUTE = 60_000;
const iso = (d: Date) => d.toISOString();

export function bookingView(b: Booking): BookingView {
  const start = b.startsAt.getTime();
  return {
    id: b.id,
    registrationId: b.registrationId,
    startsAt: iso(b.startsAt),
    endsAt: iso(new Date(start + SLOT_MINUTES * MINUTE)),
    status: b.status as BookingView["status"],
    changeableUntil: iso(b.startsAt),
    checkInOpensAt: iso(new Date(start - CHECK_IN_OPENS_MINUTES * MINUTE)),
    checkInClosesAt: iso(new Date(start + CHECK_IN_CLOSES_MINUTES * MINUTE)),
  };
}

// ─── the hours ──────────────────────────────────────────────────────────────────────────────────

export async function currentHours(db: Db): Promise<ProctoringHours> {
  const [row] = await db.select().from(proctoringHours).where(eq(proctoringHours.id, 1));
  if (!row) return DEFAULT_PROCTORING_HOURS;
  return { days: row.days, startTime: row.startTime, endTime: row.endTime, seatsPerSlot: row.seatsPerSlot };
}

/** Staff set the hours and seats (audited). Bookings already made keep their times. */
export async function setHours(db: Db, actor: Actor, hours: ProctoringHours): Promise<ProctoringHours> {
  const days = [...new Set(hours.days)].sort();
  const next = { ...hours, days };
  return db.transaction(async (tx) => {
    const before = await currentHours(tx);
    await tx
      .insert(proctoringHours)
      .values({ id: 1, ...next, updatedBy: actor.id })
      .onConflictDoUpdate({ target: proctoringHours.id, set: { ...next, updatedBy: actor.id, updatedAt: new Date() } });
    await audit(tx, actor, {
      action: "proctoring.hours",
      entity: "proctoring_hours",
      entityId: 1,
      before: { ...before },
      after: { ...next },
    });
    return next;
  });
}

// ─── slots ─────────────────────────────────────────────────────────────────────────────────────

/** The bookable slots of the next BOOKING_DAYS_AHEAD days with the seats left in each. */
export async function availableSlots(db: Db, now: Date) {
  const hours = await currentHours(db);
  const starts = slotStarts(hours, now, BOOKING_DAYS_AHEAD);
  const taken = starts.length
    ? await db
        .select()
        .from(bookingSlots)
        .where(
          and(gt(bookingSlots.startsAt, now), lte(bookingSlots.startsAt, new Date(starts.at(-1)!.getTime() + MINUTE))),
        )
    : [];
  const takenAt = new Map(taken.map((t) => [t.startsAt.getTime(), t.taken]));
  return {
    hours,
    slots: starts.map((s) => ({
      startsAt: iso(s),
      seatsLeft: Math.max(0, hours.seatsPerSlot - (takenAt.get(s.getTime()) ?? 0)),
    })),
  };
}

// ─── booking, rescheduling, cancelling ────────────────────────────────────────────────────────

async function lockedRegistration(tx: Db, userId: number, registrationId: number) {
  const [reg] = await tx
    .select()
    .from(examRegistrations)
    .where(and(eq(examRegistrations.id, registrationId), eq(examRegistrations.userId, userId)))
    .for("update");
  if (!reg) throw new HttpError(404, "not_found", "There is no such exam registration on your account.");
  return reg;
}

const startedError = () => new HttpError(409, "booking_started", BOOKING_MESSAGES.started);

/** Takes one seat of a slot, or fails with slot_full (the transaction then gives nothing back). */
async function takeSeat(tx: Db, startsAt: Date, seats: number) {
  await tx.insert(bookingSlots).values({ startsAt, taken: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(bookingSlots)
    .set({ taken: sql`${bookingSlots.taken} + 1` })
    .where(and(eq(bookingSlots.startsAt, startsAt), sql`${bookingSlots.taken} < ${seats}`))
    .returning();
  if (!row) throw new HttpError(409, "slot_full", BOOKING_MESSAGES.slotFull);
}

async function giveSeatBack(tx: Db, startsAt: Date) {
  await tx
    .update(bookingSlots)
    .set({ taken: sql`greatest(${bookingSlots.taken} - 1, 0)` })
    .where(eq(bookingSlots.startsAt, startsAt));
}

export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function mailBooking(
  tx: Db,
  b: Booking,
  kind: "booked" | "rescheduled" | "cancelled" | "reminder",
  reg: { certId: number; voucherCode: string; userId: number | null },
  now: Date,
) {
  if (reg.userId === null) return;
  const [holder] = await tx.select().from(users).where(eq(users.id, reg.userId));
  if (!holder) return;
  const view = bookingView(b);
  await enqueueMailTo(tx, holder, "exam-booking", {
    kind,
    examTitle: certificationById(reg.certId)?.title ?? `Exam ${reg.certId}`,
    voucherCode: reg.voucherCode,
    bookingId: b.id,
    sequence: b.sequence,
    startsAt: view.startsAt,
    endsAt: view.endsAt,
    timeZone: b.timeZone,
    sentAt: iso(now),
  });
}

export interface BookInput {
  userId: number;
  registrationId: number;
  startsAt: Date;
  timeZone: string;
  now: Date;
}

/**
 * Books a paid voucher for a slot, or moves its booking to another one (until the booked start). The seat of
 * the new slot is taken before the old one is given back, in one transaction.
 */
export async function bookSlot(db: Db, input: BookInput): Promise<{ booking: Booking; message: string }> {
  const { now, startsAt } = input;
  if (!validTimeZone(input.timeZone)) throw new HttpError(400, "invalid_time_zone", BOOKING_MESSAGES.timeZone);
  const hours = await currentHours(db);
  if (!isSlotStart(hours, startsAt)) throw new HttpError(400, "not_a_slot", BOOKING_MESSAGES.notASlot);
  if (startsAt.getTime() <= now.getTime() || startsAt.getTime() > now.getTime() + BOOKING_DAYS_AHEAD * 24 * 60 * MINUTE)
    throw new HttpError(400, "not_a_slot", BOOKING_MESSAGES.tooLate);
  const actor = candidateActor(input.userId);
  return db.transaction(async (tx) => {
    const reg = await lockedRegistration(tx, input.userId, input.registrationId);
    if (reg.state !== "paid") throw new HttpError(409, "voucher_not_open", BOOKING_MESSAGES.voucher);
    if (!isDelivered(certificationById(reg.certId)))
      throw new HttpError(409, "not_delivered", BOOKING_MESSAGES.notDelivered);
    const [existing] = await tx.select().from(examBookings).where(eq(examBookings.registrationId, reg.id));
    const moving = existing?.status === "booked";
    if (moving && existing.startsAt.getTime() <= now.getTime()) throw startedError();
    if (moving && existing.startsAt.getTime() === startsAt.getTime())
      return { booking: existing, message: `Your exam is booked for ${formatInZone(iso(startsAt), input.timeZone)}.` };
    await takeSeat(tx, startsAt, hours.seatsPerSlot);
    if (moving) await giveSeatBack(tx, existing.startsAt);
    // a booking made less than REMINDER_HOURS ahead gets no separate reminder: its confirmation is one
    const reminderSentAt = startsAt.getTime() - REMINDER_HOURS * 60 * MINUTE <= now.getTime() ? now : null;
    const values = {
      startsAt,
      status: "booked",
      timeZone: input.timeZone,
      reminderSentAt,
      updatedAt: now,
    };
    const [booking] = existing
      ? await tx
          .update(examBookings)
          .set({ ...values, sequence: existing.sequence + 1 })
          .where(eq(examBookings.id, existing.id))
          .returning()
      : await tx
          .insert(examBookings)
          .values({ ...values, registrationId: reg.id, userId: input.userId, createdAt: now })
          .returning();
    await audit(tx, actor, {
      action: moving ? "booking.reschedule" : "booking.book",
      entity: "exam_booking",
      entityId: booking!.id,
      fromState: existing?.status ?? null,
      toState: "booked",
      before: existing ? { startsAt: iso(existing.startsAt), status: existing.status } : null,
      after: { startsAt: iso(startsAt), registrationId: reg.id, timeZone: input.timeZone },
    });
    await mailBooking(tx, booking!, moving ? "rescheduled" : "booked", reg, now);
    const when = formatInZone(iso(startsAt), input.timeZone);
    return {
      booking: booking!,
      message: moving
        ? `Your exam is moved to ${when}. A confirmation with a calendar file is on its way to your e-mail.`
        : `Your exam is booked for ${when}. A confirmation with a calendar file is on its way to your e-mail.`,
    };
  });
}

/** Cancels the booking up to its start time: the seat is given back and the voucher can be booked again. */
export async function cancelBooking(db: Db, input: { userId: number; registrationId: number; now: Date }) {
  const { now } = input;
  return db.transaction(async (tx) => {
    const reg = await lockedRegistration(tx, input.userId, input.registrationId);
    const [existing] = await tx.select().from(examBookings).where(eq(examBookings.registrationId, reg.id));
    if (!existing || existing.status !== "booked") throw new HttpError(404, "not_booked", BOOKING_MESSAGES.notBooked);
    if (existing.startsAt.getTime() <= now.getTime()) throw startedError();
    await giveSeatBack(tx, existing.startsAt);
    const [booking] = await tx
      .update(examBookings)
      .set({ status: "cancelled", sequence: existing.sequence + 1, updatedAt: now })
      .where(eq(examBookings.id, existing.id))
      .returning();
    await audit(tx, candidateActor(input.userId), {
      action: "booking.cancel",
      entity: "exam_booking",
      entityId: existing.id,
      fromState: "booked",
      toState: "cancelled",
      before: { startsAt: iso(existing.startsAt) },
    });
    await mailBooking(tx, booking!, "cancelled", reg, now);
    return {
      booking: booking!,
      message: "Your booking is cancelled. Your voucher is still valid: book a new time whenever you are ready.",
    };
  });
}

/**
 * A voucher that leaves the paid state for another reason (a refund within 24 hours of purchase) gives its
 * booked seat back. Call it in the transaction of that change.
 */
export async function releaseBookingOf(tx: Db, registrationId: number, now: Date) {
  const [existing] = await tx
    .update(examBookings)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(examBookings.registrationId, registrationId), eq(examBookings.status, "booked")))
    .returning();
  if (existing) await giveSeatBack(tx, existing.startsAt);
}

export async function bookingsOf(db: Db, userId: number): Promise<Booking[]> {
  return db.select().from(examBookings).where(eq(examBookings.userId, userId));
}

export async function bookingOf(db: Db, registrationId: number): Promise<Booking | undefined> {
  const [b] = await db.select().from(examBookings).where(eq(examBookings.registrationId, registrationId));
  return b;
}

// ─── the reminder job ──────────────────────────────────────────────────────────────────────────

/** Queues the reminder of every booking starting within REMINDER_HOURS that has not had one. */
export async function sendDueReminders(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: examBookings.id })
    .from(examBookings)
    .where(
      and(
        eq(examBookings.status, "booked"),
        isNull(examBookings.reminderSentAt),
        gt(examBookings.startsAt, now),
        lte(examBookings.startsAt, new Date(now.getTime() + REMINDER_HOURS * 60 * MINUTE)),
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      // claimed by this update: another process running the job at the same time sends nothing twice
      const [b] = await tx
        .update(examBookings)
        .set({ reminderSentAt: now })
        .where(and(eq(examBookings.id, id), isNull(examBookings.reminderSentAt), eq(examBookings.status, "booked")))
        .returning();
      if (!b) return;
      const [reg] = await tx.select().from(examRegistrations).where(eq(examRegistrations.id, b.registrationId));
      if (!reg || reg.state !== "paid") return;
      await mailBooking(tx, b, "reminder", reg, now);
      sent++;
    });
  }
  return sent;
}
