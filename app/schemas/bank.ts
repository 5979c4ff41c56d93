import { endpoint, wholeNumberParam } from "./endpoint";
import { requiredText } from "./text";
import { z } from "./zod";

/**
 * The item bank as evidence judges it (issue 30.3-30.7), for the staff console: pretest items, item and
 * exam statistics, the cut-score study and QTI exchange. Every path is under /staff (the guarded scope,
 * server/app.ts); the server's rules are in server/items/.
 */

const itemIdField = z.string().check(z.minLength(1, "Give the item's id."), z.maxLength(120, "Not an item id."));
const versionField = z
  .number({ error: "Give the item's version (a whole number)." })
  .check(z.int("Give the item's version (a whole number)."), z.minimum(1, "Not a version."));

/** POST /staff/bank/pretest: marks an approved item version pretest (unscored on forms), or scored again. */
export const markPretestEndpoint = endpoint("POST", "/staff/bank/pretest", {
  body: z.object({
    itemId: itemIdField,
    version: versionField,
    pretest: z.boolean({ error: "Say whether the item is pretest (true or false)." }),
  }),
  response: {
    200: z.object({ item: z.object({ itemId: z.string(), version: z.number(), pretest: z.boolean() }) }),
  },
});

const certIdQuery = z.object({ certId: wholeNumberParam(4, "Choose an exam.") });

const ratio = z.nullable(z.number());

/** One item version's statistics (server/items/statistics.ts says how each is computed). */
export const itemStatisticsSchema = z.object({
  itemId: z.string(),
  version: z.number(),
  domain: z.string(),
  pretest: z.boolean(),
  n: z.number(),
  p: ratio,
  pointBiserial: ratio,
  optionShares: z.array(z.number()),
  omitted: z.number(),
  exposure: z.number(),
  forms: z.number(),
  flags: z.array(z.enum(["low_p", "high_p", "negative_point_biserial"])),
});
export type ItemStatisticsView = z.output<typeof itemStatisticsSchema>;

export const examStatisticsSchema = z.object({
  certId: z.number(),
  sittings: z.number(),
  forms: z.number(),
  scoredItems: ratio,
  meanScore: ratio,
  sdScore: ratio,
  kr20: ratio,
  sem: ratio,
  passRate: ratio,
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  items: z.array(itemStatisticsSchema),
});
export type ExamStatisticsView = z.output<typeof examStatisticsSchema>;

/** GET /staff/bank/statistics?certId=…: an exam's item and form statistics from its scored sittings. */
export const bankStatisticsEndpoint = endpoint("GET", "/staff/bank/statistics", {
  querystring: certIdQuery,
  response: { 200: z.object({ statistics: examStatisticsSchema }) },
});

// ─── the cut-score study (issue 30.6, decision 0025) ─────────────────────────────────────────────

export const ANGOFF_MESSAGES = {
  rating: "Give a rating from 0 to 100: the percentage of minimally competent candidates who would answer correctly.",
  passingScore: "Give the passing score as a whole percentage from 1 to 100.",
  reason: "Please give the reason for the passing score decision.",
} as const;

/** A whole percentage from `min` to 100: a rating or a passing score, with one message for anything else. */
const wholePercent = (min: number, message: string) =>
  z.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(100, message));

/** PUT /staff/bank/angoff: the signed-in rater's modified Angoff rating of an item version (replaces theirs). */
export const rateItemEndpoint = endpoint("PUT", "/staff/bank/angoff", {
  body: z.strictObject({
    itemId: itemIdField,
    version: versionField,
    rating: wholePercent(0, ANGOFF_MESSAGES.rating),
  }),
  response: { 200: z.object({ rating: z.object({ itemId: z.string(), version: z.number(), rating: z.number() }) }) },
});

export const cutScoreDecisionSchema = z.object({
  id: z.number(),
  passingScore: z.number(),
  publishedScore: z.number(),
  recommended: z.nullable(z.number()),
  reason: z.string(),
  decidedBy: z.string(),
  decidedAt: z.string(),
});

export const cutScoreStudySchema = z.object({
  certId: z.number(),
  /** the published passing score (app/data/exams.ts), percent */
  publishedScore: z.number(),
  /** the mean over rated items of their mean rating, percent (one decimal); null before any rating */
  recommended: z.nullable(z.number()),
  itemsRated: z.number(),
  itemsTotal: z.number(),
  raters: z.number(),
  items: z.array(
    z.object({
      itemId: z.string(),
      version: z.number(),
      domain: z.string(),
      stem: z.string(),
      ratings: z.number(),
      meanRating: z.nullable(z.number()),
      myRating: z.nullable(z.number()),
    }),
  ),
  decisions: z.array(cutScoreDecisionSchema),
});
export type CutScoreStudy = z.output<typeof cutScoreStudySchema>;

/** GET /staff/bank/cut-score?certId=…: the study (every rating, the recommendation) beside the published score. */
export const cutScoreStudyEndpoint = endpoint("GET", "/staff/bank/cut-score", {
  querystring: certIdQuery,
  response: { 200: z.object({ study: cutScoreStudySchema }) },
});

export const cutScoreDecisionInput = z.strictObject({
  certId: z.number({ error: "Choose an exam." }).check(z.int("Choose an exam.")),
  passingScore: wholePercent(1, ANGOFF_MESSAGES.passingScore),
  reason: requiredText(ANGOFF_MESSAGES.reason, 2000, undefined, { multiline: true }),
});

/** POST /staff/bank/cut-score/decisions: records a passing score decision with its reason (audited). */
export const recordCutScoreDecisionEndpoint = endpoint("POST", "/staff/bank/cut-score/decisions", {
  body: cutScoreDecisionInput,
  response: { 201: z.object({ decision: cutScoreDecisionSchema }) },
});
