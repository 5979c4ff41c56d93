import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_IN_MESSAGES } from "../../app/data/booking";
import { auditLog, checkIns, examBookings, examRegistrations, outbox, uploads } from "../db/schema";
import { accountWithRole } from "../testing/accounts";
import { multipartBody, testApp, type TestContext } from "../testing/helpers";
import { paidOrder } from "../testing/records";
import { deleteExpiredCheckInFiles, markNoShows } from "./check-ins";

/** Friday 2026-11-27 12:00 UTC; the slot booked is Monday 9:00 CST (15:00 UTC). */
let clockMs = Date.parse("2026-11-27T12:00:00.000Z");
const now = () => new Date(clockMs);
const SLOT = "2026-11-30T15:00:00.000Z";
const at = (iso: string) => (clockMs = Date.parse(iso));

let t: TestContext;
beforeAll(async () => {
  t = await testApp({ now });
  // room for every candidate of this file in one slot
  const staff = await accountWithRole(t.app, "staff");
  await t.app.inject({
    method: "PUT",
    url: "/api/staff/proctoring/hours",
    headers: staff.headers,
    payload: { days: [1, 2, 3, 4, 5], startTime: "09:00", endTime: "17:00", seatsPerSlot: 50 },
  });
}, 60_000);
afterAll(() => t.close());

// a 1×1 PNG
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const png = (name: string) => ({ name: `${name}.png`, data: PNG });

async function bookedCandidate(slot = SLOT) {
  const saved = clockMs;
  at("2026-11-27T12:00:00.000Z");
  const acc = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
  const { reg } = await paidOrder(t.app.db, {
    userId: acc.user.id,
    certId: 1,
    purchasedAt: new Date(clockMs - 60_000),
  });
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/me/exams/${reg.id}/booking`,
    headers: acc.headers,
    payload: { startsAt: slot, timeZone: "America/Chicago" },
  });
  expect(res.statusCode).toBe(200);
  clockMs = saved;
  const browserId = randomUUID();
  return { ...acc, reg, browserId };
}
type C = Awaited<ReturnType<typeof bookedCandidate>>;

const passCheck = (c: C, verdict = "passed") =>
  t.app.inject({
    method: "POST",
    url: "/api/me/system-check/result",
    headers: c.headers,
    payload: {
      browserId: c.browserId,
      verdict,
      checks: { camera: verdict, connection: "passed", display: "passed", browser: "passed" },
    },
  });

async function checkIn(c: C, overrides: Record<string, unknown> = {}) {
  const body = {
    browserId: c.browserId,
    country: "US",
    birthDate: "1990-05-01",
    photo: png("me"),
    idFront: png("front"),
    idBack: png("back"),
    area: [1, 2, 3, 4].map((i) => png(`area${i}`)),
    room: [1, 2, 3, 4, 5, 6].map((i) => png(`room${i}`)),
    ...overrides,
  };
  const m = await multipartBody(body);
  return t.app.inject({
    method: "POST",
    url: `/api/me/exams/${c.reg.id}/check-in`,
    headers: { ...c.headers, "content-type": m.contentType },
    payload: m.payload,
  });
}

describe("the system check kept and check-in", () => {
  it("check-in opens 30 minutes before and closes 15 minutes after the booked time", async () => {
    const c = await bookedCandidate();
    await passCheck(c);
    at("2026-11-30T14:29:00.000Z");
    const early = await checkIn(c);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CHECK_IN_MESSAGES.notOpen);
    at("2026-11-30T15:16:00.000Z");
    expect((await checkIn(c)).json().error).toBe("check_in_closed");
    at("2026-11-30T14:31:00.000Z");
    const ok = await checkIn(c);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().checkIn.status).toBe("submitted");
    // a second check-in while the first is with a proctor is refused
    expect((await checkIn(c)).statusCode).toBe(409);
  });

  it("asks for a passing system check in the same browser", async () => {
    const c = await bookedCandidate();
    at("2026-11-30T14:45:00.000Z");
    expect((await checkIn(c)).json()).toMatchObject({ error: "system_check_required" });
    await passCheck(c, "failed");
    expect((await checkIn(c)).json().message).toBe(CHECK_IN_MESSAGES.systemCheck);
    await passCheck(c);
    expect((await checkIn(c, { browserId: randomUUID() })).json().error).toBe("system_check_required");
    expect((await checkIn(c)).statusCode).toBe(201);
    // nothing was kept of the refused attempts
    const files = await t.app.db.select().from(uploads).where(eq(uploads.ownerId, c.user.id));
    expect(files).toHaveLength(13);
  });

  it("needs every photo, and a guardian's authorisation for a candidate aged 17 or under", async () => {
    const c = await bookedCandidate();
    await passCheck(c);
    at("2026-11-30T14:45:00.000Z");
    const missing = await checkIn(c, { area: [png("a1"), png("a2"), png("a3")] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CHECK_IN_MESSAGES.files);
    const minor = await checkIn(c, { birthDate: "2010-01-01" });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().message).toBe(CHECK_IN_MESSAGES.guardian);
    const ok = await checkIn(c, {
      birthDate: "2010-01-01",
      guardianName: "Grace Lovelace",
      guardianAuthorised: "true",
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe("the proctor's queue", () => {
  it("lists pending check-ins with the registration name and photos to a proctor; approve; the photos are private", async () => {
    const c = await bookedCandidate();
    const proctor = await accountWithRole(t.app, "proctor");
    const other = await accountWithRole(t.app, "candidate");
    await passCheck(c);
    at("2026-11-30T14:45:00.000Z");
    const id = (await checkIn(c)).json().checkIn.id;
    const queue = await t.app.inject({ method: "GET", url: "/api/staff/check-ins", headers: proctor.headers });
    const entry = queue.json().checkIns.find((e: { id: number }) => e.id === id);
    expect(entry.registrationName).toBe(`${c.user.firstName} ${c.user.lastName}`);
    expect(entry.files.area).toHaveLength(4);
    expect(entry.files.room).toHaveLength(6);
    const photo = await t.app.inject({ method: "GET", url: entry.files.photo[0], headers: proctor.headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
    expect((await t.app.inject({ method: "GET", url: entry.files.photo[0], headers: other.headers })).statusCode).toBe(
      403,
    );
    // not through the console's general file route either
    const fileId = entry.files.photo[0].split("/").pop();
    const admin = await accountWithRole(t.app, "admin");
    expect(
      (await t.app.inject({ method: "GET", url: `/api/staff/files/${fileId}`, headers: admin.headers })).statusCode,
    ).toBe(404);
    const approved = await t.app.inject({
      method: "POST",
      url: `/api/staff/check-ins/${id}/approve`,
      headers: proctor.headers,
    });
    expect(approved.json().checkIn.status).toBe("approved");
    const mine = await t.app.inject({ method: "GET", url: `/api/me/exams/${c.reg.id}/check-in`, headers: c.headers });
    expect(mine.json().checkIn.status).toBe("approved");
    // the candidate sees their own photos, at their own addresses; nobody else's
    const own = mine.json().files as Record<string, string[]>;
    expect(own.area).toHaveLength(4);
    expect(own.photo[0]).toBe(`/api/me/check-ins/${id}/files/${fileId}`);
    const ownPhoto = await t.app.inject({ method: "GET", url: own.photo[0]!, headers: c.headers });
    expect(ownPhoto.statusCode).toBe(200);
    expect(ownPhoto.headers["cache-control"]).toBe("private, no-store");
    expect(ownPhoto.rawPayload.equals(Buffer.from(PNG, "base64"))).toBe(true);
    expect((await t.app.inject({ method: "GET", url: own.photo[0]!, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: own.photo[0]! })).statusCode).toBe(401);
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "check_in.approve"));
    expect(audited.some((a) => a.entityId === String(id))).toBe(true);
  });

  it("rejects with a reason the candidate reads; a rejection on our side frees the booking for a free rebook", async () => {
    const staff = await accountWithRole(t.app, "staff");
    const a = await bookedCandidate();
    const b = await bookedCandidate();
    for (const c of [a, b]) await passCheck(c);
    at("2026-11-30T14:45:00.000Z");
    const ida = (await checkIn(a)).json().checkIn.id;
    const idb = (await checkIn(b)).json().checkIn.id;
    const noReason = await t.app.inject({
      method: "POST",
      url: `/api/staff/check-ins/${ida}/reject`,
      headers: staff.headers,
      payload: { reason: " ", kind: "candidate" },
    });
    expect(noReason.statusCode).toBe(400);
    const reason = "The name on your ID does not match your registration name.";
    await t.app.inject({
      method: "POST",
      url: `/api/staff/check-ins/${ida}/reject`,
      headers: staff.headers,
      payload: { reason, kind: "candidate" },
    });
    const seen = await t.app.inject({ method: "GET", url: `/api/me/exams/${a.reg.id}/check-in`, headers: a.headers });
    expect(seen.json().checkIn).toMatchObject({ status: "rejected", rejectReason: reason, rejectKind: "candidate" });
    await t.app.inject({
      method: "POST",
      url: `/api/staff/check-ins/${idb}/reject`,
      headers: staff.headers,
      payload: { reason: "Our photo service failed.", kind: "site" },
    });
    const [bb] = await t.app.db.select().from(examBookings).where(eq(examBookings.registrationId, b.reg.id));
    expect(bb!.status).toBe("cancelled");
    const [breg] = await t.app.db.select().from(examRegistrations).where(eq(examRegistrations.id, b.reg.id));
    expect(breg!.state).toBe("paid");
    // the rejected-on-our-side candidate books again; neither is a no-show after the window
    at("2026-11-30T16:00:00.000Z");
    const again = await t.app.inject({
      method: "PUT",
      url: `/api/me/exams/${b.reg.id}/booking`,
      headers: b.headers,
      payload: { startsAt: "2026-12-01T15:00:00.000Z", timeZone: "UTC" },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe("the jobs", () => {
  it("a candidate who never checks in is a no-show after the window: the fee forfeited, told by e-mail", async () => {
    const c = await bookedCandidate("2026-12-02T15:00:00.000Z");
    const statusOf = async () =>
      (await t.app.db.select().from(examBookings).where(eq(examBookings.registrationId, c.reg.id)))[0]!.status;
    await markNoShows(t.app.db, new Date("2026-12-02T15:14:00.000Z"));
    expect(await statusOf()).toBe("booked");
    expect(await markNoShows(t.app.db, new Date("2026-12-02T15:16:00.000Z"))).toBeGreaterThanOrEqual(1);
    const [b] = await t.app.db.select().from(examBookings).where(eq(examBookings.registrationId, c.reg.id));
    expect(b!.status).toBe("no_show");
    const [reg] = await t.app.db.select().from(examRegistrations).where(eq(examRegistrations.id, c.reg.id));
    expect(reg!.state).toBe("forfeited");
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, c.user.email), eq(outbox.template, "exam-no-show")));
    expect(mails).toHaveLength(1);
    expect(await markNoShows(t.app.db, new Date("2026-12-02T15:30:00.000Z"))).toBe(0);
  });

  it("deletes check-in photos after the retention period", async () => {
    const c = await bookedCandidate("2026-12-03T15:00:00.000Z");
    await passCheck(c);
    at("2026-12-03T14:50:00.000Z");
    const id = (await checkIn(c)).json().checkIn.id;
    await deleteExpiredCheckInFiles(t.app.db, new Date("2027-03-03T14:49:00.000Z"));
    expect(await t.app.db.select().from(uploads).where(eq(uploads.ownerId, c.user.id))).toHaveLength(13);
    // 90 days after the check-in
    expect(await deleteExpiredCheckInFiles(t.app.db, new Date("2027-03-03T14:50:00.000Z"))).toBeGreaterThanOrEqual(1);
    const [row] = await t.app.db.select().from(checkIns).where(eq(checkIns.id, id));
    expect(row!.filesDeletedAt).not.toBeNull();
    const left = await t.app.db.select().from(uploads).where(eq(uploads.ownerId, c.user.id));
    expect(left).toHaveLength(0);
  });
});
