/**
 * Reads the item bank's files (bank/<exam slug>/<domain slug>.json) and checks them against the exam's
 * published blueprint (app/data/exams.ts): every domain of the weights table has its file, holds at
 * least 1.5 times the questions a form draws from it, and every item is valid and uniquely named.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { certifications } from "../../../app/data/exams";
import { bankFile, type BankFile } from "./schema";

/** the public sample bank in this repository */
export const sampleBankDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../bank");

/** "Stored Procedures and Functions" → "stored-procedures-and-functions" */
export function domainSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Each domain must hold at least this many items: 1.5 times its questions on a form, rounded up. */
export function minimumItems(questions: number): number {
  return Math.ceil(questions * 1.5);
}

export interface LoadedBank {
  files: BankFile[];
  problems: string[];
}

/** Every file of one exam's bank, parsed; `problems` lists each file, schema and blueprint problem found. */
export function loadExamBank(slug: string, dir = sampleBankDir): LoadedBank {
  const exam = certifications.find((c) => c.slug === slug);
  const problems: string[] = [];
  const files: BankFile[] = [];
  if (!exam?.details) return { files, problems: [`no exam with a published blueprint has the slug ${slug}`] };
  const folder = path.join(dir, slug);
  const seen = new Set<string>();
  for (const w of exam.details.weights) {
    const file = path.join(folder, `${domainSlug(w.title)}.json`);
    if (!fs.existsSync(file)) {
      problems.push(`${slug}: no file for the domain "${w.title}" (${path.relative(dir, file)})`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (e) {
      problems.push(`${path.relative(dir, file)}: not JSON (${(e as Error).message})`);
      continue;
    }
    const parsed = bankFile.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${path.relative(dir, file)}: ${issue.path.join(".")}: ${issue.message}`);
      continue;
    }
    const f = parsed.data;
    if (f.exam !== slug) problems.push(`${path.relative(dir, file)}: exam is "${f.exam}", expected "${slug}"`);
    if (f.domain !== w.title)
      problems.push(`${path.relative(dir, file)}: domain is "${f.domain}", expected "${w.title}"`);
    if (f.items.length < minimumItems(w.questions))
      problems.push(
        `${slug} / ${w.title}: ${f.items.length} items, at least ${minimumItems(w.questions)} needed (1.5 × ${w.questions})`,
      );
    const prefix = `${slug}-${domainSlug(w.title)}-`;
    for (const item of f.items) {
      if (!item.id.startsWith(prefix)) problems.push(`${item.id}: the id should start with ${prefix}`);
      if (seen.has(item.id)) problems.push(`${item.id}: used twice`);
      seen.add(item.id);
    }
    files.push(f);
  }
  const extra = fs.existsSync(folder)
    ? fs.readdirSync(folder).filter((n) => !exam.details!.weights.some((w) => `${domainSlug(w.title)}.json` === n))
    : [];
  for (const n of extra) problems.push(`${slug}/${n}: not a domain of the exam's weights table`);
  return { files, problems };
}
