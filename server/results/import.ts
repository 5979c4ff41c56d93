import { eq, inArray } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import { IMPORT_MAX_ROWS, RESULT_MESSAGES, type ImportRow, type RecordedResult } from "../../app/schemas/staff";
import { recordResult, resultFor } from "./results";
import { dayStart } from "../credentials/state";
import type { Db } from "../db/client";
import { examRegistrations, users } from "../db/schema";
import { HttpError } from "../errors";
import type { StaffActor } from "../audit/audit";

/**
 * Records one result through the shared service (server/results/results.ts: a pass issues the
 * certification and its e-mail, indeterminate a free retake) and describes what happened.
 */
export async function recordOne(
  db: Db,
  input: { voucherCode: string; takenOn: string; scorePercent?: number; indeterminate?: boolean },
  actor: StaffActor,
  publicUrl: string,
): Promise<RecordedResult> {
  if (!input.indeterminate && input.scorePercent === undefined)
    throw new HttpError(400, "validation_failed", RESULT_MESSAGES.score, { scorePercent: RESULT_MESSAGES.score });
  const voucherCode = input.voucherCode.trim().toUpperCase();
  const out = await recordResult(db, {
    voucherCode,
    takenOn: input.takenOn,
    scorePercent: input.indeterminate ? undefined : input.scorePercent,
    indeterminate: input.indeterminate,
    actor,
    publicUrl,
  });
  const [holder] = out.attempt.userId
    ? await db.select().from(users).where(eq(users.id, out.attempt.userId))
    : [undefined];
  return {
    voucherCode,
    candidate: holder ? `${holder.firstName} ${holder.lastName}` : "",
    examTitle: certificationById(out.attempt.certId)?.title ?? "",
    result: out.attempt.result as RecordedResult["result"],
    scorePercent: out.attempt.scorePercent,
    credentialId: out.certification?.credentialId ?? null,
    freeRetakeVoucher: out.freeRetake?.voucherCode ?? null,
  };
}

/** Splits one CSV line (quotes allowed) into trimmed fields. */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === "," || c === ";") {
      out.push(cur.trim());
      cur = "";
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

interface ParsedRow extends ImportRow {
  scorePercent?: number;
  indeterminate: boolean;
}

/**
 * Checks an import file (header `voucher,date,score`; score a percentage or `indeterminate`) row by row
 * against the data, without storing anything: each row says what recording it gives or why it cannot.
 */
export async function previewImport(db: Db, csv: string, now = new Date()): Promise<ParsedRow[]> {
  const lines = csv
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((l, i) => ({ text: l, line: i + 1 }))
    .filter((l) => l.text.trim() !== "");
  const header = lines.shift();
  if (
    !header ||
    fields(header.text)
      .map((h) => h.toLowerCase())
      .join(",") !== "voucher,date,score"
  )
    throw new HttpError(400, "validation_failed", RESULT_MESSAGES.csvHeader, { csv: RESULT_MESSAGES.csvHeader });
  if (lines.length === 0)
    throw new HttpError(400, "validation_failed", RESULT_MESSAGES.csvEmpty, { csv: RESULT_MESSAGES.csvEmpty });
  if (lines.length > IMPORT_MAX_ROWS)
    throw new HttpError(400, "validation_failed", RESULT_MESSAGES.csvTooMany, { csv: RESULT_MESSAGES.csvTooMany });

  const parsed = lines.map(({ text, line }) => {
    const [voucher = "", takenOn = "", score = "", ...rest] = fields(text);
    return { line, voucherCode: voucher.toUpperCase(), takenOn, score, rest: rest.filter(Boolean).length };
  });
  const codes = [...new Set(parsed.map((p) => p.voucherCode).filter(Boolean))];
  const regs = codes.length
    ? await db
        .select({ reg: examRegistrations, firstName: users.firstName, lastName: users.lastName })
        .from(examRegistrations)
        .leftJoin(users, eq(users.id, examRegistrations.userId))
        .where(inArray(examRegistrations.voucherCode, codes))
    : [];
  const byCode = new Map(regs.map((r) => [r.reg.voucherCode, r]));
  const seen = new Set<string>();

  return parsed.map((p): ParsedRow => {
    const row: ParsedRow = {
      line: p.line,
      voucherCode: p.voucherCode,
      takenOn: p.takenOn,
      score: p.score,
      outcome: null,
      candidate: null,
      error: null,
      indeterminate: false,
    };
    // every problem of the row, not only the first (issue 25.20): the person fixing the file sees them all at once
    const errors: string[] = [];
    if (p.rest) errors.push("The row has more than three fields.");
    const found = p.voucherCode ? byCode.get(p.voucherCode) : undefined;
    if (!p.voucherCode) errors.push(RESULT_MESSAGES.voucher);
    else if (seen.has(p.voucherCode)) errors.push("This voucher appears on an earlier row of the file.");
    else if (!found) errors.push("No exam registration has this voucher code.");
    if (p.voucherCode) seen.add(p.voucherCode);
    if (found) {
      row.candidate = found.firstName ? `${found.firstName} ${found.lastName}` : null;
      if (found.reg.state === "used") errors.push("A result has already been recorded for this voucher.");
      else if (found.reg.state !== "paid")
        errors.push("This voucher was cancelled and refunded; it cannot carry a result.");
      else if (!found.reg.userId) errors.push("This voucher is not linked to a candidate account.");
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(p.takenOn) || Number.isNaN(dayStart(p.takenOn).getTime()))
      errors.push(RESULT_MESSAGES.date);
    else if (dayStart(p.takenOn).getTime() > now.getTime()) errors.push("The exam date cannot be in the future.");
    else if (
      found &&
      dayStart(p.takenOn).getTime() < dayStart(found.reg.purchasedAt.toISOString().slice(0, 10)).getTime()
    )
      errors.push("The exam date cannot be before the voucher was bought.");
    const indeterminate = /^indeterminate$/i.test(p.score);
    const n = Number(p.score.replace(/%$/, ""));
    if (!indeterminate && (p.score === "" || !Number.isFinite(n) || n < 0 || n > 100))
      errors.push(RESULT_MESSAGES.score);
    if (errors.length > 0 || !found) return { ...row, error: errors.join(" ") || null };
    if (indeterminate) return { ...row, outcome: "indeterminate", indeterminate: true };
    try {
      return { ...row, outcome: resultFor(found.reg.certId, n), scorePercent: n };
    } catch (err) {
      return { ...row, error: (err as Error).message };
    }
  });
}

/**
 * The import: without `commit`, the preview; with it, and only when every row is valid, each row is
 * recorded through the same service as a single result (its own transaction, mail and audit entries).
 */
export async function importResults(db: Db, csv: string, commit: boolean, actor: StaffActor, publicUrl: string) {
  const rows = await previewImport(db, csv);
  const errors = rows.filter((r) => r.error).length;
  const committed: RecordedResult[] = [];
  if (commit && errors === 0)
    for (const r of rows)
      committed.push(
        await recordOne(
          db,
          {
            voucherCode: r.voucherCode,
            takenOn: r.takenOn,
            scorePercent: r.scorePercent,
            indeterminate: r.indeterminate,
          },
          actor,
          publicUrl,
        ),
      );
  return {
    rows: rows.map(({ scorePercent: _s, indeterminate: _i, ...r }) => r),
    errors,
    committed,
  };
}
