/**
 * QTI 3.0 exchange of the item bank (issue 30.7). A package is a zip holding imsmanifest.xml and one
 * qti-assessment-item per item (items/<id>.xml): a qti-choice-interaction with four qti-simple-choice
 * options, its qti-response-declaration with the key as qti-correct-response, and qti-response-processing by
 * the match_correct template. What QTI has no element for (the exam, domain and source bank, the rationale, the
 * reference and the executable key check) rides in the manifest's metadata of each resource, in this
 * programme's namespace. Import checks the whole package, turns it into the bank's file format and imports
 * it with importBank, which checks the bank whole again: every problem is reported and nothing is stored
 * while any remains (as the results CSV import and `npm run bank:import` do).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { XMLParser } from "fast-xml-parser";
import { and, eq } from "drizzle-orm";
import { certifications } from "../../app/data/exams";
import type { Db } from "../db/client";
import { examItems } from "../db/schema";
import { isDelivered } from "../exams/blueprint";
import { BankProblemsError, importBank, type ImportSummary } from "../exams/bank/import";
import { domainSlug } from "../exams/bank/load";
import type { BankFile, BankItem } from "../exams/bank/schema";

const QTI_NS = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0";
const CP_NS = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1";
const CITB_NS = "https://citb.example/ns/item-bank/1";
const MATCH_CORRECT = "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml";
const ITEM_TYPE = "imsqti_item_xmlv3p0";
const LETTERS = ["A", "B", "C", "D"];

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** One item as a qti-assessment-item document. */
export function itemXml(item: BankItem): string {
  const choices = item.options
    .map((o, i) => `      <qti-simple-choice identifier="${LETTERS[i]}">${esc(o)}</qti-simple-choice>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${QTI_NS}" identifier="${esc(item.id)}" title="${esc(item.id)}" adaptive="false" time-dependent="false" xml:lang="en">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
    <qti-correct-response>
      <qti-value>${LETTERS[item.key]}</qti-value>
    </qti-correct-response>
  </qti-response-declaration>
  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float">
    <qti-default-value>
      <qti-value>0</qti-value>
    </qti-default-value>
  </qti-outcome-declaration>
  <qti-item-body>
    <qti-choice-interaction response-identifier="RESPONSE" shuffle="true" max-choices="1">
      <qti-prompt>${esc(item.stem)}</qti-prompt>
${choices}
    </qti-choice-interaction>
  </qti-item-body>
  <qti-response-processing template="${MATCH_CORRECT}"/>
</qti-assessment-item>
`;
}

/** A package of bank files: the manifest and one item document per item. */
export function toQtiPackage(files: readonly BankFile[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  const resources: string[] = [];
  for (const f of files)
    for (const item of f.items) {
      const href = `items/${item.id}.xml`;
      entries[href] = strToU8(itemXml(item));
      const extra = [
        `<citb:rationale>${esc(item.rationale)}</citb:rationale>`,
        item.reference !== undefined ? `<citb:reference>${esc(item.reference)}</citb:reference>` : "",
        item.check ? `<citb:check>${esc(JSON.stringify(item.check))}</citb:check>` : "",
      ].join("");
      resources.push(`    <resource identifier="${esc(item.id)}" type="${ITEM_TYPE}" href="${href}">
      <metadata><citb:item bank="${esc(f.bank)}" exam="${esc(f.exam)}" domain="${esc(f.domain)}">${extra}</citb:item></metadata>
      <file href="${href}"/>
    </resource>`);
    }
  entries["imsmanifest.xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="${CP_NS}" xmlns:citb="${CITB_NS}" identifier="citb-item-bank">
  <metadata>
    <schema>QTI Package</schema>
    <schemaversion>3.0.0</schemaversion>
  </metadata>
  <organizations/>
  <resources>
${resources.join("\n")}
  </resources>
</manifest>
`);
  return zipSync(entries, { mtime: new Date("2026-01-01T00:00:00Z") });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  isArray: (name) => ["resource", "qti-simple-choice", "qti-value", "file"].includes(name),
});

type Node = Record<string, unknown>;
const text = (n: unknown): string | undefined =>
  typeof n === "string"
    ? n
    : n && typeof n === "object" && "#text" in n
      ? String((n as Node)["#text"])
      : n === ""
        ? ""
        : undefined;
const child = (n: unknown, name: string): Node | undefined =>
  n && typeof n === "object" ? ((n as Node)[name] as Node | undefined) : undefined;
const attr = (n: unknown, name: string): string | undefined =>
  n && typeof n === "object" ? ((n as Node)[`@_${name}`] as string | undefined) : undefined;

/** Reads one item document; every problem is named with the file. */
function readItem(xml: string, href: string, problems: string[]): Omit<BankItem, "rationale"> | null {
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (e) {
    problems.push(`${href}: not well-formed XML (${(e as Error).message.split("\n")[0]})`);
    return null;
  }
  const item = child(doc, "qti-assessment-item");
  if (!item) {
    problems.push(`${href}: no qti-assessment-item`);
    return null;
  }
  const before = problems.length;
  const id = attr(item, "identifier") ?? "";
  const decl = child(item, "qti-response-declaration");
  const interaction = child(child(item, "qti-item-body"), "qti-choice-interaction");
  const rp = child(item, "qti-response-processing");
  if (!interaction) problems.push(`${href}: no qti-choice-interaction (only choice items are imported)`);
  if (!decl || attr(decl, "cardinality") !== "single")
    problems.push(`${href}: the qti-response-declaration must be single-cardinality`);
  if (attr(rp, "template") !== MATCH_CORRECT)
    problems.push(`${href}: qti-response-processing must use the match_correct template`);
  const choices = (interaction?.["qti-simple-choice"] as unknown[] | undefined) ?? [];
  if (choices.length !== 4) problems.push(`${href}: ${choices.length} qti-simple-choice, 4 needed`);
  const ids = choices.map((c) => attr(c, "identifier"));
  const values = (child(child(decl, "qti-correct-response"), "qti-value") as unknown as unknown[] | undefined) ?? [];
  const correct = values.length === 1 ? text(values[0]) : undefined;
  const key = correct === undefined ? -1 : ids.indexOf(correct);
  if (key < 0) problems.push(`${href}: the qti-correct-response must name exactly one of the choices`);
  const stem = text(interaction?.["qti-prompt"]);
  if (!stem?.trim()) problems.push(`${href}: no qti-prompt (the stem)`);
  if (problems.length > before) return null;
  return { id, stem: stem!, options: choices.map((c) => text(c) ?? "") as BankItem["options"], key };
}

/** Reads a package whole: the bank files it holds, and every problem found (file by file). */
export function fromQtiPackage(zip: Uint8Array): { files: BankFile[]; problems: string[] } {
  const problems: string[] = [];
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip);
  } catch (e) {
    return { files: [], problems: [`not a zip package (${(e as Error).message})`] };
  }
  const manifestBytes = entries["imsmanifest.xml"];
  if (!manifestBytes) return { files: [], problems: ["the package has no imsmanifest.xml"] };
  let manifest: Node;
  try {
    manifest = parser.parse(strFromU8(manifestBytes), true) as Node;
  } catch (e) {
    return { files: [], problems: [`imsmanifest.xml: not well-formed XML (${(e as Error).message.split("\n")[0]})`] };
  }
  const resources = (child(child(manifest, "manifest"), "resources")?.resource as unknown[] | undefined) ?? [];
  const byFile = new Map<string, BankFile>();
  for (const r of resources) {
    if (attr(r, "type") !== ITEM_TYPE) continue;
    const href = attr(r, "href") ?? "";
    const meta = child(child(r, "metadata"), "item");
    if (!meta) {
      problems.push(`${href}: the manifest gives no exam and domain for it (metadata item)`);
      continue;
    }
    const bytes = entries[href];
    if (!bytes) {
      problems.push(`${href}: named in imsmanifest.xml but not in the package`);
      continue;
    }
    const read = readItem(strFromU8(bytes), href, problems);
    if (!read) continue;
    const [bank, exam, domain] = [attr(meta, "bank") ?? "", attr(meta, "exam") ?? "", attr(meta, "domain") ?? ""];
    const reference = text(meta.reference);
    const checkText = text(meta.check);
    let check: BankItem["check"];
    if (checkText !== undefined)
      try {
        check = JSON.parse(checkText) as BankItem["check"];
      } catch {
        problems.push(`${href}: its key check is not JSON`);
        continue;
      }
    const k = `${bank}\u0000${exam}\u0000${domain}`;
    const f = byFile.get(k) ?? { bank, exam, domain, items: [] };
    f.items.push({
      ...read,
      rationale: text(meta.rationale) ?? "",
      ...(reference !== undefined ? { reference } : {}),
      ...(check ? { check } : {}),
    });
    byFile.set(k, f);
  }
  if (resources.length === 0) problems.push("imsmanifest.xml lists no item resource");
  return { files: [...byFile.values()], problems };
}

/** The latest approved version of every item of the delivered exams, as bank files (by exam and domain). */
export async function storedBankFiles(db: Db): Promise<BankFile[]> {
  const files: BankFile[] = [];
  for (const exam of certifications.filter(isDelivered)) {
    const rows = await db
      .select()
      .from(examItems)
      .where(and(eq(examItems.certId, exam.id), eq(examItems.state, "approved")))
      .orderBy(examItems.itemId, examItems.version);
    const latest = new Map(rows.map((r) => [r.itemId, r]));
    for (const w of exam.details!.weights) {
      const items = [...latest.values()].filter((r) => r.domain === w.title);
      if (!items.length) continue;
      files.push({
        bank: items[0]!.bank,
        exam: exam.slug,
        domain: w.title,
        items: items.map((r) => ({
          id: r.itemId,
          stem: r.stem,
          options: r.options as BankItem["options"],
          key: r.key,
          rationale: r.rationale,
          ...(r.reference !== null ? { reference: r.reference } : {}),
          ...(r.check ? { check: r.check as BankItem["check"] } : {}),
        })),
      });
    }
  }
  return files;
}

/**
 * Imports a package: checked whole (the package, then the bank it makes, by importBank); BankProblemsError
 * lists every problem and nothing is stored. Otherwise as `npm run bank:import` (versions, retirements).
 */
export async function importQtiPackage(db: Db, zip: Uint8Array, opts: { bank?: string } = {}): Promise<ImportSummary> {
  const { files, problems } = fromQtiPackage(zip);
  if (problems.length) throw new BankProblemsError(problems);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-qti-"));
  try {
    for (const f of files) {
      fs.mkdirSync(path.join(dir, f.exam), { recursive: true });
      const file = path.join(dir, f.exam, `${domainSlug(f.domain)}.json`);
      if (fs.existsSync(file)) throw new BankProblemsError([`${f.exam} / ${f.domain}: items from more than one bank`]);
      fs.writeFileSync(file, JSON.stringify(f, null, 2));
    }
    return await importBank(db, { dir, bank: opts.bank });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
