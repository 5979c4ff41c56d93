import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SME_COI, SME_NDA } from "../../app/data/sme-agreement";
import { ANGOFF_MESSAGES } from "../../app/schemas/bank";
import { auditLog } from "../db/schema";
import { accountWithRole } from "../testing/accounts";
import { testAppWithTinyBank } from "../testing/bank";
import type { TestContext } from "../testing/helpers";
import { acceptAgreement } from "./agreement";

let t: TestContext;
beforeAll(async () => {
  t = await testAppWithTinyBank(["js"]);
}, 180_000);
afterAll(() => t.close());

const rate = (headers: Record<string, string>, itemId: string, rating: unknown) =>
  t.app.inject({ method: "PUT", url: "/api/staff/bank/angoff", headers, payload: { itemId, version: 1, rating } });

const readStudy = (headers: Record<string, string>, certId: number) =>
  t.app.inject({ method: "GET", url: `/api/staff/bank/cut-score?certId=${certId}`, headers });
const decide = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/staff/bank/cut-score/decisions", headers, payload });

describe("the cut-score study (issue 30.6)", () => {
  it("raters' modified Angoff ratings give the recommended cut score beside the published passing score", async () => {
    const [a, b] = [await accountWithRole(t.app, "staff"), await accountWithRole(t.app, "admin")];
    // item 1: 60 and 70 (mean 65); item 2: 80 (one rater); a's second rating of item 1 replaces the first
    expect((await rate(a.headers, "js-syntax-001", 50)).statusCode).toBe(200);
    expect((await rate(a.headers, "js-syntax-001", 60)).json().rating).toEqual({
      itemId: "js-syntax-001",
      version: 1,
      rating: 60,
    });
    await rate(b.headers, "js-syntax-001", 70);
    await rate(b.headers, "js-syntax-002", 80);
    const res = await readStudy(a.headers, 1);
    expect(res.statusCode).toBe(200);
    const { study } = res.json();
    // (65 + 80) / 2 = 72.5, beside the published 73 %
    expect(study).toMatchObject({ certId: 1, publishedScore: 73, recommended: 72.5, itemsRated: 2, raters: 2 });
    expect(study.itemsTotal).toBeGreaterThan(80);
    const one = study.items.find((i: { itemId: string }) => i.itemId === "js-syntax-001");
    expect(one).toMatchObject({ ratings: 2, meanRating: 65, myRating: 60 });
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "item.angoff_rating"));
    expect(audits).toHaveLength(4);
    expect(audits[1]).toMatchObject({ before: { rating: 50 }, after: { rating: 60 }, actorId: a.user.id });
  });

  it("a passing score decision is recorded with its reason and the recommendation, audited; the published score stays", async () => {
    const staff = await accountWithRole(t.app, "staff");
    const res = await decide(staff.headers, {
      certId: 1,
      passingScore: 73,
      reason: "The study recommends 72.5 %; the board keeps 73 % until more raters.",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().decision).toMatchObject({ passingScore: 73, publishedScore: 73, recommended: 72.5 });
    const [logged] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "exam.cut_score_decision"));
    expect(logged).toMatchObject({ entityId: "1", fromState: "73%", toState: "73%", actorId: staff.user.id });
    expect(logged!.reason).toMatch(/board keeps 73/);
    const study = (await readStudy(staff.headers, 1)).json().study;
    expect(study.decisions).toHaveLength(1);
    expect(study.publishedScore).toBe(73);
  });

  it("refuses a rating out of 0-100, a decision without a reason, an exam not delivered, and a candidate", async () => {
    const staff = await accountWithRole(t.app, "staff");
    const bad = await rate(staff.headers, "js-syntax-003", 101);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.rating).toBe(ANGOFF_MESSAGES.rating);
    expect((await rate(staff.headers, "nope", 50)).statusCode).toBe(404);
    const noReason = await decide(staff.headers, { certId: 1, passingScore: 70, reason: " " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe(ANGOFF_MESSAGES.reason);
    const tss = await readStudy(staff.headers, 5);
    expect(tss.statusCode).toBe(404);
    const cand = await accountWithRole(t.app, "candidate");
    expect((await rate(cand.headers, "js-syntax-003", 50)).statusCode).toBe(403);
  });
});

describe("subject-matter experts in the study", () => {
  it("an SME rates after accepting the agreement (403 before) and reads the study, but records no decision", async () => {
    const sme = await accountWithRole(t.app, "sme");
    const before = await rate(sme.headers, "js-syntax-010", 40);
    expect(before.statusCode).toBe(403);
    expect(before.json().error).toBe("agreement_required");
    await acceptAgreement(
      t.app.db,
      { id: sme.user.id, role: "sme" },
      { ndaVersion: SME_NDA.version, coiVersion: SME_COI.version },
    );
    expect((await rate(sme.headers, "js-syntax-010", 40)).statusCode).toBe(200);
    const study = await readStudy(sme.headers, 1);
    expect(study.json().study.items.find((i: { itemId: string }) => i.itemId === "js-syntax-010").myRating).toBe(40);
    const decision = await decide(sme.headers, { certId: 1, passingScore: 70, reason: "An SME cannot decide this." });
    expect(decision.statusCode).toBe(403);
  });
});
