import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES, DEFAULT_PROCTORING_HOURS } from "../../app/data/booking";
import { certificationById } from "../../app/data/exams";
import { auditLog, bookingSlots, examBookings, outbox } from "../db/schema";
import { composeMail } from "../mail/compose";
import { accountWithRole } from "../testing/accounts";
import { testApp, type TestContext } from "../testing/helpers";
import { paidOrder } from "../testing/records";
import { sendDueReminders } from "./bookings";

/** Friday 2026-11-27, 12:00 UTC (6:00 AM Central): the next slots are Friday's, then Monday's. */
let clockMs = Date.parse("2026-11-27T12:00:00.000Z");
const now = () => new Date(clockMs);
const MONDAY_9 = "2026-11-30T15:00:00.000Z";
const MONDAY_11 = "2026-11-30T17:00:00.000Z";
const MONDAY_13 = "2026-11-30T19:00:00.000Z";

let t: TestContext;
beforeAll(async () => {
  t = await testApp({ now });
}, 60_000);
afterAll(() => t.close());

async function candidate() {
  const acc = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
  const { reg } = await paidOrder(t.app.db, {
    userId: acc.user.id,
    certId: 1,
    purchasedAt: new Date(clockMs - 60_000),
  });
  return { ...acc, reg };
}
type Candidate = Awaited<ReturnType<typeof candidate>>;

const book = (c: Candidate, startsAt: string, timeZone = "Europe/Berlin") =>
  t.app.inject({
    method: "PUT",
    url: `/api/me/exams/${c.reg.id}/booking`,
    headers: c.headers,
    payload: { startsAt, timeZone },
  });
const cancel = (c: Candidate) =>
  t.app.inject({ method: "DELETE", url: `/api/me/exams/${c.reg.id}/booking`, headers: c.headers });

const mailsTo = (email: string) =>
  t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, "exam-booking")));

describe("booking a time", () => {
  it("lists the office-hours slots in Central time with the seats left", async () => {
    const c = await candidate();
    const res = await t.app.inject({ method: "GET", url: `/api/me/exams/${c.reg.id}/slots`, headers: c.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe("America/Chicago");
    expect(body.hours).toEqual(DEFAULT_PROCTORING_HOURS);
    expect(body.slotMinutes).toBe(120);
    const starts = ["15", "17", "19", "21"];
    expect(body.slots.slice(0, 8)).toEqual(
      [...starts.map((h) => `2026-11-27T${h}:00:00.000Z`), ...starts.map((h) => `2026-11-30T${h}:00:00.000Z`)].map(
        (startsAt) => ({ startsAt, seatsLeft: 5 }),
      ),
    );
  });

  it("books a paid voucher, mails a confirmation with an .ics file, and audits it", async () => {
    const c = await candidate();
    const res = await book(c, MONDAY_9);
    expect(res.statusCode).toBe(200);
    const { booking, message } = res.json();
    expect(booking).toMatchObject({
      status: "booked",
      startsAt: MONDAY_9,
      changeableUntil: MONDAY_9,
      checkInOpensAt: "2026-11-30T14:30:00.000Z",
      checkInClosesAt: "2026-11-30T15:15:00.000Z",
    });
    // the time in the candidate's own zone, with the zone named
    expect(message).toContain("Monday, Nov 30, 2026, 4:00 PM Central European Standard Time");
    const [mail] = await mailsTo(c.user.email);
    expect(mail!.data).toMatchObject({ kind: "booked", startsAt: MONDAY_9, timeZone: "Europe/Berlin" });
    const composed = await composeMail(
      { to: c.user.email, template: "exam-booking", data: mail!.data },
      "https://portal.example",
    );
    expect(composed.subject).toBe(`Your exam time is booked: ${certificationById(1)!.title}`);
    expect(composed.text).toContain("up to the start time");
    expect(composed.attachments).toHaveLength(1);
    const ics = composed.attachments![0]!;
    expect(ics.filename).toBe("citb-exam.ics");
    expect(ics.contentType).toContain("text/calendar");
    expect(ics.content).toContain("DTSTART:20261130T150000Z");
    expect(ics.content).toContain("DTEND:20261130T170000Z");
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "booking.book"));
    expect(entries.some((e) => e.entityId === String(booking.id))).toBe(true);
  });

  it("refuses a time that is not a slot, a past slot, an unknown zone, and another's voucher", async () => {
    const c = await candidate();
    const other = await candidate();
    expect((await book(c, "2026-11-30T16:00:00.000Z")).json().message).toBe(BOOKING_MESSAGES.notASlot);
    expect((await book(c, "2026-11-28T15:00:00.000Z")).statusCode).toBe(400); // a Saturday
    const past = await book(c, "2026-11-26T15:00:00.000Z");
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(BOOKING_MESSAGES.tooLate);
    expect((await book(c, MONDAY_9, "Mars/Olympus")).statusCode).toBe(400);
    const stranger = await t.app.inject({
      method: "PUT",
      url: `/api/me/exams/${other.reg.id}/booking`,
      headers: c.headers,
      payload: { startsAt: MONDAY_9, timeZone: "UTC" },
    });
    expect(stranger.statusCode).toBe(404);
    const guest = await t.app.inject({ method: "GET", url: `/api/me/exams/${c.reg.id}/slots` });
    expect(guest.statusCode).toBe(401);
  });

  it("reschedules up to the start time, giving the old seat back, and cancels", async () => {
    const c = await candidate();
    await book(c, MONDAY_11);
    const moved = await book(c, MONDAY_13);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toContain("moved to");
    const seats = await t.app.db.select().from(bookingSlots);
    expect(seats.find((s) => s.startsAt.toISOString() === MONDAY_11)!.taken).toBe(0);
    expect(seats.find((s) => s.startsAt.toISOString() === MONDAY_13)!.taken).toBe(1);
    const cancelled = await cancel(c);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking.status).toBe("cancelled");
    const kinds = (await mailsTo(c.user.email)).map((m) => (m.data as { kind: string }).kind);
    expect(kinds).toEqual(["booked", "rescheduled", "cancelled"]);
    // cancelled: the voucher can be booked again
    expect((await book(c, MONDAY_11)).statusCode).toBe(200);
  });

  it("after the start time the booking can neither move nor be cancelled (the fee is forfeited)", async () => {
    const c = await candidate();
    await book(c, MONDAY_9);
    const saved = clockMs;
    clockMs = Date.parse(MONDAY_9) + 1000;
    try {
      const late = await cancel(c);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ error: "booking_started", message: BOOKING_MESSAGES.started });
      expect((await book(c, "2026-12-01T15:00:00.000Z")).json().error).toBe("booking_started");
    } finally {
      clockMs = saved;
    }
  });

  it("sends the reminder 24 hours before, once", async () => {
    const c = await candidate();
    await book(c, "2026-12-24T15:00:00.000Z");
    const kindsNow = async () => (await mailsTo(c.user.email)).map((m) => (m.data as { kind: string }).kind);
    await sendDueReminders(t.app.db, new Date("2026-12-23T14:59:00Z"));
    expect(await kindsNow()).toEqual(["booked"]);
    expect(await sendDueReminders(t.app.db, new Date("2026-12-23T15:00:00Z"))).toBe(1);
    expect(await sendDueReminders(t.app.db, new Date("2026-12-23T15:01:00Z"))).toBe(0);
    expect(await kindsNow()).toEqual(["booked", "reminder"]);
  });
});

describe("the last seat", () => {
  it("20 candidates racing for the last seat of a slot: exactly one gets it", async () => {
    const staff = await accountWithRole(t.app, "staff");
    const set = await t.app.inject({
      method: "PUT",
      url: "/api/staff/proctoring/hours",
      headers: staff.headers,
      payload: { days: [1, 2, 3, 4, 5], startTime: "09:00", endTime: "17:00", seatsPerSlot: 1 },
    });
    expect(set.statusCode).toBe(200);
    const slot = "2026-12-02T17:00:00.000Z"; // Wednesday 11:00 CST, nobody booked yet
    const racers = await Promise.all(Array.from({ length: 20 }, () => candidate()));
    const answers = await Promise.all(racers.map((c) => book(c, slot)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error).toBe("slot_full");
    const rows = await t.app.db
      .select()
      .from(examBookings)
      .where(and(eq(examBookings.startsAt, new Date(slot)), eq(examBookings.status, "booked")));
    expect(rows).toHaveLength(1);
    const [seat] = await t.app.db
      .select()
      .from(bookingSlots)
      .where(eq(bookingSlots.startsAt, new Date(slot)));
    expect(seat!.taken).toBe(1);
    // the slot shows no seat left
    const list = await t.app.inject({
      method: "GET",
      url: `/api/me/exams/${racers[0]!.reg.id}/slots`,
      headers: racers[0]!.headers,
    });
    expect(list.json().slots.find((s: { startsAt: string }) => s.startsAt === slot).seatsLeft).toBe(0);
  });

  it("staff set the hours; a candidate may not, and bad hours get a clear message", async () => {
    const staff = await accountWithRole(t.app, "staff");
    const c = await candidate();
    const forbidden = await t.app.inject({
      method: "PUT",
      url: "/api/staff/proctoring/hours",
      headers: c.headers,
      payload: DEFAULT_PROCTORING_HOURS,
    });
    expect(forbidden.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/staff/proctoring/hours",
      headers: staff.headers,
      payload: { ...DEFAULT_PROCTORING_HOURS, startTime: "17:00", endTime: "09:00" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("The hours must end after they start.");
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "proctoring.hours"));
    expect(audited.length).toBeGreaterThanOrEqual(1);
  });
});
