import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ceActivities, certificationsTable, inquiries, outbox } from "../db/schema";
import { RESULT_MESSAGES } from "../../app/schemas/staff";
import { EMAIL_MESSAGES } from "../../app/schemas/email";
import { composeMail } from "../mail/compose";
import { accountWithRole } from "../testing/accounts";
import { cardPayload, orderPayload } from "../testing/order-payload";
import { evidenceFile, paidOrder } from "../testing/records";
import { postOptions, testApp, type TestContext } from "../testing/helpers";

/**
 * What candidates and staff met (issue 25): the candidate list's counts (13), the refund e-mail (14),
 * continuing education outside the certification's cycle (12), and staff texts on several lines (18).
 */
const PUBLIC_URL = "https://citb.example";
let t: TestContext;
let staff: Awaited<ReturnType<typeof accountWithRole>>;
beforeAll(async () => {
  t = await testApp({}, { PUBLIC_URL });
  staff = await accountWithRole(t.app, "admin", "desk@example.com");
}, 60_000);
afterAll(() => t.close());

const DAY = 86_400_000;
const api = async (method: "GET" | "POST", url: string, payload?: object, headers = staff.headers) =>
  method === "POST"
    ? t.app.inject(await postOptions(url, payload, headers))
    : t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const mailsTo = (to: string, template: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.template, template)));
const compose = (row: { recipient: string; template: string; data: unknown }) =>
  composeMail({ to: row.recipient, template: row.template, data: row.data }, PUBLIC_URL);

let credentialSeq = 0;
/** A certification whose current cycle started `startedDaysAgo` days ago. */
async function certification(userId: number, startedDaysAgo = 30, certId = 1) {
  const started = new Date(Date.now() - startedDaysAgo * DAY);
  const [cert] = await t.database.db
    .insert(certificationsTable)
    .values({
      credentialId: `CITB-TEST-${++credentialSeq}`,
      userId,
      certId,
      holderFirstName: "Test",
      holderLastName: "Candidate",
      issuedAt: started,
      cycleStartedAt: started,
      expiresAt: new Date(started.getTime() + 3 * 365 * DAY),
    })
    .returning();
  return cert!;
}

/**
 * A candidate (`email`) certified 10 days ago who sent `what` with an evidence file, waiting for staff's review:
 * the candidate, the certification and the activity.
 */
async function sentActivity(
  email: string,
  what: Pick<typeof ceActivities.$inferInsert, "title" | "provider" | "activityDate" | "category" | "units">,
) {
  const holder = await accountWithRole(t.app, "candidate", email);
  const cert = await certification(holder.user.id, 10);
  const file = await evidenceFile(t.database.db, holder.user.id);
  const [activity] = await t.database.db
    .insert(ceActivities)
    .values({ userId: holder.user.id, certificationId: cert.id, evidenceUploadId: file.id, ...what })
    .returning();
  return { holder, cert, activity: activity! };
}

describe("the staff candidate list (25.13)", () => {
  it("gives each candidate their own counts of orders and certifications, and sorts by them", async () => {
    const three = await accountWithRole(t.app, "candidate", "three@example.com");
    const one = await accountWithRole(t.app, "candidate", "one@example.com");
    const none = await accountWithRole(t.app, "candidate", "none@example.com");
    for (let i = 0; i < 3; i++) await paidOrder(t.database.db, { userId: three.user.id, certId: 1 + i });
    await paidOrder(t.database.db, { userId: one.user.id });
    await certification(three.user.id, 10, 1);
    await certification(three.user.id, 10, 2);
    await certification(one.user.id, 10, 3);
    const res = await api("GET", "/api/staff/candidates?pageSize=100");
    expect(res.statusCode).toBe(200);
    const counts = Object.fromEntries(
      res
        .json()
        .candidates.map((c: { email: string; orders: number; certifications: number }) => [
          c.email,
          [c.orders, c.certifications],
        ]),
    );
    expect(counts).toMatchObject({
      "three@example.com": [3, 2],
      "one@example.com": [1, 1],
      "none@example.com": [0, 0],
      "desk@example.com": [0, 0], // the admin with no orders
    });
    const byCerts = (await api("GET", "/api/staff/candidates?sort=-certifications&pageSize=2")).json();
    expect(byCerts.candidates.map((c: { email: string }) => c.email)).toEqual(["three@example.com", "one@example.com"]);
    const byOrders = (await api("GET", "/api/staff/candidates?sort=orders&pageSize=100")).json();
    const orderCounts = byOrders.candidates.map((c: { orders: number }) => c.orders);
    expect(orderCounts).toEqual([...orderCounts].sort((a, b) => a - b));
    expect(none.user.id).toBeGreaterThan(0);
  });

  it("gives each inbox message its own count of replies", async () => {
    const [a, b] = await t.database.db
      .insert(inquiries)
      .values(
        ["A", "B"].map((name) => ({
          reference: `INQ-${name}${Date.now()}`,
          kind: "contact" as const,
          name,
          email: `${name.toLowerCase()}@example.com`,
          message: "A question about the exams.",
        })),
      )
      .returning();
    const reply = await api("POST", `/api/staff/inquiries/${a!.id}/replies`, {
      subject: "Re: exams",
      body: "First line.\nSecond line.\n\nA second paragraph.",
    });
    expect(reply.statusCode).toBe(201);
    const list = (await api("GET", "/api/staff/inquiries?pageSize=100")).json();
    const replies = Object.fromEntries(list.inquiries.map((i: { id: number; replies: number }) => [i.id, i.replies]));
    expect([replies[a!.id], replies[b!.id]]).toEqual([1, 0]);
  });
});

describe("a refund tells the candidate (25.14)", () => {
  it("a staff refund e-mails the refund and the cancelled voucher to the candidate", async () => {
    const candidate = await accountWithRole(t.app, "candidate", "refund@example.com");
    const { order, reg } = await paidOrder(t.database.db, { userId: candidate.user.id });
    const res = await api("POST", `/api/staff/orders/${order.id}/refund`);
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo("refund@example.com", "purchase-refunded");
    expect(mail!.data).toMatchObject({
      reference: order.reference,
      voucherCode: reg.voucherCode,
      refundReference: res.json().refundReference,
      amount: "$999.00",
      byStaff: true,
    });
    const composed = await compose(mail!);
    expect(composed.subject).toContain(order.reference);
    for (const part of [composed.html, composed.text]) {
      expect(part).toContain(reg.voucherCode);
      expect(part).toContain("is cancelled");
      expect(part).toContain("5-7 business days");
    }
  });

  it("a candidate's own cancellation is confirmed the same way", async () => {
    const candidate = await accountWithRole(t.app, "candidate", "self@example.com");
    const { reg } = await paidOrder(t.database.db, { userId: candidate.user.id });
    const res = await api("POST", `/api/me/exams/${reg.id}/cancel`, undefined, candidate.headers);
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo("self@example.com", "purchase-refunded");
    expect(mail!.data).toMatchObject({ voucherCode: reg.voucherCode, byStaff: false });
  });
});

describe("continuing education counts only in the current cycle (25.12)", () => {
  const pdf = { name: "certificate.pdf", data: Buffer.from("%PDF-1.4\n%test\n").toString("base64") };
  const activity = (certificationId: number, activityDate: string) => ({
    certificationId,
    title: "Accessibility course",
    provider: "Academy",
    activityDate,
    category: "Course or training",
    units: 4,
    evidence: pdf,
  });
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);

  it("refuses an activity dated before the cycle, with the reason and the cycle's dates", async () => {
    const holder = await accountWithRole(t.app, "candidate", "cycle@example.com", { confirmed: true });
    const cert = await certification(holder.user.id, 30);
    const startsOn = isoDay(cert.cycleStartedAt);
    const endsOn = isoDay(cert.expiresAt);
    const before = isoDay(new Date(cert.cycleStartedAt.getTime() - DAY));
    const res = await api("POST", "/api/me/education", activity(cert.id, before), holder.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.activityDate).toContain(`${startsOn} to ${endsOn}`);
    expect(res.json().message).toContain(`only activities from ${startsOn} count`);
    const rows = await t.database.db.select().from(ceActivities).where(eq(ceActivities.userId, holder.user.id));
    expect(rows).toHaveLength(0);

    const ok = await api("POST", "/api/me/education", activity(cert.id, startsOn), holder.headers);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().activity.countsInCycle).toBe(true);
    const mine = (await api("GET", "/api/me/certifications", undefined, holder.headers)).json();
    expect(mine.certifications[0].cycleStartsOn).toBe(startsOn);
  });

  it("shows the cycle in the staff queue, and an approval of an activity outside it never says the units count", async () => {
    // sent during the previous cycle; a renewal started a new cycle before staff reviewed it
    const {
      holder,
      cert,
      activity: old,
    } = await sentActivity("renewed@example.com", {
      title: "Old conference",
      provider: "Conf",
      activityDate: isoDay(new Date(Date.now() - 400 * DAY)),
      category: "Conference or webinar",
      units: 6,
    });
    const queue = (await api("GET", "/api/staff/ce-activities?pageSize=100")).json();
    const row = queue.activities.find((a: { id: number }) => a.id === old.id);
    expect(row).toMatchObject({
      cycleStartsOn: isoDay(cert.cycleStartedAt),
      cycleEndsOn: isoDay(cert.expiresAt),
      countsInCycle: false,
    });
    expect((await api("POST", `/api/staff/ce-activities/${old.id}/review`, { outcome: "approved" })).statusCode).toBe(
      200,
    );
    const [mail] = await mailsTo("renewed@example.com", "activity-reviewed");
    expect(mail!.data).toMatchObject({ counts: false });
    const composed = await compose(mail!);
    expect(composed.text).not.toContain("The units count toward");
    expect(composed.text).toContain("so its units do not count toward your renewal");
    const certs = (await api("GET", "/api/me/certifications", undefined, holder.headers)).json();
    expect(certs.certifications[0].approvedUnits).toBe(0);
  });
});

describe("staff texts on several lines (25.18)", () => {
  const text = "First line of the decision.\nIts second line.\n\nA new paragraph.";

  it("accepts a rejection reason with line breaks and mails it as paragraphs", async () => {
    const { activity: a } = await sentActivity("lines@example.com", {
      title: "Course",
      provider: "Academy",
      activityDate: new Date().toISOString().slice(0, 10),
      category: "Course or training",
      units: 2,
    });
    const res = await api("POST", `/api/staff/ce-activities/${a.id}/review`, { outcome: "rejected", reason: text });
    expect(res.statusCode).toBe(200);
    expect(res.json().activity.reviewReason).toBe(text);
    const [mail] = await mailsTo("lines@example.com", "activity-reviewed");
    const { html } = await compose(mail!);
    expect(html).toMatch(/First line of the decision\.<br\/?>Its second line\.<\/p>/);
    expect(html).toMatch(/>A new paragraph\.<\/p>/);
  });

  it("accepts an invalidation reason with line breaks and mails it as paragraphs", async () => {
    const holder = await accountWithRole(t.app, "candidate", "invalid@example.com");
    const cert = await certification(holder.user.id, 10);
    const res = await api("POST", `/api/staff/certifications/${cert.id}/invalidate`, { reason: text });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo("invalid@example.com", "certification-invalidated");
    const { html, text: plain } = await compose(mail!);
    expect(html).toMatch(/First line of the decision\.<br\/?>Its second line\.<\/p>/);
    expect(plain).toContain("A new paragraph.");
  });

  it("still refuses other control characters", async () => {
    const holder = await accountWithRole(t.app, "candidate", "ctrl@example.com");
    const cert = await certification(holder.user.id, 10);
    const res = await api("POST", `/api/staff/certifications/${cert.id}/invalidate`, { reason: "bad\u0007bell" });
    expect(res.statusCode).toBe(400);
  });
});

describe("the small ones (25.20)", () => {
  it("the results file check reports every error of a row", async () => {
    const csv = ["voucher,date,score", "V-NOPE-NOPE-NOPE-NOPE,31/01/2026,140,extra"].join("\n");
    const res = await api("POST", "/api/staff/results/import", { csv, commit: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows[0].error).toBe(
      [
        "The row has more than three fields.",
        "No exam registration has this voucher code.",
        RESULT_MESSAGES.date,
        RESULT_MESSAGES.score,
      ].join(" "),
    );
  });

  it("a second click on a confirmation link says the address is already confirmed", async () => {
    const certUser = { firstName: "Twice", lastName: "Clicker", email: "twice@example.com", password: "Sup3r$ecret" };
    expect((await t.app.inject({ method: "POST", url: "/api/signup", payload: { certUser } })).statusCode).toBe(201);
    const [mail] = await mailsTo("twice@example.com", "email-confirm");
    const token = String(mail!.data.token);
    const confirm = () => t.app.inject({ method: "POST", url: "/api/email/confirm", payload: { token } });
    const first = await confirm();
    expect(first.json()).toMatchObject({ message: EMAIL_MESSAGES.confirmed });
    const second = await confirm();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: EMAIL_MESSAGES.alreadyConfirmed, email: "twice@example.com" });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/email/confirm",
      payload: { token: "x".repeat(43) },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe("the purchase keeps the phone number and address on the profile, with consent (25.17)", () => {
  const buy = async (headers: Record<string, string>, email: string, extra: Record<string, unknown>) => {
    const token = (await t.app.inject({ method: "POST", url: "/test-gateway/tokens", payload: cardPayload() })).json()
      .token;
    return t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers,
      payload: orderPayload({ paymentToken: token, Email: email, ...extra }),
    });
  };

  it("saves them when the buyer ticks the box, and staff see them on the candidate's page", async () => {
    const buyer = await accountWithRole(t.app, "candidate", "keeps@example.com", { confirmed: true });
    const res = await buy(buyer.headers, "keeps@example.com", { saveDetails: true, Phone: "4055550199" });
    expect(res.statusCode).toBe(201);
    const page = (await api("GET", `/api/staff/candidates/${buyer.user.id}`)).json();
    expect(page.profile).toMatchObject({ phone: "4055550199", city: "Oklahoma City", zip: "73102" });
    expect(page.profile.address).toContain("12 Elm Street");
    const me = (await api("GET", "/api/me", undefined, buyer.headers)).json();
    expect(me.user).toMatchObject({ phone: "4055550199", address: "12 Elm Street" });
  });

  it("leaves the profile alone without the box", async () => {
    const buyer = await accountWithRole(t.app, "candidate", "private@example.com", { confirmed: true });
    expect((await buy(buyer.headers, "private@example.com", {})).statusCode).toBe(201);
    const page = (await api("GET", `/api/staff/candidates/${buyer.user.id}`)).json();
    expect(page.profile.phone).toBeFalsy();
  });
});
