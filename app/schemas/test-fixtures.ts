import { endpoint } from "./endpoint";
import { z } from "./zod";

/**
 * Test fixtures for the browser journeys (server/testing/fixture-routes.ts): registered only when the
 * server runs with E2E_FIXTURES=true outside production, so journeys set up data without the staff console.
 */
export const fixtureResultEndpoint = endpoint("POST", "/test-fixtures/result", {
  body: z.strictObject({
    /** the exam whose open voucher gets the result (default: the newest open voucher) */
    certId: z.optional(z.number()),
    scorePercent: z.optional(z.number().check(z.gte(0), z.lte(100))),
    indeterminate: z.optional(z.boolean()),
  }),
  response: {
    201: z.object({
      result: z.enum(["pass", "fail", "indeterminate"]),
      voucherCode: z.string(),
      credentialId: z.nullable(z.string()),
    }),
  },
});

/**
 * The first admin as `npm run admin:create` makes it (the same createInvitation, no e-mail): answers
 * the one-time set-password link's path. No session needed: the command line has none either.
 */
export const fixtureAdminInvitationEndpoint = endpoint("POST", "/test-fixtures/admin-invitation", {
  /** role: an admin unless said (a proctor for the proctoring journeys) */
  body: z.strictObject({ email: z.email(), role: z.optional(z.enum(["admin", "proctor"])) }),
  response: { 201: z.object({ path: z.string() }) },
});

const sittingBody = z.strictObject({ sittingId: z.number().check(z.int(), z.positive()) });

/** The keys of the signed-in candidate's own sitting, as option ids by position: a journey answers with them. */
export const fixtureSittingKeysEndpoint = endpoint("POST", "/test-fixtures/sitting-keys", {
  body: sittingBody,
  response: { 200: z.object({ keys: z.array(z.object({ position: z.number(), optionId: z.string() })) }) },
});

/**
 * Moves the signed-in candidate's sitting back in time by `minutes` (its start and deadline, and its voucher's
 * purchase), as if it had started that long before: a journey lets the deadline pass without waiting 90 minutes.
 */
export const fixtureSittingAgeEndpoint = endpoint("POST", "/test-fixtures/sitting-age", {
  body: z.strictObject({ sittingId: z.number().check(z.int(), z.positive()), minutes: z.number().check(z.int()) }),
  response: { 200: z.object({ deadline: z.nullable(z.string()) }) },
});

/** The sitting's row as stored, read without touching it (an API request on an overdue sitting would close it). */
export const fixtureSittingRowEndpoint = endpoint("POST", "/test-fixtures/sitting-row", {
  body: sittingBody,
  response: {
    200: z.object({ status: z.string(), endedBy: z.nullable(z.string()), correct: z.nullable(z.number()) }),
  },
});

/**
 * Six candidates sit the known response matrix of server/testing/cohort.ts on one form made of the exam's
 * first six approved four-option items of its first domain (the sixth as a pretest item), through the engine:
 * the statistics journey (tests/e2e/item-statistics.spec.ts) then reads the console.
 */
export const fixtureBankCohortEndpoint = endpoint("POST", "/test-fixtures/bank-cohort", {
  body: z.strictObject({ certId: z.number().check(z.int(), z.positive()) }),
  response: { 201: z.object({ items: z.array(z.object({ itemId: z.string(), version: z.number() })) }) },
});

const voucherBody = { voucherCode: z.string().check(z.minLength(1), z.maxLength(40)) };

/**
 * The signed-in candidate's voucher gets a booking (its own, or one starting now) and a check-in a proctor
 * approved: the exam journeys start exams without going through check-in (tests/e2e/proctoring.spec.ts does).
 */
export const fixtureApprovedCheckInEndpoint = endpoint("POST", "/test-fixtures/approved-check-in", {
  body: z.strictObject(voucherBody),
  response: { 201: z.object({ checkInId: z.number() }) },
});

/**
 * Moves the signed-in candidate's booking of the voucher to start `minutesFromNow` minutes from now (negative:
 * in the past), so a journey opens or closes its check-in window; `noShows` then runs the no-show job.
 */
export const fixtureBookingTimeEndpoint = endpoint("POST", "/test-fixtures/booking-time", {
  body: z.strictObject({
    ...voucherBody,
    minutesFromNow: z.number().check(z.int(), z.gte(-24 * 60), z.lte(24 * 60)),
    noShows: z.optional(z.boolean()),
  }),
  response: { 200: z.object({ startsAt: z.string(), status: z.string() }) },
});

/**
 * As if the signed-in candidate's sitting had been silent for `seconds`: its start, deadline, pauses and
 * last heartbeat move that far back together, so the time left at the last heartbeat is unchanged and the
 * server's disconnection rule applies at the next read (a journey does not wait a minute offline).
 */
export const fixtureSittingSilenceEndpoint = endpoint("POST", "/test-fixtures/sitting-silence", {
  body: z.strictObject({
    sittingId: z.number().check(z.int(), z.positive()),
    seconds: z.number().check(z.int(), z.gte(1), z.lte(3600)),
  }),
  response: { 200: z.object({ lastSeenAt: z.nullable(z.string()) }) },
});
