/**
 * The item bank's file format: one JSON file per exam and domain, bank/<exam slug>/<domain slug>.json.
 * The files in this repository are the public sample bank; a confidential bank of the same format is
 * imported in its place (see bank/README.md). Full zod (not zod/mini): this module never reaches a browser.
 */
import * as z from "zod";

/** Engines that can compute an item's key (bank/README.md says what each runs and compares). */
export const checkEngines = ["js", "sql", "browser", "react"] as const;
export type CheckEngine = (typeof checkEngines)[number];

const fourStrings = z.tuple([z.string(), z.string(), z.string(), z.string()]);

/**
 * An executable key check. `mode: "output"`: the engine runs the item's program once and its result must
 * equal the key's option (or `optionValues[key]`) and no other option. `mode: "options"`: the engine runs
 * once per option (the option substituted into the program) and exactly the key's option must give
 * `expected`. Engine-specific fields ride along (passthrough) and each engine validates its own.
 */
export const itemCheck = z
  .object({
    engine: z.enum(checkEngines),
    mode: z.enum(["output", "options"]),
    /** machine-comparable values of the four options, in option order, when the option texts are prose */
    optionValues: fourStrings.optional(),
    /** mode "options": the result the key's option (and only it) produces */
    expected: z.string().optional(),
  })
  .passthrough();
export type ItemCheck = z.infer<typeof itemCheck>;

export const bankItem = z
  .object({
    /** stable id: <exam slug>-<domain slug>-<3 digits>, e.g. js-syntax-001 */
    id: z.string().regex(/^[a-z]+(-[a-z0-9]+)+-\d{3}$/),
    /** plain-text paragraphs separated by blank lines; ```lang fenced code blocks; `inline code` */
    stem: z.string().min(10),
    /** four distinct options, shown in a shuffled order: never "all/none of the above" or "A and B" */
    options: fourStrings.refine((o) => new Set(o.map((s) => s.trim())).size === 4 && o.every((s) => s.trim()), {
      message: "four distinct, non-empty options",
    }),
    /** index (0-3) of the correct option in `options` */
    key: z.number().int().min(0).max(3),
    /** why the key is right and the others wrong: staff see it, candidates never do */
    rationale: z.string().min(20),
    /** where the fact is documented (a specification section, MDN page, manual chapter) */
    reference: z.string().optional(),
    check: itemCheck.optional(),
  })
  .strict();
export type BankItem = z.infer<typeof bankItem>;

export const bankFile = z
  .object({
    /** "public-sample" for the files in this repository */
    bank: z.string().min(1),
    /** the exam's slug in app/data/exams.ts: js, mysql, react, htmlcss */
    exam: z.string(),
    /** the domain's title exactly as in the exam's weights table (policies §9) */
    domain: z.string(),
    items: z.array(bankItem).min(1),
  })
  .strict();
export type BankFile = z.infer<typeof bankFile>;
