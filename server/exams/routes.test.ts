import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVE_GRACE_SECONDS, TESTING_AGREEMENT_VERSION } from "../../app/data/exam-delivery";
import { certificationById } from "../../app/data/exams";
import { BOOKING_MESSAGES } from "../../app/data/booking";
import { EXAM_MESSAGES } from "../../app/schemas/exam";
import {
  certificationsTable,
  checkIns,
  examBookings,
  examItems,
  examRegistrations,
  examSittings,
  outbox,
  requests,
} from "../db/schema";
import { closeOverdueSittings } from "./sittings";
import { testAppWithTinyBank } from "../testing/bank";
import { accountWithRole } from "../testing/accounts";
import type { TestContext } from "../testing/helpers";
import { approvedCheckIn, paidOrder } from "../testing/records";

/** A fake clock the app reads (routes and the closing job): tests move it. */
let clockMs = Date.parse("2026-11-20T10:00:00.000Z");
const now = () => new Date(clockMs);
const advance = (ms: number) => (clockMs += ms);

let t: TestContext;
beforeAll(async () => {
  t = await testAppWithTinyBank(["js", "react"], { now });
}, 60_000);
afterAll(() => t.close());

async function candidate(certId = 1, purchasedAt = new Date(clockMs - 60_000)) {
  const acc = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
  const { reg } = await paidOrder(t.app.db, { userId: acc.user.id, certId, purchasedAt });
  await approvedCheckIn(t.app.db, { userId: acc.user.id, registrationId: reg.id, at: now() });
  return { ...acc, reg };
}

const startBody = (overrides: Record<string, unknown> = {}) => ({
  acceptAgreement: true,
  nameMatchesId: true,
  country: "US",
  holderId: randomUUID(),
  ...overrides,
});

async function start(c: Awaited<ReturnType<typeof candidate>>, body = startBody()) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/me/exams/${c.reg.id}/start`,
    headers: c.headers,
    payload: body,
  });
  return { res, holderId: body.holderId as string };
}

/** A candidate who started the exam: the candidate, the start's answer, the tab's holder id and the sitting's id. */
async function startedSitting() {
  const c = await candidate();
  const { res, holderId } = await start(c);
  return { c, res, holderId, id: res.json().sitting.id as number };
}

/** An open request for extra time on the first exam, sent by `userId`, still waiting for staff. */
async function accommodationRequest(userId: number, reference: string) {
  const [row] = await t.app.db
    .insert(requests)
    .values({
      reference,
      userId,
      kind: "accommodation",
      certId: 1,
      subject: "Extra time",
      details: "Extra time please",
      dueAt: new Date(clockMs + 7 * 86_400_000),
    })
    .returning();
  return row!;
}

/** The tab's saves of answers to the sitting `id`, sent as candidate `c` (what the exam page sends). */
const putAnswers = (c: Awaited<ReturnType<typeof candidate>>, id: number, payload: object) =>
  t.app.inject({ method: "PUT", url: `/api/me/sittings/${id}/answers`, headers: c.headers, payload });

/** The key option id of every position, read from the database as the browser journeys may. */
async function keysOf(sittingId: number) {
  const [s] = await t.app.db.select().from(examSittings).where(eq(examSittings.id, sittingId));
  const items = await t.app.db.select().from(examItems);
  return s!.form.map((p) => {
    const item = items.find((i) => i.itemId === p.itemId && i.version === p.version)!;
    return { key: p.optionIds[p.order.indexOf(item.key)]!, wrong: p.optionIds[p.order.indexOf((item.key + 1) % 4)]! };
  });
}

describe("starting an exam", () => {
  it("starts from a paid voucher: 90 items, the clock from the server, the agreement's version stored", async () => {
    const c = await candidate();
    const { res } = await start(c);
    expect(res.statusCode).toBe(201);
    const { sitting } = res.json();
    expect(sitting.itemCount).toBe(90);
    expect(sitting.status).toBe("open");
    expect(sitting.clock.minutes).toEqual({ base: 90, esl: 0, accommodation: 0, added: 0, total: 90 });
    expect(sitting.clock.now).toBe(clockMs);
    expect(sitting.clock.deadline).toBe(clockMs + 90 * 60_000);
    const [row] = await t.app.db.select().from(examSittings).where(eq(examSittings.id, sitting.id));
    expect(row!.agreementVersion).toBe(TESTING_AGREEMENT_VERSION);
    expect(row!.agreementAcceptedAt.getTime()).toBe(clockMs);
    const [reg] = await t.app.db.select().from(examRegistrations).where(eq(examRegistrations.id, c.reg.id));
    expect(reg!.state).toBe("started");
    // the purchase can no longer be cancelled once the exam has started
    const cancel = await t.app.inject({ method: "POST", url: `/api/me/exams/${c.reg.id}/cancel`, headers: c.headers });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe("This voucher has been used for an exam, so the purchase cannot be cancelled.");
    // a second start of the same voucher is refused
    const again = await start(c);
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().error).toBe("sitting_exists");
  });

  it("starts only after a proctor approved the voucher's check-in (issue 28.3), saying so otherwise", async () => {
    const acc = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
    const { reg } = await paidOrder(t.app.db, {
      userId: acc.user.id,
      certId: 1,
      purchasedAt: new Date(clockMs - 60_000),
    });
    const c = { ...acc, reg };
    // another candidate's approved check-in does not open this voucher
    await candidate();
    const refused = await start(c);
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json()).toMatchObject({ error: "check_in_required", message: EXAM_MESSAGES.checkInRequired });
    // a submitted or rejected check-in does not either
    const { checkIn } = await approvedCheckIn(t.app.db, { userId: acc.user.id, registrationId: reg.id });
    for (const status of ["submitted", "rejected"]) {
      await t.app.db.update(checkIns).set({ status }).where(eq(checkIns.id, checkIn.id));
      expect((await start(c)).res.json().error).toBe("check_in_required");
    }
    await t.app.db.update(checkIns).set({ status: "approved" }).where(eq(checkIns.id, checkIn.id));
    const started = await start(c);
    expect(started.res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(examRegistrations).where(eq(examRegistrations.id, reg.id));
    expect(row!.state).toBe("started");
    // the booking's time was used: it is started, no longer booked (so no cancel, move, reminder or no-show)
    const [booking] = await t.app.db.select().from(examBookings).where(eq(examBookings.registrationId, reg.id));
    expect(booking!.status).toBe("started");
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/me/exams/${reg.id}/booking`,
      headers: c.headers,
    });
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().message).toBe(BOOKING_MESSAGES.notBooked);
  });

  it("refuses without the agreement, the name confirmation or a province in Canada, with the messages", async () => {
    const c = await candidate();
    const { res } = await start(c, startBody({ acceptAgreement: false, nameMatchesId: false, country: "CA" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      acceptAgreement: EXAM_MESSAGES.agreement,
      nameMatchesId: EXAM_MESSAGES.nameMatches,
    });
    const noProvince = await start(c, startBody({ country: "CA" }));
    expect(noProvince.res.statusCode).toBe(400);
    expect(noProvince.res.json().fields.province).toBe(EXAM_MESSAGES.province);
  });

  it("adds 30 ESL minutes in a non-English-speaking country, none in Quebec (with the contact-support note), and the voucher's accommodation minutes", async () => {
    const fr = await candidate();
    const a = (await start(fr, startBody({ country: "FR" }))).res.json().sitting;
    expect(a.clock.minutes).toMatchObject({ esl: 30, total: 120 });
    expect(a.eslNote).toMatch(/30-minute ESL extension has been added/);

    const qc = await candidate();
    await t.app.db.update(examRegistrations).set({ extraMinutes: 25 }).where(eq(examRegistrations.id, qc.reg.id));
    const b = (await start(qc, startBody({ country: "CA", province: "QC" }))).res.json().sitting;
    expect(b.clock.minutes).toMatchObject({ esl: 0, accommodation: 25, total: 115 });
    expect(b.eslNote).toMatch(/Quebec .*contact support/);
  });

  it("does not deliver Technical Sales Specialist: 409 saying support schedules it", async () => {
    const c = await candidate(5);
    const { res } = await start(c);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "not_delivered", message: EXAM_MESSAGES.notDelivered });
  });

  it("refuses while an accommodation request for the exam is open (the purchase rule, reused)", async () => {
    const c = await candidate();
    await accommodationRequest(c.user.id, `ACC-${c.user.id}`);
    const { res } = await start(c);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("accommodation_pending");
  });

  it("staff grant extra minutes on an accommodation: the voucher held and one bought later carry them to the clock", async () => {
    const c = await candidate();
    const staff = await accountWithRole(t.app, "staff");
    const decide = (id: number, payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: `/api/staff/requests/${id}/decide`, headers: staff.headers, payload });
    const denied = await accommodationRequest(c.user.id, `ACD-${c.user.id}`);
    const refused = await decide(denied.id, { outcome: "denied", decision: "Not this time.", extraMinutes: 20 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.extraMinutes).toMatch(/only with an accommodation/);
    expect((await decide(denied.id, { outcome: "granted", decision: "Granted.", extraMinutes: "x" })).statusCode).toBe(
      400,
    );
    const granted = await decide(denied.id, {
      outcome: "granted",
      decision: "Twenty more minutes.",
      extraMinutes: "20",
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().request.extraMinutes).toBe(20);
    const [held] = await t.app.db.select().from(examRegistrations).where(eq(examRegistrations.id, c.reg.id));
    expect(held!.extraMinutes).toBe(20);
    const sitting = (await start(c)).res.json().sitting;
    expect(sitting.clock.minutes).toMatchObject({ accommodation: 20, total: 110 });
    // a voucher bought after the decision carries it too
    const later = await paidOrder(t.app.db, { userId: c.user.id, certId: 1 });
    expect(later.reg.extraMinutes).toBe(20);
  });

  it("declining the agreement forfeits the voucher, and it cannot start afterwards", async () => {
    const c = await candidate();
    const decline = (payload: object) =>
      t.app.inject({ method: "POST", url: `/api/me/exams/${c.reg.id}/decline`, headers: c.headers, payload });
    expect((await decline({})).statusCode).toBe(400);
    const res = await decline({ confirmForfeit: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(EXAM_MESSAGES.declined);
    const [reg] = await t.app.db.select().from(examRegistrations).where(eq(examRegistrations.id, c.reg.id));
    expect(reg!.state).toBe("forfeited");
    expect((await start(c)).res.json().error).toBe("voucher_not_open");
  });

  it("another candidate's voucher is not found", async () => {
    const a = await candidate();
    const b = await candidate();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/me/exams/${a.reg.id}/start`,
      headers: b.headers,
      payload: startBody(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("items and saves", () => {
  it("serves one item without key or rationale, no-store and noindex, options with opaque ids", async () => {
    const { c, res, holderId, id } = await startedSitting();
    const item = await t.app.inject({
      method: "GET",
      url: `/api/me/sittings/${id}/items/1?holderId=${holderId}`,
      headers: c.headers,
    });
    expect(item.statusCode).toBe(200);
    expect(item.headers["cache-control"]).toBe("no-store");
    expect(item.headers["x-robots-tag"]).toBe("noindex");
    const body = item.json();
    expect(body.item.options).toHaveLength(4);
    for (const o of body.item.options) expect(o.id).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(item.body).not.toMatch(/rationale|"key"|by construction|reference/);
    expect(body.clock.deadline).toBe(res.json().sitting.clock.deadline);
  });

  it("parallel saves with shuffled sequence numbers end with the newest, and a replayed journal is idempotent", async () => {
    const { c, holderId, id } = await startedSitting();
    const keys = await keysOf(id);
    const [k] = keys;
    const seqs = [5, 2, 9, 1, 7, 3, 8, 4, 6];
    const answers = await Promise.all(
      seqs.map((seq) =>
        putAnswers(c, id, {
          holderId,
          saves: [{ position: 1, seq, choice: seq === 9 ? k!.key : k!.wrong, flagged: seq === 9, struck: [] }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(seqs.map(() => 200));
    const state = await t.app.inject({
      method: "GET",
      url: `/api/me/sittings/${id}?holderId=${holderId}`,
      headers: c.headers,
    });
    expect(state.json().sitting.positions[0]).toMatchObject({ choice: k!.key, flagged: true, seq: 9 });
    // the same journal replayed: acknowledged, nothing applied
    const replay = await putAnswers(c, id, {
      holderId,
      saves: seqs.map((seq) => ({ position: 1, seq, choice: k!.wrong, flagged: false, struck: [] })),
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().results.every((r: { applied: boolean }) => !r.applied)).toBe(true);
    expect(replay.json().saved[0]).toMatchObject({ choice: k!.key, seq: 9 });
  });

  it("refuses a choice that is not one of the item's options", async () => {
    const { c, holderId, id } = await startedSitting();
    const bad = await putAnswers(c, id, {
      holderId,
      saves: [{ position: 1, seq: 1, choice: "ZZZZZZZZZZ", flagged: false, struck: [] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.choice).toBe(EXAM_MESSAGES.choice);
  });

  it("one holder at a time: a second tab gets held_elsewhere until it takes over, then the first gets taken_over", async () => {
    const { c, holderId, id } = await startedSitting();
    const second = randomUUID();
    const other = await t.app.inject({
      method: "GET",
      url: `/api/me/sittings/${id}?holderId=${second}`,
      headers: c.headers,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: "held_elsewhere", message: EXAM_MESSAGES.heldElsewhere });
    const take = await t.app.inject({
      method: "POST",
      url: `/api/me/sittings/${id}/takeover`,
      headers: c.headers,
      payload: { holderId: second },
    });
    expect(take.statusCode).toBe(200);
    const [k] = await keysOf(id);
    const old = await putAnswers(c, id, {
      holderId,
      saves: [{ position: 1, seq: 1, choice: k!.key, flagged: false, struck: [] }],
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().error).toBe("taken_over");
    const mine = await putAnswers(c, id, {
      holderId: second,
      saves: [{ position: 1, seq: 1, choice: k!.key, flagged: false, struck: [] }],
    });
    expect(mine.statusCode).toBe(200);
  });
});

describe("the clock", () => {
  it("a save in the grace window counts; one after it is refused with attempt_closed and the sitting is scored", async () => {
    const { c, res, holderId, id } = await startedSitting();
    const deadline = res.json().sitting.clock.deadline as number;
    const keys = await keysOf(id);
    const save = (position: number, choice: string) =>
      putAnswers(c, id, { holderId, saves: [{ position, seq: 1, choice, flagged: false, struck: [] }] });
    const before = clockMs;
    clockMs = deadline + SAVE_GRACE_SECONDS * 1000 - 1;
    expect((await save(1, keys[0]!.key)).statusCode).toBe(200);
    clockMs = deadline + SAVE_GRACE_SECONDS * 1000 + 1;
    const late = await save(2, keys[1]!.key);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: "attempt_closed", message: EXAM_MESSAGES.closed });
    const report = await t.app.inject({ method: "GET", url: `/api/me/sittings/${id}/report`, headers: c.headers });
    expect(report.json().report).toMatchObject({ correct: 1, scored: 90, endedBy: "deadline", result: "fail" });
    expect(report.json().report.endedAt).toBe(new Date(deadline).toISOString());
    clockMs = before;
  });

  it("the job closes an overdue sitting with no browser, and items are no longer served", async () => {
    const { c, holderId, id } = await startedSitting();
    advance(91 * 60_000);
    const closed = await closeOverdueSittings(t.app.db, now(), { publicUrl: "http://x" });
    expect(closed).toBeGreaterThanOrEqual(1);
    const [row] = await t.app.db.select().from(examSittings).where(eq(examSittings.id, id));
    expect(row!.status).toBe("expired");
    const item = await t.app.inject({
      method: "GET",
      url: `/api/me/sittings/${id}/items/1?holderId=${holderId}`,
      headers: c.headers,
    });
    expect(item.statusCode).toBe(409);
    expect(item.json().error).toBe("attempt_closed");
  });
});

describe("submit and the report", () => {
  async function sitAll(correct: number, certId = 1) {
    const c = await candidate(certId);
    const { res, holderId } = await start(c);
    const id = res.json().sitting.id;
    const keys = await keysOf(id);
    // 90 saves, one request each, as the exam page sends them
    for (let i = 0; i < keys.length; i++) {
      const r = await putAnswers(c, id, {
        holderId,
        saves: [
          {
            position: i + 1,
            seq: 1,
            choice: i < correct ? keys[i]!.key : keys[i]!.wrong,
            flagged: false,
            struck: [],
          },
        ],
      });
      expect(r.statusCode).toBe(200);
    }
    const submit = await t.app.inject({
      method: "POST",
      url: `/api/me/sittings/${id}/submit`,
      headers: c.headers,
      payload: { holderId },
    });
    return { c, id, submit };
  }

  it("start → 90 saves → submit at 66/90 passes (73 %): certification issued, e-mailed, report by domain", async () => {
    const { c, submit } = await sitAll(66);
    expect(submit.statusCode).toBe(200);
    const { report } = submit.json();
    expect(report).toMatchObject({
      result: "pass",
      correct: 66,
      scored: 90,
      scorePercent: 73,
      passingScore: 73,
      retestOn: null,
    });
    // every domain of the blueprint, in its order
    const blueprint = certificationById(1)!.details!.weights.map((w) => w.title);
    expect(report.domains.map((d: { domain: string }) => d.domain)).toEqual(blueprint);
    expect(report.domains.reduce((n: number, d: { total: number }) => n + d.total, 0)).toBe(90);
    expect(report.appeal).toMatchObject({ route: "/account/requests", hours: 72 });
    const certs = await t.app.db.select().from(certificationsTable).where(eq(certificationsTable.userId, c.user.id));
    expect(certs).toHaveLength(1);
    expect(report.credentialId).toBe(certs[0]!.credentialId);
    const mail = await t.app.db.select().from(outbox).where(eq(outbox.recipient, c.user.email));
    expect(mail.length).toBeGreaterThan(0);
    const results = await t.app.inject({ method: "GET", url: "/api/me/results", headers: c.headers });
    expect(results.json().results[0]).toMatchObject({ result: "pass" });
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/me/sittings/${report.sittingId}/report.pdf`,
      headers: c.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("the report carries the photograph taken at check-in, on the page and in the PDF; without one, none", async () => {
    // a 1×1 PNG, as check-in stores a photo
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
      "base64",
    );
    const c = await candidate();
    await approvedCheckIn(t.app.db, {
      userId: c.user.id,
      registrationId: c.reg.id,
      at: now(),
      photo: { data: png, contentType: "image/png" },
    });
    const { res, holderId } = await start(c);
    const id = res.json().sitting.id;
    const submit = await t.app.inject({
      method: "POST",
      url: `/api/me/sittings/${id}/submit`,
      headers: c.headers,
      payload: { holderId },
    });
    const photoUrl = submit.json().report.photoUrl as string;
    expect(photoUrl).toMatch(/^\/api\/me\/check-ins\/\d+\/files\/\d+$/);
    const read = await t.app.inject({ method: "GET", url: `/api/me/sittings/${id}/report`, headers: c.headers });
    expect(read.json().report.photoUrl).toBe(photoUrl);
    const photo = await t.app.inject({ method: "GET", url: photoUrl, headers: c.headers });
    expect(photo.rawPayload.equals(png)).toBe(true);
    const pdf = await t.app.inject({ method: "GET", url: `/api/me/sittings/${id}/report.pdf`, headers: c.headers });
    expect(pdf.rawPayload.toString("latin1")).toMatch(/\/Subtype \/Image/);

    // a report without a check-in photo (the photos deleted, or none taken) has none, and its PDF no image
    const other = await sitAll(10);
    expect(other.submit.json().report.photoUrl).toBeNull();
    const otherPdf = await t.app.inject({
      method: "GET",
      url: `/api/me/sittings/${other.id}/report.pdf`,
      headers: other.c.headers,
    });
    expect(otherPdf.statusCode).toBe(200);
    expect(otherPdf.rawPayload.toString("latin1")).not.toMatch(/\/Subtype \/Image/);
  });

  it("65/90 fails, shows 72 % (never the passing number) and the retest date 7 days later", async () => {
    const { submit } = await sitAll(65);
    const { report } = submit.json();
    expect(report).toMatchObject({ result: "fail", correct: 65, scorePercent: 72 });
    const taken = new Date(clockMs).toISOString().slice(0, 10);
    expect(report.retestOn).toBe(
      new Date(Date.parse(`${taken}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    );
  });

  it("React delivers 90 items, Styling 12 of its published 13", async () => {
    const c = await candidate(3);
    const { res } = await start(c);
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(examSittings).where(eq(examSittings.id, res.json().sitting.id));
    expect(row!.form).toHaveLength(90);
    expect(row!.form.filter((p) => p.domain === "Styling")).toHaveLength(12);
    expect(row!.form.filter((p) => p.domain === "Rendering and Performance")).toHaveLength(13);
  });

  it("staff see the form with keys and the candidate's answers; a candidate cannot", async () => {
    const { c, id } = await sitAll(10);
    const staff = await accountWithRole(t.app, "staff");
    const res = await t.app.inject({ method: "GET", url: `/api/staff/sittings/${id}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const { sitting } = res.json();
    expect(sitting.form).toHaveLength(90);
    expect(sitting.form.filter((p: { correct: boolean }) => p.correct)).toHaveLength(10);
    expect(sitting.form[0].rationale).toMatch(/by construction/);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/staff/sittings?userId=${c.user.id}`,
      headers: staff.headers,
    });
    expect(list.json().sittings[0].domains).toHaveLength(8);
    const denied = await t.app.inject({ method: "GET", url: `/api/staff/sittings/${id}`, headers: c.headers });
    expect(denied.statusCode).toBe(403);
  });
});

describe("bad input", () => {
  it("arbitrary JSON to start, save, takeover and submit never gives a 5xx, and always our error shape", async () => {
    const fc = (await import("fast-check")).default;
    const { c, holderId, id } = await startedSitting();
    const urls = [
      ["POST", `/api/me/exams/${c.reg.id}/start`],
      ["PUT", `/api/me/sittings/${id}/answers`],
      ["POST", `/api/me/sittings/${id}/takeover`],
      ["POST", `/api/me/sittings/${id}/submit`],
    ] as const;
    const save = fc.record(
      {
        holderId: fc.oneof(fc.constant(holderId), fc.string()),
        saves: fc.array(
          fc.record(
            {
              position: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double(), fc.string()),
              seq: fc.oneof(fc.integer(), fc.double(), fc.constant(null)),
              choice: fc.oneof(fc.constant(null), fc.string(), fc.integer()),
              flagged: fc.oneof(fc.boolean(), fc.string()),
              struck: fc.oneof(fc.array(fc.string()), fc.string()),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 5 },
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), fc.oneof(fc.jsonValue(), save), async ([method, url], payload) => {
        const r = await t.app.inject({ method, url, headers: c.headers, payload: JSON.stringify(payload) ?? "null" });
        expect(r.statusCode, r.body.slice(0, 200)).toBeLessThan(500);
        if (r.statusCode >= 400) expect(typeof r.json().message).toBe("string");
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe("the closing job in a running server", () => {
  it("closes and scores an overdue sitting by itself, with no request from any browser", async () => {
    let ms = Date.parse("2026-11-20T10:00:00.000Z");
    const s = await testAppWithTinyBank(
      ["js"],
      { now: () => new Date(ms), mailWorker: true },
      { EXAM_CLOSE_POLL_MS: "100" },
    );
    try {
      const acc = await accountWithRole(s.app, "candidate", undefined, { confirmed: true });
      const { reg } = await paidOrder(s.app.db, { userId: acc.user.id, certId: 1, purchasedAt: new Date(ms - 60_000) });
      await approvedCheckIn(s.app.db, { userId: acc.user.id, registrationId: reg.id, at: new Date(ms) });
      const res = await s.app.inject({
        method: "POST",
        url: `/api/me/exams/${reg.id}/start`,
        headers: acc.headers,
        payload: startBody(),
      });
      const id = res.json().sitting.id as number;
      ms += 90 * 60_000 + SAVE_GRACE_SECONDS * 1000 + 1;
      let status = "open";
      // the job runs once per 15 s (EXAM_CLOSE_EVERY_MS) across processes; its first turn came at start-up
      for (let i = 0; i < 250 && status === "open"; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await s.app.db.select().from(examSittings).where(eq(examSittings.id, id)))[0]!.status;
      }
      expect(status).toBe("expired");
      const [regAfter] = await s.app.db.select().from(examRegistrations).where(eq(examRegistrations.id, reg.id));
      expect(regAfter!.state).toBe("used");
    } finally {
      await s.close();
    }
  }, 60_000);
});
