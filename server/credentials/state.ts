/**
 * The certification program's date rules, pure: no database, no clock (the caller passes `now`).
 * Every rule that depends on a date is computed here, once, and tested at its boundaries
 * (state.test.ts). Dates are instants (Date); calendar days are UTC days.
 */
import {
  ACCOMMODATION_DECISION_DAYS,
  ACCOMMODATION_LEAD_DAYS,
  APPEAL_HOURS,
  CANCELLATION_HOURS,
  COMPLAINT_DAYS,
  GRACE_DAYS,
  RENEWAL_NOTICE_DAYS,
  RETAKE_WAIT_DAYS,
  SANCTION_APPEAL_DAYS,
  THIRD_ATTEMPT_WAIT_DAYS,
  UNITS_REQUIRED,
  VALIDITY_YEARS,
  type CertificationState,
} from "../../app/data/program-rules";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
export const addHours = (d: Date, hours: number) => new Date(d.getTime() + hours * HOUR_MS);

/** The same instant `years` later; 29 February becomes 28 February in a year without it. */
export function addYears(d: Date, years: number): Date {
  const out = new Date(d.getTime());
  out.setUTCFullYear(d.getUTCFullYear() + years);
  if (out.getUTCDate() !== d.getUTCDate()) out.setUTCDate(0); // rolled into March: last day of February
  return out;
}

/** "2026-11-23": the UTC calendar day of an instant. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** Midnight UTC at the start of a "YYYY-MM-DD" day. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** A certification's expiry: 3 years after the start of its cycle (issue or renewal). */
export const expiryFor = (cycleStart: Date) => addYears(cycleStart, VALIDITY_YEARS);
/** The end of the grace period: 90 days after the expiry (renewal) date. */
export const graceEndFor = (expiresAt: Date) => addDays(expiresAt, GRACE_DAYS);

export interface CertificationFacts {
  expiresAt: Date;
  invalidatedAt: Date | null;
  /** continuing-education units approved in the current cycle */
  approvedUnits: number;
}

/**
 * The state of a certification at `now` (policies §4):
 * - invalidated, once staff invalidate it (whatever the dates);
 * - active until the expiry (renewal) date, 3 years after issue or the last renewal;
 * - grace for 90 days from the expiry date: the holder can still complete the 20 units and renew;
 * - after the grace period it is no longer valid. It is lapsed when the holder had the 20 approved
 *   units (recertification by paying the fee is needed) and expired when not (retaking and passing
 *   the exam is needed). docs/decisions/0004-certification-lifecycle-readings.md explains this reading.
 */
export function certificationState(c: CertificationFacts, now: Date): CertificationState {
  if (c.invalidatedAt && c.invalidatedAt.getTime() <= now.getTime()) return "invalidated";
  if (now.getTime() < c.expiresAt.getTime()) return "active";
  if (now.getTime() < graceEndFor(c.expiresAt).getTime()) return "grace";
  return c.approvedUnits >= UNITS_REQUIRED ? "lapsed" : "expired";
}

/** Whole days until the expiry date (0 on the day itself, negative afterwards). */
export function daysToExpiry(expiresAt: Date, now: Date): number {
  return Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS);
}

/** The days a certification's current cycle runs: from its start (issue or renewal) to its renewal date. */
export function cycleDays(c: { cycleStartedAt: Date; expiresAt: Date }): { startsOn: string; endsOn: string } {
  return { startsOn: isoDay(c.cycleStartedAt), endsOn: isoDay(c.expiresAt) };
}

export type CycleVerdict = { counts: true } | { counts: false; reason: string };

/**
 * Does a continuing-education activity dated `activityDate` ("YYYY-MM-DD") count toward the
 * certification's current cycle? Units count when earned from the cycle's first day on (through the
 * grace period, while the holder completes them; approvedUnits in certifications.ts sums the same
 * activities). An activity dated earlier belongs to an earlier cycle, or to no cycle at all, and never
 * counts: the candidate is told so with the cycle's dates, and is never told that its units count.
 */
export function activityCountsInCycle(
  activityDate: string,
  cycle: { cycleStartedAt: Date; expiresAt: Date },
): CycleVerdict {
  const { startsOn, endsOn } = cycleDays(cycle);
  if (activityDate >= startsOn) return { counts: true };
  return {
    counts: false,
    reason: `This activity (${activityDate}) is before the current cycle of this certification, ${startsOn} to ${endsOn}: only activities from ${startsOn} count toward its renewal.`,
  };
}

/** Units still needed toward the 20 of the cycle. */
export const unitsStillNeeded = (approvedUnits: number) => Math.max(0, UNITS_REQUIRED - approvedUnits);

/**
 * Renewal is allowed with 20 approved units from the start of the notice window (30 days before the
 * expiry date) through the grace period, and when lapsed. Returns why not otherwise.
 */
export function renewalAllowed(
  c: CertificationFacts,
  now: Date,
): { allowed: true } | { allowed: false; reason: string; opensOn?: string } {
  const state = certificationState(c, now);
  if (state === "invalidated") return { allowed: false, reason: "An invalidated certification cannot be renewed." };
  if (state === "expired")
    return {
      allowed: false,
      reason: "This certification has expired: retake and pass the exam to be certified again.",
    };
  if (c.approvedUnits < UNITS_REQUIRED)
    return {
      allowed: false,
      reason: `Renewal needs ${UNITS_REQUIRED} approved continuing education units; ${unitsStillNeeded(c.approvedUnits)} still needed.`,
    };
  const opens = addDays(c.expiresAt, -RENEWAL_NOTICE_DAYS);
  if (now.getTime() < opens.getTime())
    return {
      allowed: false,
      reason: `Renewal opens ${RENEWAL_NOTICE_DAYS} days before the renewal date, on ${isoDay(opens)}.`,
      opensOn: isoDay(opens),
    };
  return { allowed: true };
}

/** The renewal notices due at `now` for a certification (stage "before_expiry" and "grace"). */
export function renewalNoticeStage(c: CertificationFacts, now: Date): "before_expiry" | "grace" | null {
  const state = certificationState(c, now);
  if (state === "grace") return "grace";
  if (state === "active" && now.getTime() >= addDays(c.expiresAt, -RENEWAL_NOTICE_DAYS).getTime())
    return "before_expiry";
  return null;
}

// ─── purchases ──────────────────────────────────────────────────────────────────────────────────

/** The last moment a purchase can be cancelled: 24 hours after it. */
export const cancellableUntil = (purchasedAt: Date) => addHours(purchasedAt, CANCELLATION_HOURS);
export const canCancel = (purchasedAt: Date, now: Date) => now.getTime() < cancellableUntil(purchasedAt).getTime();

export interface AttemptFacts {
  /** "YYYY-MM-DD" */
  takenOn: string;
  result: "pass" | "fail" | "indeterminate";
}

export type Eligibility = { allowed: true } | { allowed: false; code: string; message: string; availableOn?: string };

/**
 * May the candidate buy this exam (again) at `now`? The retake rules (policies §5 and §9):
 * - a candidate whose certification for the exam is active (or in its grace period) cannot buy it again;
 * - an unused voucher for the exam must be used (or cancelled) first;
 * - after an unsuccessful attempt, 7 days' wait; before a third or later attempt, 14 days' wait,
 *   counted from the last attempt. Indeterminate scores do not count (a free retake is offered).
 * The answer carries the first day the purchase becomes possible.
 */
export function purchaseEligibility(input: {
  attempts: AttemptFacts[];
  certificationStates: CertificationState[];
  unusedVouchers: number;
  now: Date;
}): Eligibility {
  if (input.certificationStates.some((s) => s === "active" || s === "grace"))
    return {
      allowed: false,
      code: "already_certified",
      message:
        "You already hold this certification. Passing an exam bars retaking it while the certification is valid; renew it from your account instead.",
    };
  if (input.unusedVouchers > 0)
    return {
      allowed: false,
      code: "unused_voucher",
      message: "You already have an unused voucher for this exam. Sit that exam first; it is listed under My exams.",
    };
  const counted = input.attempts
    .filter((a) => a.result !== "indeterminate")
    .sort((a, b) => (a.takenOn < b.takenOn ? -1 : 1));
  const last = counted[counted.length - 1];
  if (!last || last.result !== "fail") return { allowed: true };
  const nextAttemptNumber = counted.length + 1;
  const wait = nextAttemptNumber >= 3 ? THIRD_ATTEMPT_WAIT_DAYS : RETAKE_WAIT_DAYS;
  const availableOn = isoDay(addDays(dayStart(last.takenOn), wait));
  if (input.now.getTime() >= dayStart(availableOn).getTime()) return { allowed: true };
  return {
    allowed: false,
    code: "retake_wait",
    availableOn,
    message:
      wait === THIRD_ATTEMPT_WAIT_DAYS
        ? `A third or later attempt needs a ${THIRD_ATTEMPT_WAIT_DAYS}-day wait after your last attempt (${last.takenOn}). You can buy this exam again from ${availableOn}.`
        : `After an unsuccessful attempt there is a ${RETAKE_WAIT_DAYS}-day retest wait (your attempt: ${last.takenOn}). You can buy this exam again from ${availableOn}.`,
  };
}

// ─── requests ───────────────────────────────────────────────────────────────────────────────────

/** The first day on which a candidate asking for accommodation today may plan to register. */
export const earliestAccommodatedRegistration = (now: Date) => isoDay(addDays(now, ACCOMMODATION_LEAD_DAYS));
/** An accommodation decision is due within 7 days. */
export const accommodationDecisionDue = (submittedAt: Date) => addDays(submittedAt, ACCOMMODATION_DECISION_DAYS);
/** An appeal of a certification decision: submitted within 72 hours of it, processed within 72 hours. */
export const appealWindowEnds = (decisionAt: Date) => addHours(decisionAt, APPEAL_HOURS);
export const appealDecisionDue = (submittedAt: Date) => addHours(submittedAt, APPEAL_HOURS);
/** A Code of Ethics sanction appeal: within 30 days of notification. */
export const sanctionAppealWindowEnds = (notifiedAt: Date) => addDays(notifiedAt, SANCTION_APPEAL_DAYS);
/** A complaint: within 30 days of the issue. */
export const complaintWindowEnds = (issueAt: Date) => addDays(issueAt, COMPLAINT_DAYS);

export type RequestKind = "accommodation" | "certification_appeal" | "sanction_appeal" | "complaint";

/**
 * Is a request still within its submission window at `now`? A certification appeal: within 72 hours
 * of the decision, to the second. A sanction appeal and a complaint: within 30 calendar days of the
 * notification or the issue (`eventAt` is the start of that UTC day; the 30th day after it is the last).
 * `lastMoment` is the last instant accepted; `lastDay` the day the candidate reads.
 */
export function submissionWindow(
  kind: Exclude<RequestKind, "accommodation">,
  eventAt: Date,
  now: Date,
): { open: boolean; closesAt: Date; lastDay: string } {
  const closesAt =
    kind === "certification_appeal"
      ? appealWindowEnds(eventAt)
      : addDays(kind === "sanction_appeal" ? sanctionAppealWindowEnds(eventAt) : complaintWindowEnds(eventAt), 1);
  const lastDay = kind === "certification_appeal" ? isoDay(closesAt) : isoDay(addDays(closesAt, -1));
  return { open: now.getTime() < closesAt.getTime(), closesAt, lastDay };
}

/** When a request's decision is due (docs/decisions/0004: 30 days for complaints and sanction appeals). */
export function requestDecisionDue(kind: RequestKind, submittedAt: Date): Date {
  if (kind === "accommodation") return accommodationDecisionDue(submittedAt);
  if (kind === "certification_appeal") return appealDecisionDue(submittedAt);
  return addDays(submittedAt, kind === "complaint" ? COMPLAINT_DAYS : SANCTION_APPEAL_DAYS);
}
