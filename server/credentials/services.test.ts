import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, certificationsTable, examRegistrations, orders, outbox } from "../db/schema";
import { testGateway } from "../payments/test-gateway";
import { freshDatabase } from "../testing/helpers";
import { insertAccount, paidOrder as paidOrderRecord } from "../testing/records";
import { SYSTEM } from "../audit/audit";
import { CREDENTIAL_ID_PATTERN } from "./codes";
import { cancelRegistration, purchaseEligibilityFor } from "../registrations/registrations";
import { recordResult } from "../results/results";

let database: Awaited<ReturnType<typeof freshDatabase>>;
let userId: number;
const gateway = testGateway();
const URL = "https://citb.example";

const paidOrder = async (purchasedAt: Date, certId = 1) =>
  (await paidOrderRecord(database.db, { userId, certId, purchasedAt, actor: { id: userId, role: "candidate" } })).reg;

beforeAll(async () => {
  database = await freshDatabase();
  userId = (await insertAccount(database.db)).id;
});
afterAll(() => database.drop());

describe("registrations, results and certifications", () => {
  it("issues a voucher per paid order, random and unique", async () => {
    const a = await paidOrder(new Date());
    const b = await paidOrder(new Date(), 2);
    expect(a.voucherCode).toMatch(/^V-[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(a.voucherCode).not.toBe(b.voucherCode);
    expect(a.state).toBe("paid");
  });

  it("cancels within 24 hours with a refund, refuses afterwards with the policy's reason", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const fresh = await paidOrder(new Date("2026-11-22T12:00:01Z"), 3);
    const { registration, refundReference } = await cancelRegistration(database.db, gateway, {
      registrationId: fresh.id,
      ownerId: userId,
      actor: { id: userId, role: "candidate" },
      now,
    });
    expect(registration.state).toBe("cancelled");
    expect(refundReference).toMatch(/^test_re_/);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, fresh.orderId!));
    expect(order!.status).toBe("refunded");
    const old = await paidOrder(new Date("2026-11-22T12:00:00Z"), 3);
    await expect(
      cancelRegistration(database.db, gateway, { registrationId: old.id, ownerId: userId, actor: SYSTEM, now }),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("only within 24 hours of purchase") });
    const log = await database.db.select().from(auditLog).where(eq(auditLog.action, "registration.cancel"));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorId: userId, fromState: "paid", toState: "cancelled" });
  });

  it("a pass against the exam's passing score issues a certification and its e-mail", async () => {
    const reg = await paidOrder(new Date("2026-11-01T00:00:00Z"));
    // JavaScript passes at 73%: 72.9 fails, 73 passes
    const { attempt, certification } = await recordResult(database.db, {
      voucherCode: reg.voucherCode,
      takenOn: "2026-11-05",
      scorePercent: 73,
      actor: SYSTEM,
      publicUrl: URL,
      now: new Date("2026-11-06T00:00:00Z"),
    });
    expect(attempt.result).toBe("pass");
    expect(certification!.credentialId).toMatch(CREDENTIAL_ID_PATTERN);
    expect(certification!.expiresAt.toISOString()).toBe("2029-11-06T00:00:00.000Z");
    const [r] = await database.db.select().from(examRegistrations).where(eq(examRegistrations.id, reg.id));
    expect(r!.state).toBe("used");
    const mail = await database.db.select().from(outbox).where(eq(outbox.template, "certificate-issued"));
    expect(mail[0]!.data).toMatchObject({ credentialId: certification!.credentialId });
    await expect(
      recordResult(database.db, {
        voucherCode: reg.voucherCode,
        takenOn: "2026-11-05",
        scorePercent: 90,
        actor: SYSTEM,
        publicUrl: URL,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    // and the holder cannot buy the exam again while certified
    expect(await purchaseEligibilityFor(database.db, userId, 1)).toMatchObject({
      allowed: false,
      code: "already_certified",
    });
  });

  it("a fail below the passing score starts the retake wait; indeterminate gives a free retake", async () => {
    const reg = await paidOrder(new Date("2026-11-01T00:00:00Z"), 4);
    // cert 4 (HTML and CSS) passes at 75%
    const { attempt } = await recordResult(database.db, {
      voucherCode: reg.voucherCode,
      takenOn: "2026-11-10",
      scorePercent: 74.9,
      actor: SYSTEM,
      publicUrl: URL,
      now: new Date("2026-11-11T00:00:00Z"),
    });
    expect(attempt.result).toBe("fail");
    expect(await purchaseEligibilityFor(database.db, userId, 4, new Date("2026-11-16T10:00:00Z"))).toMatchObject({
      allowed: false,
      availableOn: "2026-11-17",
    });
    const reg2 = await paidOrder(new Date("2026-11-01T00:00:00Z"), 2);
    const out = await recordResult(database.db, {
      voucherCode: reg2.voucherCode,
      takenOn: "2026-11-10",
      indeterminate: true,
      actor: SYSTEM,
      publicUrl: URL,
    });
    expect(out.attempt.result).toBe("indeterminate");
    expect(out.freeRetake).toMatchObject({ source: "free_retake", state: "paid", certId: 2 });
    expect(await database.db.select().from(certificationsTable).where(eq(certificationsTable.certId, 2))).toHaveLength(
      0,
    );
  });
});
