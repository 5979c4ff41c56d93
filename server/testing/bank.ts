/**
 * Test helper: a tiny bank written to a temporary folder, in the real format (bank/README.md), for the
 * exam engine's tests, so they do not depend on the sample bank's progress. Every domain gets exactly the
 * minimum (1.5 times its questions); the key of item n is option n % 4.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { certifications } from "../../app/data/exams";
import type { AppOptions } from "../app";
import { importBank } from "../exams/bank/import";
import { domainSlug, minimumItems } from "../exams/bank/load";
import { testApp, type TestContext } from "./helpers";

export function writeTinyBank(slugs: string[] = ["js"], opts: { bank?: string; variant?: string } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-bank-"));
  for (const slug of slugs) {
    const exam = certifications.find((c) => c.slug === slug)!;
    fs.mkdirSync(path.join(dir, slug));
    for (const w of exam.details!.weights) {
      const d = domainSlug(w.title);
      const items = Array.from({ length: minimumItems(w.questions) }, (_, i) => ({
        id: `${slug}-${d}-${String(i + 1).padStart(3, "0")}`,
        stem: `Tiny ${w.title} question ${i + 1}${opts.variant ?? ""}: which option is the key?`,
        options: [`alpha ${i}`, `bravo ${i}`, `charlie ${i}`, `delta ${i}`],
        key: i % 4,
        rationale: `The key of this test item is option ${i % 4}, by construction.`,
      }));
      fs.writeFileSync(
        path.join(dir, slug, `${d}.json`),
        JSON.stringify({ bank: opts.bank ?? "test-bank", exam: slug, domain: w.title, items }, null, 2),
      );
    }
  }
  return dir;
}

/** The app on a fresh database (testApp, with its overrides) whose bank is the tiny bank of `slugs`, imported. */
export async function testAppWithTinyBank(
  slugs: string[],
  overrides: Partial<AppOptions> = {},
  envOverrides: Record<string, string> = {},
): Promise<TestContext> {
  const t = await testApp(overrides, envOverrides);
  await importBank(t.app.db, { dir: writeTinyBank(slugs) });
  return t;
}
