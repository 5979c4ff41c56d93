import { endpoint } from "./endpoint";
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
export const markPretestEndpoint = endpoint({
  method: "POST",
  path: "/staff/bank/pretest",
  body: z.object({
    itemId: itemIdField,
    version: versionField,
    pretest: z.boolean({ error: "Say whether the item is pretest (true or false)." }),
  }),
  response: {
    200: z.object({ item: z.object({ itemId: z.string(), version: z.number(), pretest: z.boolean() }) }),
  },
});

const certIdQuery = z.object({
  certId: z.pipe(z.string().check(z.regex(/^\d{1,4}$/, "Choose an exam.")), z.transform(Number)),
});

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
export const bankStatisticsEndpoint = endpoint({
  method: "GET",
  path: "/staff/bank/statistics",
  querystring: certIdQuery,
  response: { 200: z.object({ statistics: examStatisticsSchema }) },
});
