import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SYSTEM } from "../audit/audit";
import { composeMail } from "../mail/compose";
import { submitCertificationAppeal, submitDatedRequest } from "./requests";
import { recordResult } from "../results/results";
import { addDays, addHours, dayStart, isoDay } from "../credentials/state";
import { auditLog, examAttempts, outbox, requests, users } from "../db/schema";
import { postOptions, signUpAndLogIn, testAppForFile } from "../testing/helpers";
import { cardPayload, orderPayload } from "../testing/order-payload";

const t = testAppForFile({ orderRateMax: 1000 });

const PASSWORD = "Str0ng!Passw0rd";
let n = 0;
async function account() {
  const email = `req${++n}@example.com`;
  const ip = `10.2.0.${n}`;
  const certUser = { firstName: "Ravi", lastName: "Shah", email, password: PASSWORD };
  const token = await signUpAndLogIn(t.app, certUser, { remoteAddress: ip });
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return { email, id: u!.id, headers: { authorization: `Bearer ${token}` } };
}
const post = async (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject(await postOptions(url, payload, headers));
const pdf = { name: "letter.pdf", data: Buffer.from("%PDF-1.4\n% doctor's letter\n").toString("base64") };
const details = "I need extra time because of a documented condition.";
const today = () => isoDay(new Date());

/** Buys exam 1 through the API and records a failing result for it; answers the attempt. */
async function failedAttempt(me: Awaited<ReturnType<typeof account>>) {
  const tok = await t.app.inject({ method: "POST", url: "/test-gateway/tokens", payload: cardPayload() });
  const order = await post(
    "/api/orders",
    me.headers,
    orderPayload({ FirstName: "Ravi", LastName: "Shah", Email: me.email, paymentToken: tok.json().token }),
  );
  expect(order.statusCode).toBe(201);
  const { attempt } = await recordResult(t.database.db, {
    voucherCode: order.json().order.voucherCode,
    takenOn: today(),
    scorePercent: 40,
    actor: SYSTEM,
    publicUrl: "https://x.example",
  });
  return attempt;
}

describe("special accommodation requests", () => {
  it("at least 20 days before registering: the day before the limit is refused, the limit accepted; acknowledged at once; purchase waits", async () => {
    const me = await account();
    const earliest = isoDay(addDays(new Date(), 20));
    const body = { certId: 2, plannedRegistrationOn: isoDay(addDays(new Date(), 19)), details, documents: [pdf] };
    const early = await post("/api/me/requests/accommodation", me.headers, body);
    expect(early.statusCode).toBe(400);
    expect(early.json().fields.plannedRegistrationOn).toBe(
      `Ask at least 20 days before you register: choose a registration date on or after ${earliest}.`,
    );
    const noDocs = await post("/api/me/requests/accommodation", me.headers, { ...body, documents: [] });
    expect(noDocs.statusCode).toBe(400);
    expect(noDocs.json().fields.documents).toContain("Attach at least one supporting document");
    const disguised = await post("/api/me/requests/accommodation", me.headers, {
      ...body,
      plannedRegistrationOn: earliest,
      documents: [{ name: "x.pdf", data: Buffer.from("<script>").toString("base64") }],
    });
    expect(disguised.statusCode).toBe(400);

    const ok = await post("/api/me/requests/accommodation", me.headers, { ...body, plannedRegistrationOn: earliest });
    expect(ok.statusCode).toBe(201);
    const req = ok.json().request;
    expect(req.reference).toMatch(/^ACC-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(Date.parse(req.dueAt) - Date.parse(req.submittedAt)).toBe(7 * 86400_000);
    expect(req).toMatchObject({ kind: "accommodation", state: "open", documents: 1, plannedRegistrationOn: earliest });
    expect(ok.json().message).toContain(req.reference);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, me.email), eq(outbox.template, "request-received")));
    expect(mail!.data).toMatchObject({
      reference: req.reference,
      waitsForDecision: true,
      dueBy: isoDay(new Date(req.dueAt)),
    });
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "request.submit"));
    expect(logged.some((l) => l.actorId === me.id)).toBe(true);

    // buying that exam waits for the decision; a second request for it is refused
    const eligibility = (
      await t.app.inject({ method: "GET", url: "/api/exams/2/eligibility", headers: me.headers })
    ).json();
    expect(eligibility).toMatchObject({
      allowed: false,
      code: "accommodation_pending",
      availableOn: isoDay(new Date(req.dueAt)),
    });
    expect(
      (await post("/api/me/requests/accommodation", me.headers, { ...body, plannedRegistrationOn: earliest }))
        .statusCode,
    ).toBe(409);
    const list = (await t.app.inject({ method: "GET", url: "/api/me/requests", headers: me.headers })).json();
    expect(list.requests.map((r: { reference: string }) => r.reference)).toEqual([req.reference]);
    // another account sees none of it
    const other = await account();
    expect(
      (await t.app.inject({ method: "GET", url: "/api/me/requests", headers: other.headers })).json().requests,
    ).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/me/requests" })).statusCode).toBe(401);
  });
});

describe("appeals of a certification decision: within 72 hours", () => {
  it("accepts an appeal 1 second before the 72 hours end and refuses it at the end, with the reason", async () => {
    const me = await account();
    const attempt = await failedAttempt(me);
    const decidedAt = attempt.recordedAt;
    const list = (await t.app.inject({ method: "GET", url: "/api/me/requests", headers: me.headers })).json();
    expect(list.appealable[0]).toMatchObject({ value: `result:${attempt.id}`, open: true });
    expect(Date.parse(list.appealable[0].appealBy) - decidedAt.getTime()).toBe(72 * 3600_000);

    const base = { userId: me.id, actor: { id: me.id, role: "candidate" }, publicUrl: "https://x.example", details };
    await expect(
      submitCertificationAppeal(t.database.db, {
        ...base,
        decision: `result:${attempt.id}`,
        now: addHours(decidedAt, 72),
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: "appeal_window_closed",
      message: expect.stringContaining("An appeal must be submitted within 72 hours of the decision"),
    });
    const row = await submitCertificationAppeal(t.database.db, {
      ...base,
      decision: `result:${attempt.id}`,
      now: new Date(addHours(decidedAt, 72).getTime() - 1000),
    });
    expect(row.reference).toMatch(/^APL-/);
    expect(row.dueAt.getTime() - row.submittedAt.getTime()).toBe(72 * 3600_000);
    // through the API: a decision that is not the candidate's own is refused as unknown
    const other = await account();
    const foreign = await post("/api/me/requests/certification-appeal", other.headers, {
      decision: `result:${attempt.id}`,
      details,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.decision).toBe("Choose the decision you appeal.");
  });

  it("the API refuses a late appeal with the policy's reason", async () => {
    const me = await account();
    const attempt = await failedAttempt(me);
    await t.database.db
      .update(examAttempts)
      .set({ recordedAt: new Date(Date.now() - 72 * 3600_000 - 5000) })
      .where(eq(examAttempts.id, attempt.id));
    const res = await post("/api/me/requests/certification-appeal", me.headers, {
      decision: `result:${attempt.id}`,
      details,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^An appeal must be submitted within 72 hours of the decision \(appeal process policy\)/,
    );
    expect(await t.database.db.select().from(requests).where(eq(requests.userId, me.id))).toHaveLength(0);
  });
});

describe("sanction appeals and complaints: within 30 days", () => {
  for (const kind of ["sanction_appeal", "complaint"] as const) {
    it(`${kind}: the 30th day after the date is the last accepted; the 31st is refused`, async () => {
      const me = await account();
      const base = {
        userId: me.id,
        actor: { id: me.id, role: "candidate" },
        publicUrl: "https://x.example",
        kind,
        subject: "Exam bar of 12 months",
        eventOn: "2026-10-01",
        details,
      };
      const lastDay = "2026-10-31";
      const row = await submitDatedRequest(t.database.db, { ...base, now: new Date(`${lastDay}T23:59:59Z`) });
      expect(row.reference).toMatch(kind === "complaint" ? /^CMP-/ : /^SAN-/);
      const [ack] = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, me.email), eq(outbox.template, "request-received")));
      const mail = await composeMail({ to: me.email, template: ack!.template, data: ack!.data }, "https://x.example");
      expect(mail.subject).toBe(
        `We received your ${kind === "complaint" ? "complaint" : "Code of Ethics sanction appeal"} (${row.reference})`,
      );
      expect(mail.text).toContain(`Decision due by`);
      expect(row.dueAt.toISOString()).toBe(addDays(new Date(`${lastDay}T23:59:59Z`), 30).toISOString());
      await expect(
        submitDatedRequest(t.database.db, { ...base, now: addDays(dayStart(lastDay), 1) }),
      ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining(`the last day was ${lastDay}`) });
    });
  }

  it("through the API: a complaint about today is acknowledged; a future date is a field error", async () => {
    const me = await account();
    const ok = await post("/api/me/requests/complaint", me.headers, {
      subject: "Proctor was late",
      eventOn: today(),
      details,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().request).toMatchObject({ kind: "complaint", state: "open" });
    const future = await post("/api/me/requests/sanction-appeal", me.headers, {
      subject: "Sanction",
      eventOn: isoDay(addDays(new Date(), 2)),
      details,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields.eventOn).toBe("Enter the date of the notification (not in the future).");
    const bad = await post("/api/me/requests/complaint", me.headers, {
      subject: "",
      eventOn: "yesterday",
      details: "short",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["details", "eventOn", "subject"]);
    // a day that does not exist is a field error, never a database error
    for (const eventOn of ["2026-02-30", "0000-01-01"]) {
      const res = await post("/api/me/requests/complaint", me.headers, { subject: "x", eventOn, details });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.eventOn).toBe("Enter the date (not in the future).");
    }
    const feb30 = await post("/api/me/requests/accommodation", me.headers, {
      certId: 1,
      plannedRegistrationOn: "2099-02-30",
      details,
      documents: [pdf],
    });
    expect(feb30.statusCode).toBe(400);
    expect(feb30.json().fields.plannedRegistrationOn).toBe("Enter the date you plan to register.");
  });
});
