import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCONNECT_SECONDS, FRAME_MIN_INTERVAL_SECONDS, RETURN_WINDOW_MINUTES } from "../../app/data/proctoring";
import { PROCTOR_MESSAGES } from "../../app/schemas/proctoring";
import { auditLog, examAttempts, examRegistrations, examSittings } from "../db/schema";
import { testAppWithTinyBank } from "../testing/bank";
import { accountWithRole, inviteStaff } from "../testing/accounts";
import { mailsTo, type TestContext } from "../testing/helpers";
import { approvedCheckIn, paidOrder } from "../testing/records";
import { watchSessions } from "./sessions";

/** A fake clock the app reads: tests move it. */
let clockMs = Date.parse("2026-11-20T10:00:00.000Z");
const now = () => new Date(clockMs);
const advance = (ms: number) => (clockMs += ms);

let t: TestContext;
let proctor: Awaited<ReturnType<typeof accountWithRole>>;
beforeAll(async () => {
  t = await testAppWithTinyBank(["js"], { now });
  proctor = await accountWithRole(t.app, "proctor", undefined, { confirmed: true });
}, 60_000);
afterAll(() => t.close());

/** A candidate with a started exam: the sitting's id and the tab's holder id. */
async function sittingOf() {
  const c = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
  const { reg } = await paidOrder(t.app.db, { userId: c.user.id, certId: 1, purchasedAt: new Date(clockMs - 60_000) });
  await approvedCheckIn(t.app.db, { userId: c.user.id, registrationId: reg.id, at: now() });
  const holderId = randomUUID();
  const res = await t.app.inject({
    method: "POST",
    url: `/api/me/exams/${reg.id}/start`,
    headers: c.headers,
    payload: { acceptAgreement: true, nameMatchesId: true, country: "US", holderId },
  });
  expect(res.statusCode).toBe(201);
  return { ...c, reg, holderId, id: res.json().sitting.id as number };
}
type Candidate = Awaited<ReturnType<typeof sittingOf>>;

const act = (id: number, action: string, payload: object = {}, headers: Record<string, string> = proctor.headers) =>
  t.app.inject({ method: "POST", url: `/api/staff/proctoring/sessions/${id}/${action}`, headers, payload });
const beat = (c: Candidate, afterMessageId = 0) =>
  t.app.inject({
    method: "POST",
    url: `/api/me/sittings/${c.id}/heartbeat`,
    headers: c.headers,
    payload: { holderId: c.holderId, afterMessageId },
  });
const live = async (id: number) => {
  const res = await t.app.inject({ method: "GET", url: "/api/staff/proctoring/sessions", headers: proctor.headers });
  expect(res.statusCode).toBe(200);
  return res.json().sessions.find((s: { id: number }) => s.id === id);
};
const audits = (id: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "exam_sitting"), eq(auditLog.entityId, String(id))));

// a 1×1 JPEG's first bytes are enough for the type check; the proctor's view serves them back as they came
const JPEG =
  "data:image/jpeg;base64," + Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]).toString("base64");

describe("who reaches the proctoring API", () => {
  it("refuses guests (401) and candidates (403); lets proctors, staff and admins in", async () => {
    const url = "/api/staff/proctoring/sessions";
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    const cand = await accountWithRole(t.app, "candidate");
    expect((await t.app.inject({ method: "GET", url, headers: cand.headers })).statusCode).toBe(403);
    for (const role of ["proctor", "staff", "admin"] as const) {
      const a = await accountWithRole(t.app, role);
      expect((await t.app.inject({ method: "GET", url, headers: a.headers })).statusCode).toBe(200);
    }
    // a candidate cannot act on a session either
    const c = await sittingOf();
    expect((await act(c.id, "pause", {}, cand.headers)).statusCode).toBe(403);
    expect((await act(c.id, "pause", {}, {})).statusCode).toBe(401);
  });

  it("keeps a proctor out of every other staff page's API", async () => {
    for (const url of ["/api/staff/candidates", "/api/staff/orders", "/api/staff/sittings", "/api/staff/members"]) {
      const res = await t.app.inject({ method: "GET", url, headers: proctor.headers });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it("lets an admin invite a proctor", async () => {
    const admin = await accountWithRole(t.app, "admin");
    const res = await inviteStaff(t.app, admin.headers, "new.proctor@example.com", "proctor");
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation.role).toBe("proctor");
  });
});

describe("the live view and the proctor's actions", () => {
  it("lists an open session with last seen, the question reached, answers saved and time left", async () => {
    const c = await sittingOf();
    let s = await live(c.id);
    expect(s).toMatchObject({ connection: "waiting", lastSeenAt: null, position: 1, answered: 0, itemCount: 90 });
    expect(s.clock.remainingMs).toBe(90 * 60_000);
    expect((await beat(c)).statusCode).toBe(200);
    const item = await t.app.inject({
      method: "GET",
      url: `/api/me/sittings/${c.id}/items/3?holderId=${c.holderId}`,
      headers: c.headers,
    });
    const choice = item.json().item.options[0].id;
    await t.app.inject({
      method: "PUT",
      url: `/api/me/sittings/${c.id}/answers`,
      headers: c.headers,
      payload: { holderId: c.holderId, saves: [{ position: 3, seq: 1, choice, flagged: false, struck: [] }] },
    });
    advance(60_000);
    s = await live(c.id);
    expect(s).toMatchObject({ connection: "connected", position: 3, answered: 1 });
    expect(s.lastSeenAt).toBe(new Date(clockMs - 60_000).toISOString());
    expect(s.clock.remainingMs).toBe(89 * 60_000);
  });

  it("pauses and resumes: the clock stands still in between and the candidate sees both", async () => {
    const c = await sittingOf();
    advance(10 * 60_000);
    const paused = await act(c.id, "pause");
    expect(paused.statusCode).toBe(200);
    expect(paused.json().session.clock).toMatchObject({ paused: true, remainingMs: 80 * 60_000, deadline: null });
    expect((await act(c.id, "pause")).json().error).toBe("already_paused");
    advance(5 * 60_000);
    const seen = (await beat(c)).json();
    expect(seen.clock).toMatchObject({ paused: true, remainingMs: 80 * 60_000 });
    const resumed = await act(c.id, "resume");
    expect(resumed.json().session.clock).toMatchObject({ paused: false, remainingMs: 80 * 60_000 });
    expect(resumed.json().session.clock.deadline).toBe(clockMs + 80 * 60_000);
    expect((await act(c.id, "resume")).json().error).toBe("not_paused");
    const actions = (await audits(c.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["sitting.pause", "sitting.resume"]));
  });

  it("adds time with a reason; the candidate's clock shows it", async () => {
    const c = await sittingOf();
    const bad = await act(c.id, "add-time", { minutes: 0, reason: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.minutes).toBe(PROCTOR_MESSAGES.minutes);
    expect((await act(c.id, "add-time", { minutes: 10, reason: "  " })).json().fields.reason).toBe(
      PROCTOR_MESSAGES.addTimeReason,
    );
    const res = await act(c.id, "add-time", { minutes: 10, reason: "The proctor's check took ten minutes." });
    expect(res.statusCode).toBe(200);
    const seen = (await beat(c)).json();
    expect(seen.clock.minutes).toMatchObject({ added: 10, total: 100 });
    expect(seen.clock.remainingMs).toBe(100 * 60_000);
    const [row] = (await audits(c.id)).filter((a) => a.action === "sitting.add_time");
    expect(row).toMatchObject({
      actorId: proctor.user.id,
      actorRole: "proctor",
      reason: "The proctor's check took ten minutes.",
    });
  });

  it("sends a message the page receives once, and keeps incident reports", async () => {
    const c = await sittingOf();
    expect((await act(c.id, "message", { text: "" })).json().fields.text).toBe(PROCTOR_MESSAGES.message);
    await act(c.id, "message", { text: "Please move your phone out of reach." });
    const first = (await beat(c)).json();
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0].text).toBe("Please move your phone out of reach.");
    expect((await beat(c, first.messages[0].id)).json().messages).toHaveLength(0);
    const inc = await act(c.id, "incident", { text: "A second voice was heard at 10:20." });
    expect(inc.json().session.incidents).toBe(1);
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/staff/proctoring/sessions/${c.id}`,
      headers: proctor.headers,
    });
    expect(detail.json().session.events.map((e: { kind: string }) => e.kind)).toEqual(["incident", "message"]);
    expect((await audits(c.id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(["sitting.message", "sitting.incident"]),
    );
  });
});

describe("ending an exam", () => {
  it("as indeterminate: no score, a free retake voucher, an e-mail with the reason and the appeal route", async () => {
    const c = await sittingOf();
    expect((await act(c.id, "end", { outcome: "fail", reason: "x" })).json().fields.outcome).toBe(
      PROCTOR_MESSAGES.outcome,
    );
    const res = await act(c.id, "end", { outcome: "indeterminate", reason: "The candidate's camera failed." });
    expect(res.statusCode).toBe(200);
    const voucher = res.json().ended.freeRetakeVoucher;
    expect(voucher).toMatch(/^V-/);
    const regs = await t.app.db.select().from(examRegistrations).where(eq(examRegistrations.userId, c.user.id));
    expect(regs.find((r) => r.voucherCode === voucher)).toMatchObject({ source: "free_retake", state: "paid" });
    const [attempt] = await t.app.db.select().from(examAttempts).where(eq(examAttempts.userId, c.user.id));
    expect(attempt).toMatchObject({ result: "indeterminate", scorePercent: null });
    const [mail] = await mailsTo(t.app, c.user.email, "exam-ended");
    expect(mail!.data).toMatchObject({
      outcome: "indeterminate",
      reason: "The candidate's camera failed.",
      freeRetakeVoucher: voucher,
    });
    // one notice: the result's own e-mail is not sent besides it
    expect(await mailsTo(t.app, c.user.email, "result-recorded")).toHaveLength(0);
    // the page learns it ended; the report explains there is no score
    expect((await beat(c)).json().status).toBe("ended");
    const report = await t.app.inject({ method: "GET", url: `/api/me/sittings/${c.id}/report`, headers: c.headers });
    expect(report.statusCode).toBe(409);
    expect(report.json().error).toBe("attempt_ended");
    expect(report.json().message).toContain("The candidate's camera failed.");
    expect((await act(c.id, "pause")).statusCode).toBe(409);
    expect((await audits(c.id)).find((a) => a.action === "sitting.end")).toMatchObject({
      reason: "The candidate's camera failed.",
      toState: "ended",
    });
  });

  it("as a suspected violation: no result, a notice with the appeal route, and the decision appealable", async () => {
    const c = await sittingOf();
    const res = await act(c.id, "end", { outcome: "violation", reason: "Another person answered the questions." });
    expect(res.json().ended).toMatchObject({ outcome: "violation", freeRetakeVoucher: null });
    expect(await t.app.db.select().from(examAttempts).where(eq(examAttempts.userId, c.user.id))).toHaveLength(0);
    const [mail] = await mailsTo(t.app, c.user.email, "exam-ended");
    expect(mail!.data).toMatchObject({ outcome: "violation" });
    expect(Date.parse(String(mail!.data.appealBy))).toBe(clockMs + 72 * 3600_000);
    const mine = await t.app.inject({ method: "GET", url: "/api/me/requests", headers: c.headers });
    expect(mine.json().appealable).toContainEqual(
      expect.objectContaining({ value: `sitting:${c.id}`, label: expect.stringContaining("suspected violation") }),
    );
  });
});

describe("the heartbeat, disconnections and camera frames", () => {
  it(`pauses a session silent for ${DISCONNECT_SECONDS} s from its last heartbeat and resumes it with the same time`, async () => {
    const c = await sittingOf();
    advance(20 * 60_000);
    await beat(c); // 70 minutes left
    advance(5 * 60_000); // the page is gone for five minutes
    const s = await live(c.id);
    expect(s).toMatchObject({ connection: "disconnected", pausedBy: "disconnect" });
    expect(s.clock).toMatchObject({ paused: true, remainingMs: 70 * 60_000 });
    const back = (await beat(c)).json();
    expect(back.clock).toMatchObject({ paused: false, remainingMs: 70 * 60_000 });
    expect((await live(c.id)).connection).toBe("connected");
    expect((await audits(c.id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(["sitting.disconnect", "sitting.reconnect"]),
    );
  });

  it(`ends a session gone for over ${RETURN_WINDOW_MINUTES} minutes as indeterminate with a free retake, never a fail`, async () => {
    const c = await sittingOf();
    await beat(c);
    advance((RETURN_WINDOW_MINUTES + 2) * 60_000);
    await watchSessions(t.app.db, now(), { publicUrl: "http://localhost" });
    const [row] = await t.app.db.select().from(examSittings).where(eq(examSittings.id, c.id));
    expect(row).toMatchObject({ status: "ended", endOutcome: "no_return", endedBy: "system" });
    const [attempt] = await t.app.db.select().from(examAttempts).where(eq(examAttempts.userId, c.user.id));
    expect(attempt!.result).toBe("indeterminate");
    const [mail] = await mailsTo(t.app, c.user.email, "exam-ended");
    expect(mail!.data.freeRetakeVoucher).toMatch(/^V-/);
  });

  it("keeps camera frames for the proctor only, refusing anything but a JPEG", async () => {
    const c = await sittingOf();
    const url = `/api/me/sittings/${c.id}/frames`;
    const bad = await t.app.inject({
      method: "POST",
      url,
      headers: c.headers,
      payload: { holderId: c.holderId, image: "data:image/png;base64,iVBORw0KGgo=" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.image).toBe(PROCTOR_MESSAGES.frame);
    const res = await t.app.inject({
      method: "POST",
      url,
      headers: c.headers,
      payload: { holderId: c.holderId, image: JPEG },
    });
    expect(res.statusCode).toBe(201);
    const s = await live(c.id);
    expect(s.latestFrame.id).toBe(res.json().id);
    const img = await t.app.inject({
      method: "GET",
      url: `/api/staff/proctoring/frames/${s.latestFrame.id}`,
      headers: proctor.headers,
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/jpeg");
    expect(img.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const asCandidate = await t.app.inject({
      method: "GET",
      url: `/api/staff/proctoring/frames/${s.latestFrame.id}`,
      headers: c.headers,
    });
    expect(asCandidate.statusCode).toBe(403);
    // another tab's id is refused
    const other = await t.app.inject({
      method: "POST",
      url,
      headers: c.headers,
      payload: { holderId: randomUUID(), image: JPEG },
    });
    expect(other.statusCode).toBe(409);
  });

  it(`keeps at most one frame per ${FRAME_MIN_INTERVAL_SECONDS} s per sitting: of parallel uploads one is kept, the rest get 429 with Retry-After`, async () => {
    const c = await sittingOf();
    const upload = () =>
      t.app.inject({
        method: "POST",
        url: `/api/me/sittings/${c.id}/frames`,
        headers: c.headers,
        payload: { holderId: c.holderId, image: JPEG },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, upload));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(7).fill(429)]);
    for (const r of answers.filter((x) => x.statusCode === 429)) {
      expect(r.json()).toMatchObject({ error: "frame_too_soon", message: PROCTOR_MESSAGES.frameTooSoon });
      expect(Number(r.headers["retry-after"])).toBe(FRAME_MIN_INTERVAL_SECONDS);
    }
    expect((await live(c.id)).frames).toBe(1);
    // another sitting is not held back by this one
    const d = await sittingOf();
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/me/sittings/${d.id}/frames`,
          headers: d.headers,
          payload: { holderId: d.holderId, image: JPEG },
        })
      ).statusCode,
    ).toBe(201);
    advance(FRAME_MIN_INTERVAL_SECONDS * 1000 - 1000);
    const early = await upload();
    expect(early.statusCode).toBe(429);
    expect(early.headers["retry-after"]).toBe("1");
    advance(1000);
    expect((await upload()).statusCode).toBe(201);
    expect((await live(c.id)).frames).toBe(2);
  });
});
