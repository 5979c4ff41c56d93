import { SAVE_GRACE_SECONDS, TESTING_AGREEMENT_PATH } from "../data/exam-delivery";
import { countryCodes, provinceCodes } from "../data/testing-countries";
import { endpoint, fileEndpoint, idParam, idParams, rowsEndpoint, wholeNumberParam } from "./endpoint";
import { z } from "./zod";

/**
 * The exam engine's API (issue 27): starting an exam from a voucher, the clock, one item at a time,
 * saving answers, taking over from another tab, submitting, and the score report. Server:
 * server/exams/routes.ts (candidate) and server/exams/staff-routes.ts (staff); the rules live in
 * server/exams/.
 *
 * A "sitting" is one delivery of an exam: its form, clock, answers and, once closed, its score report.
 * Its result is also recorded as an exam attempt (GET /me/results), through the same path staff use.
 *
 * Every answer about an open sitting carries `clock`: the server's time and the deadline in milliseconds
 * since 1970, so the page shows the time left from the server's clock, never from its own start.
 *
 * `holderId` is a random id the exam page makes once per tab (a UUID). One tab holds a sitting at a
 * time: another tab's requests get 409 `held_elsewhere` until it asks to take over; the old tab's then
 * get 409 `taken_over`.
 *
 * Error codes the exam screens handle (409 unless said): `not_delivered` (an exam without an outline, Technical Sales Specialist), `voucher_not_open`, `sitting_exists`,
 * `check_in_required` (no approved check-in for the voucher's booking), the
 * eligibility codes of /me/eligibility (`retake_wait`, `passed`, `accommodation_pending`, ...),
 * `held_elsewhere`, `taken_over`, `attempt_closed` (after the deadline or the submit), 404 `not_found`.
 */

export const EXAM_MESSAGES = {
  agreement: "You must accept the candidate agreement to start the exam.",
  nameMatches: "Please confirm that the name on your registration matches your ID exactly.",
  country: "Choose the country you are testing in.",
  province: "Choose the province or territory you are testing in.",
  holder: "This exam page could not be identified. Please reload the page.",
  declineConfirm: "Please confirm that you decline the agreement and forfeit the exam fee.",
  notDelivered:
    "This exam is not delivered on the site yet. Support schedules it with you: contact us with your voucher code.",
  sittingExists: "This exam has already been started. Continue it from your account.",
  checkInRequired:
    "This exam starts after a proctor approves your check-in (your photo, your ID, the testing area and a room scan). Check in from My exams: check-in opens 30 minutes before your booked time.",
  heldElsewhere:
    "This exam is open in another tab or on another device. Continue here to move it to this page; the other page will stop.",
  takenOver: "This exam was opened in another tab or on another device, so this page has stopped.",
  closed: "This exam has ended. Your answers were saved and scored.",
  declined: "You declined the candidate agreement. Under the agreement, the exam fee is forfeited.",
  seq: "Each save needs a sequence number.",
  position: "No question has this number.",
  choice: "This answer is not one of the question's options.",
} as const;

const itemParams = z.object({ id: idParam, position: wholeNumberParam(3, EXAM_MESSAGES.position) });

/** a tab's id: a UUID (the page makes it with crypto.randomUUID()) */
const holderId = z
  .string({ error: EXAM_MESSAGES.holder })
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, EXAM_MESSAGES.holder));
const holderQuery = z.object({ holderId });

/** an opaque option id: the page sends it back as the choice; it says nothing about the option's place in the bank */
const optionId = z.string().check(z.regex(/^[A-Za-z0-9_-]{4,32}$/, EXAM_MESSAGES.choice));

// ─── Starting and declining ──────────────────────────────────────────────────────────────────────

/**
 * POST /me/exams/:id/start (id: the voucher's registration id, from GET /me/exams). The agreement of
 * /testing/testing-agreement is accepted (its version and the time are stored), the testing country
 * (and in Canada the province) decides the ESL extension, and the candidate confirms that the
 * registration name matches the ID exactly. Answers 201 with the new sitting.
 */
export const startExamSchema = z
  .strictObject({
    acceptAgreement: z.literal(true, { error: EXAM_MESSAGES.agreement }),
    nameMatchesId: z.literal(true, { error: EXAM_MESSAGES.nameMatches }),
    country: z.enum(countryCodes as [string, ...string[]], { error: EXAM_MESSAGES.country }),
    /** required when the country is CA */
    province: z.optional(z.enum(provinceCodes as unknown as [string, ...string[]], { error: EXAM_MESSAGES.province })),
    holderId,
  })
  .check(
    z.superRefine((o, ctx) => {
      if (o.country === "CA" && !o.province)
        ctx.addIssue({ code: "custom", path: ["province"], message: EXAM_MESSAGES.province, input: o.province });
    }),
  );
export type StartExamInput = z.input<typeof startExamSchema>;

/** POST /me/exams/:id/decline: the agreement declined, the voucher forfeited (ask for confirmation first). */
export const declineExamSchema = z.strictObject({
  confirmForfeit: z.literal(true, { error: EXAM_MESSAGES.declineConfirm }),
});

// ─── The sitting ────────────────────────────────────────────────────────────────────────────────

/** ended: by a proctor or the return window after a lost connection (issue 28), without a score */
export const sittingStatuses = ["open", "submitted", "expired", "ended"] as const;

export const clockSchema = z.object({
  /** the server's time when it answered (ms since 1970) */
  now: z.number(),
  /** when the sitting closes (ms since 1970); null while it is paused by a proctor */
  deadline: z.nullable(z.number()),
  /** ms left (deadline - now, at least 0); while paused, what is left at the pause */
  remainingMs: z.number(),
  paused: z.boolean(),
  /** the minutes allowed and where they come from */
  minutes: z.object({
    base: z.number(),
    esl: z.number(),
    accommodation: z.number(),
    added: z.number(),
    total: z.number(),
  }),
});
export type Clock = z.output<typeof clockSchema>;

/** What is saved for one question. `choice`: an option id or null; `struck`: option ids crossed out. */
export const positionStateSchema = z.object({
  position: z.number(),
  choice: z.nullable(z.string()),
  flagged: z.boolean(),
  struck: z.array(z.string()),
  /** the newest sequence number the server applied for this question (0: never saved) */
  seq: z.number(),
});
export type PositionState = z.output<typeof positionStateSchema>;

export const sittingSummarySchema = z.object({
  id: z.number(),
  registrationId: z.number(),
  certId: z.number(),
  examTitle: z.string(),
  status: z.enum(sittingStatuses),
  startedAt: z.string(),
  /** ISO instant the sitting ended (submit or deadline), or null */
  endedAt: z.nullable(z.string()),
  /** pass or fail once scored */
  result: z.nullable(z.enum(["pass", "fail"])),
});
export type SittingSummary = z.output<typeof sittingSummarySchema>;

/** The whole state of an open sitting: what the exam page needs to (re)start. */
export const sittingStateSchema = z.extend(sittingSummarySchema, {
  itemCount: z.number(),
  /** the question last shown (1-based) */
  lastPosition: z.number(),
  answered: z.number(),
  flagged: z.number(),
  positions: z.array(positionStateSchema),
  clock: clockSchema,
  /** the ESL note when it applies (added, or Quebec's contact-support notice), else null */
  eslNote: z.nullable(z.string()),
});
export type SittingState = z.output<typeof sittingStateSchema>;

export const startExamEndpoint = endpoint("POST", "/me/exams/:id/start", {
  params: idParams,
  body: startExamSchema,
  response: { 201: z.object({ sitting: sittingStateSchema }) },
});

export const declineExamEndpoint = endpoint("POST", "/me/exams/:id/decline", {
  params: idParams,
  body: declineExamSchema,
  response: { 200: z.object({ message: z.string() }) },
});

/** GET /me/sittings: the candidate's sittings, newest first (the account shows Continue or the report). */
export const mySittingsEndpoint = rowsEndpoint("/me/sittings", "sittings", sittingSummarySchema);

/** GET /me/sittings/:id?holderId=…: resume. 409 held_elsewhere when another tab holds it; a closed sitting answers its summary with status submitted or expired. */
export const sittingStateEndpoint = endpoint("GET", "/me/sittings/:id", {
  params: idParams,
  querystring: holderQuery,
  response: { 200: z.object({ sitting: sittingStateSchema }) },
});

/** POST /me/sittings/:id/takeover: this tab becomes the holder; the other tab's next request gets taken_over. */
export const takeoverEndpoint = endpoint("POST", "/me/sittings/:id/takeover", {
  params: idParams,
  body: z.strictObject({ holderId }),
  response: { 200: z.object({ sitting: sittingStateSchema }) },
});

// ─── Items ────────────────────────────────────────────────────────────────────────────────────

/**
 * One question as the candidate sees it: the stem (plain paragraphs separated by blank lines, ```lang
 * fenced code blocks, `inline code`) and the options in this sitting's order with opaque ids. Never a
 * key, a rationale or a reference. Served with Cache-Control: no-store and X-Robots-Tag: noindex.
 */
export const candidateItemSchema = z.object({
  position: z.number(),
  itemCount: z.number(),
  stem: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  saved: positionStateSchema,
});
export type CandidateItem = z.output<typeof candidateItemSchema>;

/** GET /me/sittings/:id/items/:position?holderId=… (1-based); records it as the last question shown. 409 attempt_closed once ended. */
export const sittingItemEndpoint = endpoint("GET", "/me/sittings/:id/items/:position", {
  params: itemParams,
  querystring: holderQuery,
  response: { 200: z.object({ item: candidateItemSchema, clock: clockSchema }) },
});

// ─── Saving ───────────────────────────────────────────────────────────────────────────────────

export const saveSchema = z.strictObject({
  position: z.number().check(z.int(), z.minimum(1, EXAM_MESSAGES.position), z.maximum(999, EXAM_MESSAGES.position)),
  /** the tab's increasing counter: a save with a seq not above the stored one is acknowledged and ignored */
  seq: z.number({ error: EXAM_MESSAGES.seq }).check(z.int(), z.minimum(1, EXAM_MESSAGES.seq)),
  choice: z.nullable(optionId),
  flagged: z.boolean(),
  struck: z.array(optionId).check(z.maxLength(8)),
});
export type SaveInput = z.input<typeof saveSchema>;

/**
 * PUT /me/sittings/:id/answers: one question's state, or many (an offline journal replayed), each with
 * its seq. Accepted until the deadline plus SAVE_GRACE_SECONDS; after that 409 attempt_closed.
 * `applied` is false for a save whose seq was not newer than the stored one (the stored state wins).
 */
export const saveAnswersSchema = z.strictObject({
  holderId,
  saves: z.array(saveSchema).check(z.minLength(1), z.maxLength(200)),
});
export type SaveAnswersInput = z.input<typeof saveAnswersSchema>;

export const saveAnswersEndpoint = endpoint("PUT", "/me/sittings/:id/answers", {
  params: idParams,
  body: saveAnswersSchema,
  response: {
    200: z.object({
      results: z.array(z.object({ position: z.number(), seq: z.number(), applied: z.boolean() })),
      /** the stored state of every question the request named, after it */
      saved: z.array(positionStateSchema),
      clock: clockSchema,
    }),
  },
});

export { SAVE_GRACE_SECONDS, TESTING_AGREEMENT_PATH };

// ─── Submitting and the score report ────────────────────────────────────────────────────────────

export const domainScoreSchema = z.object({
  domain: z.string(),
  correct: z.number(),
  total: z.number(),
  /** correct / total × 100, rounded down */
  percent: z.number(),
});
export type DomainScore = z.output<typeof domainScoreSchema>;

/** The score report: computed once when the sitting closes and stored. */
export const scoreReportSchema = z.object({
  sittingId: z.number(),
  examTitle: z.string(),
  candidateName: z.string(),
  /** YYYY-MM-DD (UTC) the exam was sat */
  takenOn: z.string(),
  endedAt: z.string(),
  /** submitted by the candidate, or closed at the deadline */
  endedBy: z.enum(["submit", "deadline"]),
  result: z.enum(["pass", "fail"]),
  correct: z.number(),
  scored: z.number(),
  /** correct / scored × 100 rounded down to a whole number (a fail never shows the passing number) */
  scorePercent: z.number(),
  /** the exam's passing percentage (73 for "73%") */
  passingScore: z.number(),
  domains: z.array(domainScoreSchema),
  appeal: z.object({
    /** where an appeal is submitted (the account's requests page) */
    route: z.string(),
    hours: z.number(),
    /** ISO instant the 72-hour window ends */
    deadline: z.string(),
  }),
  /** after a fail: YYYY-MM-DD from which the exam can be bought again; null after a pass */
  retestOn: z.nullable(z.string()),
  /** after a pass: the certification's public id (for /verify and the certificate) */
  credentialId: z.nullable(z.string()),
  /**
   * the candidate's photograph taken at check-in (the report's photograph: the candidate and proctors only), or
   * null once the check-in photos are deleted; added when the report is read, not stored with it
   */
  photoUrl: z.optional(z.nullable(z.string())),
});
export type ScoreReport = z.output<typeof scoreReportSchema>;

/** POST /me/sittings/:id/submit: closes and scores the sitting; a pass issues the certification. */
export const submitSittingEndpoint = endpoint("POST", "/me/sittings/:id/submit", {
  params: idParams,
  body: z.strictObject({ holderId }),
  response: { 200: z.object({ report: scoreReportSchema }) },
});

/** GET /me/sittings/:id/report: the candidate's own closed sitting (a request on an overdue sitting closes it first). 409 attempt_open while it runs. */
export const sittingReportEndpoint = endpoint("GET", "/me/sittings/:id/report", {
  params: idParams,
  response: { 200: z.object({ report: scoreReportSchema }) },
});

/** GET /me/sittings/:id/report.pdf: the same report as a printable PDF. */
export const sittingReportPdfEndpoint = fileEndpoint("/me/sittings/:id/report.pdf", idParams);

// ─── Staff ──────────────────────────────────────────────────────────────────────────────────────

/** One position of a delivered form, for staff: the item, its version, the key and the candidate's answer. */
export const staffFormPositionSchema = z.object({
  position: z.number(),
  itemId: z.string(),
  version: z.number(),
  domain: z.string(),
  /** an unscored pretest item (issue 30.3) */
  pretest: z.boolean(),
  stem: z.string(),
  /** in the order the candidate saw them; `original` is the option's index in the bank item */
  options: z.array(z.object({ id: z.string(), text: z.string(), original: z.number() })),
  keyOptionId: z.string(),
  choice: z.nullable(z.string()),
  correct: z.boolean(),
  flagged: z.boolean(),
  rationale: z.string(),
  reference: z.nullable(z.string()),
});

export const staffSittingSchema = z.extend(sittingSummarySchema, {
  userId: z.nullable(z.number()),
  candidateName: z.string(),
  seed: z.string(),
  agreementVersion: z.string(),
  agreementAcceptedAt: z.string(),
  country: z.string(),
  province: z.nullable(z.string()),
  clock: clockSchema,
  report: z.nullable(scoreReportSchema),
  form: z.array(staffFormPositionSchema),
});
export type StaffSitting = z.output<typeof staffSittingSchema>;

/** GET /staff/sittings?userId=…: delivered sittings (a candidate's, or all), newest first. */
export const staffSittingsEndpoint = endpoint("GET", "/staff/sittings", {
  querystring: z.object({ userId: z.optional(idParam) }),
  response: {
    200: z.object({
      sittings: z.array(
        z.extend(sittingSummarySchema, {
          userId: z.nullable(z.number()),
          candidateName: z.string(),
          scorePercent: z.nullable(z.number()),
          domains: z.array(domainScoreSchema),
        }),
      ),
    }),
  },
});

/** GET /staff/sittings/:id: one sitting's form with the candidate's answers and the keys (appeals). */
export const staffSittingEndpoint = endpoint("GET", "/staff/sittings/:id", {
  params: idParams,
  response: { 200: z.object({ sitting: staffSittingSchema }) },
});
