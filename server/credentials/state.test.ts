import { describe, expect, it } from "vitest";
import {
  accommodationDecisionDue,
  activityCountsInCycle,
  addDays,
  addYears,
  appealWindowEnds,
  canCancel,
  certificationState,
  complaintWindowEnds,
  cycleDays,
  daysToExpiry,
  expiryFor,
  graceEndFor,
  purchaseEligibility,
  renewalAllowed,
  renewalNoticeStage,
  requestDecisionDue,
  sanctionAppealWindowEnds,
  submissionWindow,
} from "./state";

const issued = new Date("2024-03-10T15:00:00.000Z");
const expires = expiryFor(issued);
const facts = (over: Partial<Parameters<typeof certificationState>[0]> = {}) => ({
  expiresAt: expires,
  invalidatedAt: null,
  approvedUnits: 0,
  ...over,
});
const at = (iso: string) => new Date(iso);

describe("dates", () => {
  it("expires 3 years after issue, and 29 February becomes 28 February", () => {
    expect(expires.toISOString()).toBe("2027-03-10T15:00:00.000Z");
    expect(addYears(at("2024-02-29T12:00:00Z"), 3).toISOString()).toBe("2027-02-28T12:00:00.000Z");
    expect(graceEndFor(expires).toISOString()).toBe("2027-06-08T15:00:00.000Z");
  });
});

describe("certification state at every boundary", () => {
  it("is active the day before expiry and up to the instant of expiry", () => {
    expect(certificationState(facts(), at("2027-03-09T15:00:00Z"))).toBe("active");
    expect(certificationState(facts(), at("2027-03-10T14:59:59.999Z"))).toBe("active");
  });
  it("is in grace from the expiry date (the day of) and the day after", () => {
    expect(certificationState(facts(), at("2027-03-10T15:00:00Z"))).toBe("grace");
    expect(certificationState(facts(), at("2027-03-11T15:00:00Z"))).toBe("grace");
  });
  it("is in grace on the 90th day's eve, and no longer the day the 90 days end", () => {
    expect(certificationState(facts(), at("2027-06-07T15:00:00Z"))).toBe("grace");
    expect(certificationState(facts(), at("2027-06-08T14:59:59Z"))).toBe("grace");
    expect(certificationState(facts(), at("2027-06-08T15:00:00Z"))).toBe("expired");
    expect(certificationState(facts(), at("2027-06-09T15:00:00Z"))).toBe("expired");
  });
  it("after grace is lapsed with 20 approved units (fee still due) and expired without them", () => {
    expect(certificationState(facts({ approvedUnits: 20 }), at("2027-06-08T15:00:00Z"))).toBe("lapsed");
    expect(certificationState(facts({ approvedUnits: 19.5 }), at("2027-06-08T15:00:00Z"))).toBe("expired");
  });
  it("is invalidated from the moment of invalidation, whatever the dates", () => {
    const inv = facts({ invalidatedAt: at("2025-01-01T00:00:00Z") });
    expect(certificationState(inv, at("2024-12-31T23:59:59Z"))).toBe("active");
    expect(certificationState(inv, at("2025-01-01T00:00:00Z"))).toBe("invalidated");
    expect(certificationState(inv, at("2030-01-01T00:00:00Z"))).toBe("invalidated");
  });
  it("counts days to expiry", () => {
    expect(daysToExpiry(expires, at("2027-03-09T15:00:00Z"))).toBe(1);
    expect(daysToExpiry(expires, at("2027-03-10T15:00:00Z"))).toBe(0);
    expect(daysToExpiry(expires, at("2027-03-11T15:00:00Z"))).toBe(-1);
  });
});

describe("renewal", () => {
  const full = facts({ approvedUnits: 20 });
  it("opens 30 days before the renewal date with 20 approved units", () => {
    expect(renewalAllowed(full, at("2027-02-07T15:00:00Z"))).toMatchObject({ allowed: false, opensOn: "2027-02-08" });
    expect(renewalAllowed(full, at("2027-02-08T15:00:00Z"))).toEqual({ allowed: true });
    expect(renewalAllowed(full, at("2027-02-09T15:00:00Z"))).toEqual({ allowed: true });
  });
  it("stays open in grace and when lapsed, is refused with units missing, expired or invalidated", () => {
    expect(renewalAllowed(full, at("2027-05-01T00:00:00Z"))).toEqual({ allowed: true });
    expect(renewalAllowed(full, at("2027-07-01T00:00:00Z"))).toEqual({ allowed: true });
    expect(renewalAllowed(facts({ approvedUnits: 12 }), at("2027-05-01T00:00:00Z"))).toMatchObject({
      allowed: false,
      reason: expect.stringContaining("8 still needed"),
    });
    expect(renewalAllowed(facts(), at("2027-07-01T00:00:00Z"))).toMatchObject({ allowed: false });
    expect(
      renewalAllowed(facts({ approvedUnits: 20, invalidatedAt: issued }), at("2027-05-01T00:00:00Z")),
    ).toMatchObject({
      allowed: false,
    });
  });
  it("notices: before_expiry from 30 days ahead, grace from the expiry date, none before or after", () => {
    expect(renewalNoticeStage(facts(), at("2027-02-07T15:00:00Z"))).toBeNull();
    expect(renewalNoticeStage(facts(), at("2027-02-08T15:00:00Z"))).toBe("before_expiry");
    expect(renewalNoticeStage(facts(), at("2027-03-10T14:59:00Z"))).toBe("before_expiry");
    expect(renewalNoticeStage(facts(), at("2027-03-10T15:00:00Z"))).toBe("grace");
    expect(renewalNoticeStage(facts(), at("2027-06-08T15:00:00Z"))).toBeNull();
    expect(renewalNoticeStage(facts({ invalidatedAt: issued }), at("2027-03-10T15:00:00Z"))).toBeNull();
  });
});

describe("cancellation within 24 hours of purchase", () => {
  const bought = at("2026-11-20T10:00:00Z");
  it("is allowed up to the 24th hour and refused from then", () => {
    expect(canCancel(bought, at("2026-11-21T09:59:59Z"))).toBe(true);
    expect(canCancel(bought, at("2026-11-21T10:00:00Z"))).toBe(false);
    expect(canCancel(bought, at("2026-11-22T10:00:00Z"))).toBe(false);
  });
});

describe("retake waits", () => {
  const base = { certificationStates: [], unusedVouchers: 0 };
  it("allows a first purchase", () => {
    expect(purchaseEligibility({ ...base, attempts: [], now: at("2026-11-23T00:00:00Z") })).toEqual({ allowed: true });
  });
  it.each([
    [
      "waits 7 days after one unsuccessful attempt: refused the day before, allowed the day of and after",
      [{ takenOn: "2026-11-10", result: "fail" as const }],
      "2026-11-16T23:59:59Z",
      { code: "retake_wait", availableOn: "2026-11-17" },
      ["2026-11-17T00:00:00Z", "2026-11-18T00:00:00Z"],
    ],
    [
      "waits 14 days before a third attempt",
      [
        { takenOn: "2026-10-01", result: "fail" as const },
        { takenOn: "2026-11-10", result: "fail" as const },
      ],
      "2026-11-23T12:00:00Z",
      { availableOn: "2026-11-24", message: expect.stringContaining("14-day") },
      ["2026-11-24T00:00:00Z", "2026-11-25T00:00:00Z"],
    ],
  ])("%s", (_, attempts, refusedAt, refusal, allowedAt) => {
    expect(purchaseEligibility({ ...base, attempts, now: at(refusedAt) })).toMatchObject({
      allowed: false,
      ...refusal,
    });
    for (const now of allowedAt)
      expect(purchaseEligibility({ ...base, attempts, now: at(now) })).toEqual({ allowed: true });
  });
  it("does not count indeterminate scores", () => {
    const attempts = [
      { takenOn: "2026-10-01", result: "fail" as const },
      { takenOn: "2026-11-10", result: "indeterminate" as const },
    ];
    expect(purchaseEligibility({ ...base, attempts, now: at("2026-11-05T00:00:00Z") })).toEqual({ allowed: true });
  });
  it("refuses a candidate who holds the certification (active or in grace) and one with an unused voucher", () => {
    expect(
      purchaseEligibility({ ...base, certificationStates: ["active"], attempts: [], now: new Date() }),
    ).toMatchObject({
      code: "already_certified",
    });
    expect(
      purchaseEligibility({ ...base, certificationStates: ["grace"], attempts: [], now: new Date() }),
    ).toMatchObject({
      code: "already_certified",
    });
    expect(purchaseEligibility({ ...base, certificationStates: ["expired"], attempts: [], now: new Date() })).toEqual({
      allowed: true,
    });
    expect(purchaseEligibility({ ...base, unusedVouchers: 1, attempts: [], now: new Date() })).toMatchObject({
      code: "unused_voucher",
    });
  });
});

describe("request windows", () => {
  const t = at("2026-11-20T10:00:00Z");
  it("gives the policies' deadlines", () => {
    expect(accommodationDecisionDue(t).toISOString()).toBe("2026-11-27T10:00:00.000Z");
    expect(appealWindowEnds(t).toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(sanctionAppealWindowEnds(t).toISOString()).toBe(addDays(t, 30).toISOString());
    expect(complaintWindowEnds(t).toISOString()).toBe("2026-12-20T10:00:00.000Z");
  });
});

describe("submission windows: the instant before, at and after each end", () => {
  it("a certification appeal: open until 72 hours after the decision, to the second", () => {
    const decided = at("2026-11-20T10:00:00Z");
    expect(submissionWindow("certification_appeal", decided, at("2026-11-23T09:59:59Z")).open).toBe(true);
    expect(submissionWindow("certification_appeal", decided, at("2026-11-23T10:00:00Z")).open).toBe(false);
    expect(submissionWindow("certification_appeal", decided, at("2026-11-23T10:00:01Z")).open).toBe(false);
  });
  it("a sanction appeal and a complaint: the 30th day after the date is the last", () => {
    for (const kind of ["sanction_appeal", "complaint"] as const) {
      const day = at("2026-10-01T00:00:00Z");
      const w = submissionWindow(kind, day, at("2026-10-31T23:59:59Z"));
      expect(w).toMatchObject({ open: true, lastDay: "2026-10-31" });
      expect(submissionWindow(kind, day, at("2026-10-30T12:00:00Z")).open).toBe(true);
      expect(submissionWindow(kind, day, at("2026-11-01T00:00:00Z")).open).toBe(false);
    }
  });
  it("decisions are due 7 days (accommodation), 72 hours (appeal) and 30 days (complaint, sanction appeal) after submission", () => {
    const t = at("2026-11-20T10:00:00Z");
    expect(requestDecisionDue("accommodation", t).toISOString()).toBe("2026-11-27T10:00:00.000Z");
    expect(requestDecisionDue("certification_appeal", t).toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(requestDecisionDue("complaint", t).toISOString()).toBe("2026-12-20T10:00:00.000Z");
    expect(requestDecisionDue("sanction_appeal", t).toISOString()).toBe("2026-12-20T10:00:00.000Z");
  });
});

describe("continuing education and the cycle (issue 25.12)", () => {
  const cycle = { cycleStartedAt: issued, expiresAt: expires };
  it("counts an activity from the cycle's first day on, and not the day before", () => {
    expect(cycleDays(cycle)).toEqual({ startsOn: "2024-03-10", endsOn: "2027-03-10" });
    expect(activityCountsInCycle("2024-03-10", cycle)).toEqual({ counts: true });
    expect(activityCountsInCycle("2027-04-01", cycle)).toEqual({ counts: true }); // grace: still completing
    const before = activityCountsInCycle("2024-03-09", cycle);
    expect(before.counts).toBe(false);
    expect(!before.counts && before.reason).toBe(
      "This activity (2024-03-09) is before the current cycle of this certification, 2024-03-10 to 2027-03-10: only activities from 2024-03-10 count toward its renewal.",
    );
  });
  it("after a renewal, the previous cycle's activities no longer count", () => {
    const renewed = { cycleStartedAt: expires, expiresAt: expiryFor(expires) };
    expect(activityCountsInCycle("2026-06-01", cycle).counts).toBe(true);
    expect(activityCountsInCycle("2026-06-01", renewed).counts).toBe(false);
  });
});
