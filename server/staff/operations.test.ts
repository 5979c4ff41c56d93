import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESULT_MESSAGES } from "../../app/schemas/staff";
import { SYSTEM } from "../audit/audit";
import { recordResult } from "../results/results";
import { auditLog, ceActivities, certificationsTable, orders, outbox, requests, users } from "../db/schema";
import { refundableCount } from "../orders/staff-orders";
import { accountWithRole } from "../testing/accounts";
import { evidenceFile, paidOrder as paidOrderRecord } from "../testing/records";
import { postOptions, testApp, type TestContext } from "../testing/helpers";

/** The console's operations (issue 19.4-19.6): orders and refunds, candidates, results, certifications, queues. */
let t: TestContext;
let staff: Awaited<ReturnType<typeof accountWithRole>>;
let candidate: Awaited<ReturnType<typeof accountWithRole>>;
beforeAll(async () => {
  t = await testApp({}, { PUBLIC_URL: "https://citb.example" });
  staff = await accountWithRole(t.app, "staff", "desk@example.com");
  candidate = await accountWithRole(t.app, "candidate", "ada@example.com", { confirmed: true });
}, 60_000);
afterAll(() => t.close());

const HOUR = 3600_000;
const today = () => new Date().toISOString().slice(0, 10);
const api = (method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: staff.headers, ...(payload === undefined ? {} : { payload }) });
const mailsTo = (to: string, template: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.template, template)));
const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

/** A paid order with its voucher, bought `hoursAgo` hours ago. */
const paidOrder = (hoursAgo: number, certId = 1) =>
  paidOrderRecord(t.database.db, {
    userId: candidate.user.id,
    certId,
    purchasedAt: new Date(Date.now() - hoursAgo * HOUR),
  });

/** The candidate's pass (95 %) of the first exam, bought an hour ago, recorded today (the result and its certification). */
async function passedExam() {
  const { reg } = await paidOrder(1, 1);
  return recordResult(t.database.db, {
    voucherCode: reg.voucherCode,
    takenOn: today(),
    scorePercent: 95,
    actor: SYSTEM,
    publicUrl: "https://citb.example",
  });
}

describe("orders and refunds", () => {
  it("lists orders with search and status filters, each with its voucher and refund deadline", async () => {
    const recent = await paidOrder(2);
    const old = await paidOrder(30);
    const res = await api("GET", `/api/staff/orders?q=${recent.order.reference}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
    expect(res.json().orders[0]).toMatchObject({
      reference: recent.order.reference,
      voucherCode: recent.reg.voucherCode,
      registrationState: "paid",
      card: "visa ending 4242",
    });
    expect(res.json().orders[0].refundableUntil).not.toBeNull();
    const byVoucher = (await api("GET", `/api/staff/orders?q=${old.reg.voucherCode}`)).json();
    expect(byVoucher.orders[0]).toMatchObject({ reference: old.order.reference, refundableUntil: null });
    const refunded = (await api("GET", "/api/staff/orders?status=refunded")).json();
    expect(refunded.total).toBe(0);
    expect((await api("GET", "/api/staff/orders?status=lost")).statusCode).toBe(400);
  });

  it("pages and sorts on the server: page and pageSize give one page and the total of every match", async () => {
    const made = [await paidOrder(5, 1), await paidOrder(6, 2), await paidOrder(7, 3)];
    await t.database.db.update(orders).set({ priceCents: 100 }).where(eq(orders.id, made[1]!.order.id));
    const all = (await api("GET", "/api/staff/orders?pageSize=100")).json();
    const first = (await api("GET", "/api/staff/orders?pageSize=2&page=1")).json();
    const second = (await api("GET", "/api/staff/orders?pageSize=2&page=2")).json();
    expect(first.total).toBe(all.total);
    expect(second.total).toBe(all.total);
    expect(first.orders).toHaveLength(2);
    expect([...first.orders, ...second.orders].map((o: { id: number }) => o.id)).toEqual(
      all.orders.slice(0, 4).map((o: { id: number }) => o.id),
    );
    const cheapest = (await api("GET", "/api/staff/orders?sort=priceCents&pageSize=1")).json();
    expect(cheapest.orders[0].reference).toBe(made[1]!.order.reference);
    const byRef = (await api("GET", "/api/staff/orders?sort=-reference&pageSize=100")).json();
    const refs = byRef.orders.map((o: { reference: string }) => o.reference);
    expect(refs).toEqual([...refs].sort().reverse());
    expect((await api("GET", "/api/staff/orders?pageSize=101")).statusCode).toBe(400);
    expect((await api("GET", "/api/staff/orders?sort=gatewayRef")).statusCode).toBe(400);
  });

  it("refunds within 24 hours of purchase through the gateway and refuses later, with the policy's reason", async () => {
    const recent = await paidOrder(3);
    const res = await api("POST", `/api/staff/orders/${recent.order.id}/refund`);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: "refunded",
      registrationState: "cancelled",
      refundableUntil: null,
    });
    expect(res.json().message).toContain("5-7 business days");
    const [entry] = (await auditOf("registration.cancel")).filter((a) => a.entityId === String(recent.reg.id));
    expect(entry).toMatchObject({ actorId: staff.user.id, actorRole: "staff", toState: "cancelled" });
    const again = await api("POST", `/api/staff/orders/${recent.order.id}/refund`);
    expect(again.statusCode).toBe(409);

    const old = await paidOrder(25);
    const late = await api("POST", `/api/staff/orders/${old.order.id}/refund`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain("only within 24 hours of purchase");
    expect((await api("POST", "/api/staff/orders/999999/refund")).statusCode).toBe(404);
  });
  it("the dashboard counts the orders still refundable in SQL: paid, voucher unused, inside the 24 hours", async () => {
    await paidOrder(1);
    await paidOrder(23.5);
    await paidOrder(24.5);
    const paid = (await api("GET", "/api/staff/orders?status=paid&pageSize=100")).json();
    const expected = paid.orders.filter((o: { refundableUntil: string | null }) => o.refundableUntil).length;
    expect(expected).toBeGreaterThanOrEqual(2);
    expect((await api("GET", "/api/staff/dashboard")).json().refundableOrders).toBe(expected);
    // an hour later the 23.5-hour-old order has left the window
    expect(await refundableCount(t.database.db, new Date(Date.now() + HOUR))).toBe(expected - 1);
    expect(await refundableCount(t.database.db, new Date(Date.now() + 25 * HOUR))).toBe(0);
  });
});

describe("results and certifications", () => {
  it("records a pass for a voucher: the certification is issued at once, mailed, verifiable and on the candidate page", async () => {
    const { reg } = await paidOrder(1);
    const res = await api("POST", "/api/staff/results", {
      voucherCode: reg.voucherCode,
      takenOn: today(),
      scorePercent: 88,
    });
    expect(res.statusCode).toBe(201);
    const { recorded } = res.json();
    expect(recorded).toMatchObject({ result: "pass", candidate: "Test candidate", freeRetakeVoucher: null });
    expect(recorded.credentialId).toBeTruthy();
    const [mail] = await mailsTo("ada@example.com", "certificate-issued");
    expect(mail!.data).toMatchObject({ credentialId: recorded.credentialId });
    const verify = await t.app.inject({
      method: "GET",
      url: `/api/verify/${recorded.credentialId}?lastName=candidate`,
    });
    expect(verify.statusCode).toBe(200);
    expect((await auditOf("attempt.record")).at(-1)).toMatchObject({ actorId: staff.user.id });

    const page = (await api("GET", `/api/staff/candidates/${candidate.user.id}`)).json();
    expect(page.profile.email).toBe("ada@example.com");
    expect(page.certifications.map((c: { credentialId: string }) => c.credentialId)).toContain(recorded.credentialId);
    expect(page.attempts[0]).toMatchObject({ result: "pass", scorePercent: 88 });
    expect(page.orders.length).toBeGreaterThan(0);
    expect(page.vouchers.find((v: { voucherCode: string }) => v.voucherCode === reg.voucherCode).state).toBe("used");

    const again = await api("POST", "/api/staff/results", {
      voucherCode: reg.voucherCode,
      takenOn: today(),
      scorePercent: 88,
    });
    expect(again.statusCode).toBe(409);
  });

  it("an indeterminate score offers the free retake; bad input gets a field message", async () => {
    const { reg } = await paidOrder(1, 2);
    const res = await api("POST", "/api/staff/results", {
      voucherCode: reg.voucherCode,
      takenOn: today(),
      indeterminate: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().recorded).toMatchObject({ result: "indeterminate", credentialId: null });
    expect(res.json().recorded.freeRetakeVoucher).toMatch(/^V-/);
    const noScore = await api("POST", "/api/staff/results", { voucherCode: "V-NONE", takenOn: today() });
    expect(noScore.statusCode).toBe(400);
    expect(noScore.json().fields.scorePercent).toBe("Enter a score from 0 to 100.");
    const badDate = await api("POST", "/api/staff/results", {
      voucherCode: "V-NONE",
      takenOn: "23/11/2026",
      scorePercent: 5,
    });
    expect(badDate.json().fields.takenOn).toBe("Enter the exam date as 2026-01-31.");
    const unknown = await api("POST", "/api/staff/results", {
      voucherCode: "V-NONE",
      takenOn: today(),
      scorePercent: 5,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("imports a CSV: a preview with per-row errors stores nothing; a clean file commits every row", async () => {
    const a = await paidOrder(1, 3);
    const b = await paidOrder(1, 4);
    const bad = [
      "voucher,date,score",
      `${a.reg.voucherCode},${today()},91`,
      `${a.reg.voucherCode},${today()},91`,
      "V-NOPE-NOPE-NOPE-NOPE,2026-01-01,50",
      `${b.reg.voucherCode},2999-01-01,50`,
      `${b.reg.voucherCode.toLowerCase()},${today()},140`,
    ].join("\n");
    const preview = await api("POST", "/api/staff/results/import", { csv: bad, commit: true });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.errors).toBe(4);
    expect(body.committed).toEqual([]);
    expect(body.rows.map((r: { line: number; error: string | null }) => [r.line, r.error])).toEqual([
      [2, null],
      [3, "This voucher appears on an earlier row of the file."],
      [4, "No exam registration has this voucher code."],
      [5, "The exam date cannot be in the future."],
      // every error of a row is reported, not only the first (issue 25.20)
      [6, `This voucher appears on an earlier row of the file. ${RESULT_MESSAGES.score}`],
    ]);
    expect(body.rows[0]).toMatchObject({ outcome: "pass", candidate: "Test candidate" });

    const header = await api("POST", "/api/staff/results/import", { csv: "a,b\n1,2", commit: false });
    expect(header.statusCode).toBe(400);
    expect(header.json().fields.csv).toBe("The first line must be the header: voucher,date,score");

    const good = [
      "voucher,date,score",
      `${a.reg.voucherCode},${today()},91`,
      `"${b.reg.voucherCode}",${today()},indeterminate`,
    ].join("\r\n");
    const checked = (await api("POST", "/api/staff/results/import", { csv: good, commit: false })).json();
    expect(checked).toMatchObject({ errors: 0, committed: [] });
    const done = (await api("POST", "/api/staff/results/import", { csv: good, commit: true })).json();
    expect(done.committed.map((r: { result: string }) => r.result)).toEqual(["pass", "indeterminate"]);
  });

  it("invalidates a certification with a reason and mails the holder the 72-hour appeal deadline", async () => {
    const out = await passedExam();
    const id = out.certification!.id;
    const empty = await api("POST", `/api/staff/certifications/${id}/invalidate`, { reason: "  " });
    expect(empty.json().fields.reason).toBe("Please give the reason for invalidating the certification.");
    const before = Date.now();
    const res = await api("POST", `/api/staff/certifications/${id}/invalidate`, {
      reason: "Proctor report: notes used.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().certification).toMatchObject({
      state: "invalidated",
      invalidationReason: "Proctor report: notes used.",
    });
    const mail = (await mailsTo("ada@example.com", "certification-invalidated")).at(-1)!;
    const appealBy = Date.parse(String(mail.data.appealBy));
    expect(appealBy - before).toBeGreaterThanOrEqual(72 * HOUR - 1000);
    expect(appealBy - before).toBeLessThan(72 * HOUR + 60_000);
    expect((await api("POST", `/api/staff/certifications/${id}/invalidate`, { reason: "again" })).statusCode).toBe(409);
  });

  it("reinstates an invalidated certification with a reason: its signed credential verifies as valid again, audited", async () => {
    const out = await passedExam();
    const cert = out.certification!;
    const verdict = async () =>
      (await t.app.inject({ url: `/api/verify/${cert.credentialId}?lastName=${candidate.user.lastName}` })).json() as {
        state: string;
        signedCredential: { result: string };
      };
    // not invalidated: nothing to reinstate
    expect((await api("POST", `/api/staff/certifications/${cert.id}/reinstate`, { reason: "x" })).statusCode).toBe(409);
    await api("POST", `/api/staff/certifications/${cert.id}/invalidate`, { reason: "Under investigation." });
    expect(await verdict()).toMatchObject({ state: "invalidated", signedCredential: { result: "revoked" } });
    const empty = await api("POST", `/api/staff/certifications/${cert.id}/reinstate`, { reason: " " });
    expect(empty.json().fields.reason).toBe("Please give the reason for reinstating the certification.");
    const res = await api("POST", `/api/staff/certifications/${cert.id}/reinstate`, {
      reason: "Appeal upheld:\nthe notes were the candidate's own scratch paper.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().certification).toMatchObject({ state: "active", invalidationReason: null });
    expect(await verdict()).toMatchObject({ state: "active", signedCredential: { result: "valid" } });
    const [entry] = (await auditOf("certification.reinstate")).filter((a) => String(a.entityId) === String(cert.id));
    expect(entry).toMatchObject({ fromState: "invalidated", reason: expect.stringContaining("Appeal upheld") });
    // a candidate cannot
    const asCandidate = await t.app.inject({
      method: "POST",
      url: `/api/staff/certifications/${cert.id}/reinstate`,
      headers: candidate.headers,
      payload: { reason: "mine" },
    });
    expect(asCandidate.statusCode).toBe(403);
  });
});

describe("queues and the dashboard", () => {
  let seqReq = 0;
  async function request(kind: string, dueInHours: number) {
    const [row] = await t.database.db
      .insert(requests)
      .values({
        reference: `REQ-T${++seqReq}`,
        userId: candidate.user.id,
        kind,
        certId: 1,
        subject: `${kind} subject`,
        details: "Details of the request.",
        dueAt: new Date(Date.now() + dueInHours * HOUR),
      })
      .returning();
    return row!;
  }

  it("shows a queue's overdue requests first, decides one with the determination e-mail, and audits it", async () => {
    const later = await request("accommodation", 100);
    const overdue = await request("accommodation", -5);
    await request("complaint", -1);
    const list = (await api("GET", "/api/staff/requests?queue=accommodations")).json();
    expect(list.requests.map((r: { reference: string }) => r.reference)).toEqual([overdue.reference, later.reference]);
    expect(list.requests[0]).toMatchObject({ overdue: true, candidateEmail: "ada@example.com" });

    const dash = (await api("GET", "/api/staff/dashboard")).json();
    expect(dash.queues.find((q: { queue: string }) => q.queue === "accommodations")).toMatchObject({
      open: 2,
      overdue: 1,
    });
    expect(dash.queues.find((q: { queue: string }) => q.queue === "complaints")).toMatchObject({ open: 1, overdue: 1 });
    expect(dash.overdue.map((r: { reference: string }) => r.reference)).toContain(overdue.reference);
    expect(dash.refundableOrders).toBeGreaterThan(0);

    const wrong = await api("POST", `/api/staff/requests/${overdue.id}/decide`, { outcome: "resolved", decision: "x" });
    expect(wrong.statusCode).toBe(400);
    const res = await api("POST", `/api/staff/requests/${overdue.id}/decide`, {
      outcome: "granted",
      decision: "You will have 50% extra time.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({
      state: "granted",
      overdue: false,
      decision: "You will have 50% extra time.",
    });
    const mail = (await mailsTo("ada@example.com", "request-decided")).at(-1)!;
    expect(mail.data).toMatchObject({ kind: "accommodation", outcome: "granted", reference: overdue.reference });
    expect((await auditOf("request.decide")).at(-1)).toMatchObject({ actorId: staff.user.id, toState: "granted" });
    expect(
      (await api("POST", `/api/staff/requests/${overdue.id}/decide`, { outcome: "denied", decision: "x" })).statusCode,
    ).toBe(409);
    const decided = (await api("GET", "/api/staff/requests?queue=accommodations&state=decided")).json();
    expect(decided.requests.map((r: { reference: string }) => r.reference)).toEqual([overdue.reference]);
  });

  it("approves or rejects continuing-education activities (a rejection needs a reason)", async () => {
    const [cert] = await t.database.db
      .select()
      .from(certificationsTable)
      .where(eq(certificationsTable.userId, candidate.user.id));
    const file = await evidenceFile(t.database.db, candidate.user.id);
    const activity = (units: number) =>
      t.database.db
        .insert(ceActivities)
        .values({
          userId: candidate.user.id,
          certificationId: cert!.id,
          title: `Course ${units}`,
          provider: "Academy",
          activityDate: today(),
          category: "Course or training",
          units,
          evidenceUploadId: file.id,
        })
        .returning();
    const [[a], [b]] = await Promise.all([activity(5), activity(3)]);
    // no review period is published: the queue shows how long each has waited, the longest first
    await t.database.db
      .update(ceActivities)
      .set({ createdAt: new Date(Date.now() - 9 * 24 * HOUR) })
      .where(eq(ceActivities.id, b!.id));
    const list = (await api("GET", "/api/staff/ce-activities")).json();
    expect(list.total).toBe(2);
    expect(list.activities.map((x: { id: number; waitingDays: number }) => [x.id, x.waitingDays])).toEqual([
      [b!.id, 9],
      [a!.id, 0],
    ]);
    expect(list.activities[1]).toMatchObject({ evidenceName: "certificate.pdf", reviewState: "pending" });
    const noReason = await api("POST", `/api/staff/ce-activities/${b!.id}/review`, { outcome: "rejected" });
    expect(noReason.json().fields.reason).toBe("Please give the reason for rejecting the activity.");
    expect((await api("POST", `/api/staff/ce-activities/${a!.id}/review`, { outcome: "approved" })).statusCode).toBe(
      200,
    );
    const rej = await api("POST", `/api/staff/ce-activities/${b!.id}/review`, {
      outcome: "rejected",
      reason: "No evidence of completion.",
    });
    expect(rej.json().activity).toMatchObject({ reviewState: "rejected", reviewReason: "No evidence of completion." });
    const mails = await mailsTo("ada@example.com", "activity-reviewed");
    expect(mails.map((m) => m.data.outcome)).toEqual(["approved", "rejected"]);
    expect((await auditOf("ce_activity.reject"))[0]).toMatchObject({ reason: "No evidence of completion." });
    expect((await api("GET", "/api/staff/ce-activities")).json().total).toBe(0);
  });

  it("a request's documents and an activity's evidence open from the queue: staff only, as a download", async () => {
    const pdf = "%PDF-1.4\n% letter\n";
    const made = await t.app.inject(
      await postOptions(
        "/api/me/requests/accommodation",
        {
          certId: 3,
          plannedRegistrationOn: new Date(Date.now() + 25 * 24 * HOUR).toISOString().slice(0, 10),
          details: "Extra time for a documented reading condition.",
          documents: [{ name: "letter.pdf", data: Buffer.from(pdf).toString("base64") }],
        },
        candidate.headers,
      ),
    );
    expect(made.statusCode).toBe(201);
    const list = (await api("GET", "/api/staff/requests?queue=accommodations&pageSize=100")).json();
    const row = list.requests.find((r: { reference: string }) => r.reference === made.json().request.reference);
    // the name is ours (what it is, its id, its checked type), never the one the browser gave
    expect(row.documents).toEqual([{ id: expect.any(Number), name: expect.stringMatching(/^document-\d+\.pdf$/) }]);
    const url = `/api/staff/files/${row.documents[0].id}`;
    const file = await api("GET", url);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${row.documents[0].name}"`,
      "x-content-type-options": "nosniff",
    });
    expect(file.rawPayload.toString()).toBe(pdf);
    expect((await t.app.inject({ method: "GET", url, headers: candidate.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await api("GET", "/api/staff/files/999999")).statusCode).toBe(404);

    const activity = (await api("GET", "/api/staff/ce-activities?state=all&pageSize=100")).json().activities[0];
    expect(activity.evidenceUrl).toBe(`/api/staff/files/${activity.evidenceUploadId}`);
    const evidence = await api("GET", activity.evidenceUrl);
    expect(evidence.headers["content-disposition"]).toMatch(/^attachment; filename="evidence-\d+\.pdf"$/);
  });

  it("lists candidates a page at a time, sorted on the server, with the total", async () => {
    const byEmail = (await api("GET", "/api/staff/candidates?sort=email&pageSize=1")).json();
    expect(byEmail.total).toBeGreaterThanOrEqual(2);
    expect(byEmail.candidates).toHaveLength(1);
    expect(byEmail.candidates[0].email).toBe("ada@example.com");
    const last = (await api("GET", `/api/staff/candidates?sort=-email&pageSize=1&page=${byEmail.total}`)).json();
    expect(last.candidates[0].email).toBe("ada@example.com");
    const mostOrders = (await api("GET", "/api/staff/candidates?sort=-orders&pageSize=1")).json();
    expect(mostOrders.candidates[0].email).toBe("ada@example.com");
  });

  it("lists candidates by search", async () => {
    const res = (await api("GET", "/api/staff/candidates?q=ada@")).json();
    expect(res.candidates.map((c: { email: string }) => c.email)).toEqual(["ada@example.com"]);
    expect(res.candidates[0].orders).toBeGreaterThan(0);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, "nobody@example.com"));
    expect(u).toBeUndefined();
    expect((await api("GET", "/api/staff/candidates/999999")).statusCode).toBe(404);
  });
});
