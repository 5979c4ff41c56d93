/**
 * The item bank's authoring and review in the console (issue 30.1, 30.2): the SME's agreement, the bank's
 * list, one item with its versions, writing and the review steps. Every path is under /staff: staff and
 * admins read the bank; only subject-matter experts who accepted the current agreement write and review
 * it (server/items/routes.ts).
 */
import { endpoint, idParams } from "./endpoint";
import { listEndpoint, listQuery } from "./staff";
import { optionalText, requiredText } from "./text";
import { z } from "./zod";

/** An item's states: written (draft), waiting for a second SME (in_review), deliverable (approved), withdrawn (retired). */
export const itemStates = ["draft", "in_review", "approved", "retired"] as const;
export type ItemState = (typeof itemStates)[number];
export const itemStateTitles: Record<ItemState, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
  retired: "Retired",
};

/** What the key check's last run found: passed, failed, or not run here (no engine: said, never a pass). */
export const checkStatuses = ["passed", "failed", "not_run"] as const;
export type CheckStatus = (typeof checkStatuses)[number];

// ---- the SME's agreement (issue 30.1) --------------------------------------------------------------

const acceptanceSchema = z.nullable(z.object({ version: z.string(), acceptedAt: z.string() }));
const agreementStatusSchema = z.object({
  nda: acceptanceSchema,
  coi: acceptanceSchema,
  /** both accepted in their current versions: the bank opens */
  current: z.boolean(),
});
export type AgreementStatus = z.output<typeof agreementStatusSchema>;

export const smeAgreementEndpoint = endpoint("GET", "/staff/sme-agreement", {
  response: { 200: agreementStatusSchema },
});

export const acceptAgreementSchema = z.strictObject({
  /** the versions the SME read (a text changed meanwhile is refused, 409) */
  ndaVersion: z.string().check(z.maxLength(40)),
  coiVersion: z.string().check(z.maxLength(40)),
  acceptNda: z.literal(true, { error: "Accept the non-disclosure agreement to continue." }),
  noConflict: z.literal(true, { error: "Declare that you have no conflict of interest to continue." }),
});
export type AcceptAgreementInput = z.input<typeof acceptAgreementSchema>;

export const acceptAgreementEndpoint = endpoint("POST", "/staff/sme-agreement", {
  body: acceptAgreementSchema,
  response: { 200: agreementStatusSchema },
});

// ---- the bank's list -------------------------------------------------------------------------------

export const itemsQuerySchema = listQuery({
  exam: z.optional(z.string().check(z.maxLength(20))),
  domain: optionalText(100),
  state: z.optional(z.enum(itemStates, { error: "Not an item state." })),
});

/** Which item version a row is: its row id, the item's id and version number, its exam and domain. */
const itemVersionFields = {
  id: z.number(),
  itemId: z.string(),
  version: z.number(),
  exam: z.string(),
  domain: z.string(),
};

const itemRowSchema = z.object({
  ...itemVersionFields,
  state: z.enum(itemStates),
  /** the stem's first words, for the list */
  excerpt: z.string(),
  author: z.nullable(z.string()),
  checkStatus: z.nullable(z.enum(checkStatuses)),
  updatedAt: z.string(),
});
export type ItemRow = z.output<typeof itemRowSchema>;

export const itemsEndpoint = listEndpoint("/staff/items", itemsQuerySchema, "items", itemRowSchema);

// ---- one item ----------------------------------------------------------------------------------------

const MULTILINE = { multiline: true } as const;
const option = (letter: string) =>
  requiredText(`Write option ${letter}.`, 1000, "Please use at most 1000 characters for an option.", MULTILINE);

/**
 * What an SME writes: the exam and its domain (from the exam's weights table), the stem (paragraphs,
 * ```lang fenced code blocks, `inline code`), four distinct options, the key, the rationale, the
 * reference and, optionally, the executable key check as JSON (bank/README.md, "Key checks").
 */
export const itemInputSchema = z
  .strictObject({
    exam: requiredText("Choose the exam.", 20),
    domain: requiredText("Choose the domain.", 100),
    stem: requiredText("Write the question's stem.", 8000, "Please use at most 8000 characters.", MULTILINE).check(
      z.minLength(10, "Write a stem of at least 10 characters."),
    ),
    options: z.tuple([option("A"), option("B"), option("C"), option("D")]),
    key: z.number({ error: "Choose the correct option." }).check(z.int(), z.minimum(0), z.maximum(3)),
    rationale: requiredText(
      "Write the rationale: why the key is right and the others are wrong.",
      8000,
      "Please use at most 8000 characters.",
      MULTILINE,
    ).check(z.minLength(20, "Write a rationale of at least 20 characters.")),
    reference: optionalText(500),
    /** the key check as JSON text; empty: the item has none (its key rests on the rationale and the review) */
    check: optionalText(20000, "Please keep the key check under 20000 characters.", MULTILINE),
  })
  .check(
    z.refine((v) => new Set(v.options.map((o) => o.trim().toLowerCase())).size === 4, {
      message: "The four options must differ from each other.",
      path: ["options"],
    }),
    z.refine(
      (v) => {
        if (!v.check?.trim()) return true;
        try {
          const parsed: unknown = JSON.parse(v.check);
          return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
        } catch {
          return false;
        }
      },
      {
        message: 'The key check must be a JSON object, such as {"engine": "js", "mode": "output", …}.',
        path: ["check"],
      },
    ),
  );
export type ItemInput = z.input<typeof itemInputSchema>;

const itemSchema = z.object({
  ...itemVersionFields,
  stem: z.string(),
  options: z.array(z.string()),
  key: z.number(),
  rationale: z.string(),
  reference: z.string(),
  /** the key check as formatted JSON, or "" */
  check: z.string(),
  state: z.enum(itemStates),
  /** an approved version marked pretest (issue 30.3): delivered only as an unscored pretest item */
  pretest: z.boolean(),
  bank: z.string(),
  authorId: z.nullable(z.number()),
  author: z.nullable(z.string()),
  reviewer: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  approvedAt: z.nullable(z.string()),
  retiredAt: z.nullable(z.string()),
  reviewNote: z.nullable(z.string()),
  checkStatus: z.nullable(z.enum(checkStatuses)),
  checkOutput: z.nullable(z.string()),
  checkedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.output<typeof itemSchema>;

const versionSchema = z.object({
  id: z.number(),
  version: z.number(),
  state: z.enum(itemStates),
  createdAt: z.string(),
});
export type ItemVersion = z.output<typeof versionSchema>;

const itemAnswer = z.object({ item: itemSchema, versions: z.array(versionSchema) });
export type ItemAnswer = z.output<typeof itemAnswer>;

export const itemEndpoint = endpoint("GET", "/staff/items/:id", {
  params: idParams,
  response: { 200: itemAnswer },
});

export const createItemEndpoint = endpoint("POST", "/staff/items", {
  body: itemInputSchema,
  response: { 201: itemAnswer },
});

/** Saves a draft (its author only); the key check runs again on what was saved. */
export const updateItemEndpoint = endpoint("PUT", "/staff/items/:id", {
  params: idParams,
  body: itemInputSchema,
  response: { 200: itemAnswer },
});

/** A new version (N+1, a draft) of an approved or retired item; the version it copies stays as it is. */
export const newVersionEndpoint = endpoint("POST", "/staff/items/:id/versions", {
  params: idParams,
  response: { 201: itemAnswer },
});

/**
 * The review steps: submit (draft → in review, the author), approve (in review → approved, a second SME,
 * never the author; a failing or unrun key check blocks it), return (in review → draft, with the
 * reason), retire (approved → retired, with the reason).
 */
export const reviewActions = ["submit", "approve", "return", "retire"] as const;
export type ReviewAction = (typeof reviewActions)[number];
export const reviewSchema = z.strictObject({
  action: z.enum(reviewActions, { error: "Not a review step." }),
  reason: optionalText(2000, "Please use at most 2000 characters.", MULTILINE),
});
export type ReviewInput = z.input<typeof reviewSchema>;

export const reviewItemEndpoint = endpoint("POST", "/staff/items/:id/review", {
  params: idParams,
  body: reviewSchema,
  response: { 200: itemAnswer },
});
