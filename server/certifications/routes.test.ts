import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_MESSAGES } from "../../app/schemas/credentials";
import { examRegistrations } from "../db/schema";
import { postOptions, signUpAndLogIn, testApp, type TestContext } from "../testing/helpers";
import { resultToday } from "../testing/records";

let t: TestContext;
beforeAll(async () => {
  t = await testApp({ orderRateMax: 1000, verifyRateMax: 1000 });
}, 60_000);
afterAll(() => t.close());

const PASSWORD = "Str0ng!Passw0rd";
let n = 0;
async function account(lastName = "Reyes") {
  const email = `cand${++n}@example.com`;
  const certUser = { firstName: "Dana", lastName, email, password: PASSWORD };
  const token = await signUpAndLogIn(t.app, certUser, { remoteAddress: `10.1.0.${n}` });
  return { token, headers: { authorization: `Bearer ${token}` } };
}
const year = new Date().getFullYear() + 2;
const order = (certId: number) => ({
  FirstName: "Dana",
  LastName: "Reyes",
  Phone: "4055550123",
  Email: "dana@example.com",
  Address: "12 Elm Street",
  City: "Oklahoma City",
  State: "OK",
  Zip: "73102",
  courseCertId: String(certId),
  cardNumber: "4242424242424242",
  cvv2: "123",
  expiryMonth: "8",
  expiryYear: String(year),
  address: "12 Elm Street",
  city: "Oklahoma City",
  region: "OK",
  postal: "73102",
});
const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: "GET", url, headers });
/** The card goes to the test gateway's tokenization endpoint, the order carries the token (as the browser does). */
async function withToken(payload: Record<string, unknown>) {
  const { cardNumber, cvv2, expiryMonth, expiryYear, ...rest } = payload;
  const card = { cardNumber, cvv2, expiryMonth, expiryYear, postal: rest.postal };
  const tok = await t.app.inject({ method: "POST", url: "/test-gateway/tokens", payload: card });
  return { ...rest, paymentToken: tok.json().token, idempotencyKey: randomUUID() };
}
const post = async (url: string, headers: Record<string, string>, payload?: object) =>
  url === "/api/me/education"
    ? t.app.inject(await postOptions(url, payload, headers))
    : t.app.inject({
        method: "POST",
        url,
        headers,
        payload:
          url === "/api/orders" && payload && "cardNumber" in payload
            ? await withToken(payload as Record<string, unknown>)
            : payload,
      });

describe("my exams: voucher and the 24-hour cancellation", () => {
  it("shows the voucher of a paid order, cancels it with a refund, and refuses after 24 hours", async () => {
    const me = await account();
    expect((await post("/api/orders", me.headers, order(1))).statusCode).toBe(201);
    const exams = (await get("/api/me/exams", me.headers)).json().exams;
    expect(exams).toHaveLength(1);
    expect(exams[0]).toMatchObject({ examTitle: "JavaScript Professional Developer Online Exam", state: "paid" });
    expect(exams[0].voucherCode).toMatch(/^V-/);
    expect(Date.parse(exams[0].cancellableUntil) - Date.parse(exams[0].purchasedAt)).toBe(24 * 3600 * 1000);

    const cancel = await post(`/api/me/exams/${exams[0].id}/cancel`, me.headers);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().message).toContain("5-7 business days");
    expect(cancel.json().exam).toMatchObject({ state: "cancelled", cancellableUntil: null });
    expect((await get("/api/me/orders", me.headers)).json().orders[0].status).toBe("refunded");

    // a purchase made 24 hours ago can no longer be cancelled
    expect((await post("/api/orders", me.headers, order(1))).statusCode).toBe(201);
    const open = (await get("/api/me/exams", me.headers))
      .json()
      .exams.find((e: { state: string }) => e.state === "paid");
    await t.database.db
      .update(examRegistrations)
      .set({ purchasedAt: new Date(Date.now() - 24 * 3600 * 1000) })
      .where(eq(examRegistrations.id, open.id));
    const late = await post(`/api/me/exams/${open.id}/cancel`, me.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "A purchase can be cancelled only within 24 hours of purchase (refund policy). This one can no longer be cancelled.",
    );
  });

  it("does not let another account see or cancel a registration, nor a guest", async () => {
    const owner = await account();
    await post("/api/orders", owner.headers, order(2));
    const [reg] = (await get("/api/me/exams", owner.headers)).json().exams;
    const other = await account();
    expect((await post(`/api/me/exams/${reg.id}/cancel`, other.headers)).statusCode).toBe(404);
    expect((await get("/api/me/exams")).statusCode).toBe(401);
  });
});

describe("retakes at purchase", () => {
  it("refuses a purchase during the retake wait with the date, before any charge", async () => {
    const me = await account();
    await post("/api/orders", me.headers, order(3));
    const [reg] = (await get("/api/me/exams", me.headers)).json().exams;
    const today = new Date().toISOString().slice(0, 10);
    await resultToday(t.database.db, reg.voucherCode, 50, "https://x.example");
    const until = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86400000).toISOString().slice(0, 10);
    const eligibility = (await get("/api/exams/3/eligibility", me.headers)).json();
    expect(eligibility).toMatchObject({ allowed: false, code: "retake_wait", availableOn: until });
    const res = await post("/api/orders", me.headers, order(3));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`You can buy this exam again from ${until}.`);
    expect((await get("/api/me/results", me.headers)).json().results[0]).toMatchObject({
      result: "fail",
      scorePercent: 50,
      passingScore: "73%",
    });
  });
});

describe("certifications and verification", () => {
  it("shows a passed exam's certification in the account and verifies it by ID and last name only", async () => {
    const me = await account("O’Brien");
    await post("/api/orders", me.headers, order(4));
    const [reg] = (await get("/api/me/exams", me.headers)).json().exams;
    await resultToday(t.database.db, reg.voucherCode, 80, "https://x.example");
    const [cert] = (await get("/api/me/certifications", me.headers)).json().certifications;
    expect(cert).toMatchObject({ state: "active", approvedUnits: 0, examTitle: "HTML, CSS Web Designer Online Exam" });
    expect(cert.daysToExpiry).toBeGreaterThan(1090);

    const ok = await get(`/api/verify/${cert.credentialId}?lastName=o'brien`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      credentialId: cert.credentialId,
      holder: "Dana O’Brien",
      exam: "HTML, CSS Web Designer Online Exam",
      issued: cert.issuedOn,
      expires: cert.expiresOn,
      state: "active",
      signedCredential: expect.objectContaining({ result: "valid" }),
    });
    const wrongName = await get(`/api/verify/${cert.credentialId}?lastName=Smith`);
    const unknown = await get(`/api/verify/CITB-AAAA-BBBB-CCCC-DDDD?lastName=O'Brien`);
    expect(wrongName.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongName.body).toBe(unknown.body);
    expect(wrongName.json().message).toBe(VERIFY_MESSAGES.notFound);

    const pdf = await get(`/api/me/certifications/${cert.credentialId}/certificate.pdf`, me.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const other = await account();
    expect((await get(`/api/me/certifications/${cert.credentialId}/certificate.pdf`, other.headers)).statusCode).toBe(
      404,
    );
    const qr = await get(`/api/me/certifications/${cert.credentialId}/qr.svg`, me.headers);
    expect(qr.body).toContain("<svg");

    const badge = await get(`/api/credentials/${cert.credentialId}/badge.json`);
    expect(badge.statusCode).toBe(200);
    expect(badge.json()).toMatchObject({
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      credentialSubject: { achievement: { name: "HTML, CSS Web Designer Online Exam" } },
    });
    // and the same exam cannot be bought again while certified
    expect((await post("/api/orders", me.headers, order(4))).json().error).toBe("already_certified");
  });
});

describe("continuing education evidence", () => {
  const pdfBase64 = Buffer.from("%PDF-1.4\n% evidence\n").toString("base64");
  it("accepts a PDF checked by content, refuses a disguised file, and serves it only to its owner", async () => {
    const me = await account();
    await post("/api/orders", me.headers, order(1));
    const [reg] = (await get("/api/me/exams", me.headers)).json().exams;
    const { certification } = await resultToday(t.database.db, reg.voucherCode, 90, "https://x.example");
    const activity = {
      certificationId: certification!.id,
      title: "Advanced TypeScript workshop",
      provider: "Tech College",
      activityDate: new Date().toISOString().slice(0, 10),
      category: "Course or training",
      units: 4.5,
      evidence: { name: "certificate.pdf", data: pdfBase64 },
    };
    const fake = await post("/api/me/education", me.headers, {
      ...activity,
      evidence: { name: "evil.pdf", data: Buffer.from("<html>hi</html>").toString("base64") },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().fields.evidence).toBe("Attach the evidence: a PDF, PNG or JPEG file up to 5 MB.");
    const res = await post("/api/me/education", me.headers, activity);
    expect(res.statusCode).toBe(201);
    expect(res.json().activity).toMatchObject({ reviewState: "pending", units: 4.5 });
    const url = res.json().activity.evidenceUrl;
    const file = await get(url, me.headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    const other = await account();
    expect((await get(url, other.headers)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get("/api/me/education", me.headers)).json().activities).toHaveLength(1);
  });
});
