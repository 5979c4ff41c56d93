/**
 * Imports an item bank into the database (`npm run bank:import`, and at start-up when no item is stored):
 * the whole bank is validated first with loadExamBank, and nothing is stored when any file has a problem.
 * Then, in one transaction, per exam the bank covers: an unchanged item keeps its version, a changed item
 * gets the next version (the old one is retired but kept, since forms refer to it), a new item gets
 * version 1, and an item of that exam missing from the bank is retired. Items the console owns (AUTHORED_BANK)
 * are left as they are.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { certifications } from "../../../app/data/exams";
import type { Db } from "../../db/client";
import { examItems } from "../../db/schema";
import { isDelivered } from "../blueprint";
import { loadExamBank, sampleBankDir } from "./load";

export interface ImportSummary {
  bank: string;
  exams: string[];
  added: number;
  changed: number;
  unchanged: number;
  retired: number;
}

/**
 * The `bank` of every version written in the console (/staff/items, server/items): once an item has such a
 * version, the console owns it and an import of bank files leaves it alone (neither a new version from the
 * file nor its retirement when the files lack it). docs/decisions/0024-item-authoring-in-the-console.md.
 */
export const AUTHORED_BANK = "console";

/** The advisory lock key that serialises bank imports across processes ("citbbank" as a number). */
const BANK_IMPORT_LOCK = 0x6369_7462_6261_6e6bn.toString();

export class BankProblemsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The bank was not imported: ${problems.length} problem(s).\n${problems.map((p) => `- ${p}`).join("\n")}`);
  }
}

/** An item's content: from a bank file (BankItem), a stored version or the console's form (null for none). */
interface ItemContent {
  stem: string;
  options: readonly string[];
  key: number;
  rationale: string;
  reference?: string | null;
  check?: unknown;
}

/** The fields that make an item's content: a change to any of them is a new version. */
export function contentHash(domain: string, item: ItemContent): string {
  const content = {
    domain,
    stem: item.stem,
    options: item.options,
    key: item.key,
    rationale: item.rationale,
    reference: item.reference ?? null,
    check: item.check ?? null,
  };
  return createHash("sha256")
    .update(JSON.stringify(canonical(content)))
    .digest("hex");
}

/** A value with every object's keys in sorted order, so that equal content hashes equally (jsonb reorders keys). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/**
 * The hash of a stored version's content, from its own columns: what an import compares with. A QTI export of the
 * database carries the check as PostgreSQL returned it (jsonb orders keys its own way), and a stored hash made
 * before the keys were put in order would differ for the same content.
 */
function storedContentHash(row: typeof examItems.$inferSelect): string {
  return contentHash(row.domain, row);
}

/** The bank folder the server loads at start-up: EXAM_BANK_DIR, else the repository's bank/ (also from a build). */
export function defaultBankDir(configured?: string): string {
  if (configured) return path.resolve(configured);
  if (fs.existsSync(sampleBankDir)) return sampleBankDir;
  return path.resolve("bank");
}

/**
 * Validates and imports the bank in `dir`: every delivered exam whose folder the bank has (at least one).
 * `bank`, when given, must be the name every file declares. Throws BankProblemsError listing every
 * problem, having stored nothing.
 */
export async function importBank(db: Db, opts: { dir: string; bank?: string; now?: Date }): Promise<ImportSummary> {
  const now = opts.now ?? new Date();
  const exams = certifications.filter(isDelivered).filter((c) => fs.existsSync(path.join(opts.dir, c.slug)));
  const problems: string[] = [];
  if (exams.length === 0)
    problems.push(
      `${opts.dir} holds no exam folder (${certifications
        .filter(isDelivered)
        .map((c) => c.slug)
        .join(", ")})`,
    );
  const loaded = exams.map((exam) => ({ exam, ...loadExamBank(exam.slug, opts.dir) }));
  const names = new Set<string>();
  for (const l of loaded) {
    problems.push(...l.problems);
    for (const f of l.files) names.add(f.bank);
  }
  if (opts.bank && [...names].some((n) => n !== opts.bank))
    problems.push(`the files name the bank ${[...names].join(", ")}, not ${opts.bank}`);
  if (!opts.bank && names.size > 1) problems.push(`the files name more than one bank: ${[...names].join(", ")}`);
  if (problems.length) throw new BankProblemsError(problems);
  const bank = opts.bank ?? [...names][0]!;

  const summary: ImportSummary = {
    bank,
    exams: exams.map((e) => e.slug),
    added: 0,
    changed: 0,
    unchanged: 0,
    retired: 0,
  };
  await db.transaction(async (tx) => {
    // Two server processes starting together on one PostgreSQL database both find no item and both import:
    // the second waits here for the first to commit, then reads its rows and finds every item unchanged.
    await tx.execute(sql`select pg_advisory_xact_lock(${BANK_IMPORT_LOCK})`);
    for (const { exam, files } of loaded) {
      const stored = await tx.select().from(examItems).where(eq(examItems.certId, exam.id));
      const latest = new Map<string, typeof examItems.$inferSelect>();
      for (const row of stored) {
        const l = latest.get(row.itemId);
        if (!l || row.version > l.version) latest.set(row.itemId, row);
      }
      const seen = new Set<string>();
      const inserts: (typeof examItems.$inferInsert)[] = [];
      const retire: number[] = [];
      const revive: number[] = [];
      const owned = new Set(stored.filter((r) => r.bank === AUTHORED_BANK).map((r) => r.itemId));
      for (const file of files) {
        for (const item of file.items) {
          seen.add(item.id);
          if (owned.has(item.id)) {
            summary.unchanged++;
            continue;
          }
          const hash = contentHash(file.domain, item);
          const prev = latest.get(item.id);
          if (prev && storedContentHash(prev) === hash) {
            summary.unchanged++;
            if (prev.state !== "approved") revive.push(prev.id);
            continue;
          }
          if (prev) {
            summary.changed++;
            if (prev.state === "approved") retire.push(prev.id);
          } else summary.added++;
          inserts.push({
            itemId: item.id,
            version: (prev?.version ?? 0) + 1,
            certId: exam.id,
            domain: file.domain,
            stem: item.stem,
            options: [...item.options],
            key: item.key,
            rationale: item.rationale,
            reference: item.reference ?? null,
            check: (item.check as Record<string, unknown> | undefined) ?? null,
            state: "approved",
            contentHash: hash,
            bank,
            createdAt: now,
          });
        }
      }
      for (const [itemId, row] of latest)
        if (!seen.has(itemId) && !owned.has(itemId) && row.state === "approved") {
          retire.push(row.id);
          summary.retired++;
        }
      if (retire.length)
        await tx.update(examItems).set({ state: "retired", retiredAt: now }).where(inArray(examItems.id, retire));
      if (revive.length)
        await tx
          .update(examItems)
          .set({ state: "approved", retiredAt: null, bank })
          .where(and(inArray(examItems.id, revive)));
      for (let i = 0; i < inserts.length; i += 500) await tx.insert(examItems).values(inserts.slice(i, i + 500));
    }
  });
  return summary;
}

/** Whether any item is stored (the server imports the sample bank at start-up when none is). */
export async function hasItems(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: examItems.id }).from(examItems).limit(1);
  return !!row;
}
