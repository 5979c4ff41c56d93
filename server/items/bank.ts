/**
 * Authoring and review of the item bank in the console (issue 30.2). Every version of an item is a row of
 * exam_items and is kept: a draft is edited in place by its author (each save audited with before and
 * after), an approved item is changed by writing version N+1 (the approved version stays deliverable until
 * the new one is approved, then it is retired, never deleted; forms keep pointing at the version they
 * showed). States: draft → in_review → approved → retired, and in_review → draft when returned.
 * Approval needs a second SME (never the version's author) and a key check that passed, when the item
 * has one. Rules and their reasons: docs/decisions/0024-item-authoring-in-the-console.md.
 */
import { and, asc, count, desc, eq, like, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { certifications } from "../../app/data/exams";
import type { ItemAnswer, ItemInput, ItemRow, ItemState, ReviewAction } from "../../app/schemas/items";
import { audit, type Actor } from "../audit/audit";
import type { Db } from "../db/client";
import { examItems, users } from "../db/schema";
import { HttpError } from "../errors";
import { isDelivered } from "../exams/blueprint";
import { AUTHORED_BANK, contentHash } from "../exams/bank/import";
import { domainSlug } from "../exams/bank/load";
import type { BankItem } from "../exams/bank/schema";
import { paging } from "../staff/query";
import { parseCheck, runKeyCheck } from "./checks";

export type SmeActor = Actor & { id: number };
export interface CheckOptions {
  sqlConfigured: boolean;
  now?: Date;
}

type Row = typeof examItems.$inferSelect;

const deliveredExams = () => certifications.filter(isDelivered);
const examBySlug = (slug: string) => deliveredExams().find((c) => c.slug === slug);
const examById = (id: number) => certifications.find((c) => c.id === id);

const invalid = (field: string, message: string) =>
  new HttpError(400, "validation_failed", message, { [field]: message });
const notFound = () => new HttpError(404, "not_found", "There is no item with this id.");

export const MESSAGES = {
  ownApproval:
    "You wrote this version, so you cannot approve it: approval needs a second subject-matter expert, not the author.",
  checkFailed: "The key check failed, so this item cannot be approved. The author fixes the item or its check first.",
  checkNotRun:
    "The key check has not run here, so this item cannot be approved: an item with a check is approved only once its check has passed.",
  notAuthor: "Only the author of this draft edits it. Write a new version of an approved item instead.",
  notDraft: "Only a draft is edited. This version is no longer a draft.",
  openVersion: "This item already has a version being written or reviewed. Open that version instead.",
  reasonNeeded: "Say why, for the author and the record.",
} as const;

// ---- reading -----------------------------------------------------------------------------------------

export async function listItems(
  db: Db,
  q: { exam?: string; domain?: string; state?: ItemState; page?: number; pageSize?: number },
): Promise<{ items: ItemRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.exam) {
    const exam = examBySlug(q.exam);
    if (!exam) return { items: [], total: 0 };
    where.push(eq(examItems.certId, exam.id));
  }
  if (q.domain) where.push(eq(examItems.domain, q.domain));
  if (q.state) where.push(eq(examItems.state, q.state));
  const { limit, offset } = paging(q);
  const author = users;
  const rows = await db
    .select({ row: examItems, first: author.firstName, last: author.lastName })
    .from(examItems)
    .leftJoin(author, eq(author.id, examItems.authorId))
    .where(and(...where))
    .orderBy(desc(examItems.updatedAt), asc(examItems.itemId), desc(examItems.version))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(examItems)
    .where(and(...where));
  return {
    items: rows.map(({ row, first, last }) => ({
      id: row.id,
      itemId: row.itemId,
      version: row.version,
      exam: examById(row.certId)?.slug ?? String(row.certId),
      domain: row.domain,
      state: row.state as ItemState,
      excerpt: excerpt(row.stem),
      author: first === null ? null : `${first} ${last}`,
      checkStatus: row.checkStatus as ItemRow["checkStatus"],
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** The stem's first words without code fences, for the list. */
function excerpt(stem: string): string {
  const text = stem
    .replace(/```[\w-]*\n[\s\S]*?```/g, " … ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 120 ? `${text.slice(0, 117).trimEnd()}…` : text;
}

export async function getItem(db: Db, id: number): Promise<ItemAnswer> {
  const authorUser = alias(users, "author");
  const reviewerUser = alias(users, "reviewer");
  const [found] = await db
    .select({
      row: examItems,
      author: sql<string | null>`${authorUser.firstName} || ' ' || ${authorUser.lastName}`,
      reviewer: sql<string | null>`${reviewerUser.firstName} || ' ' || ${reviewerUser.lastName}`,
    })
    .from(examItems)
    .leftJoin(authorUser, eq(authorUser.id, examItems.authorId))
    .leftJoin(reviewerUser, eq(reviewerUser.id, examItems.reviewerId))
    .where(eq(examItems.id, id))
    .limit(1);
  if (!found) throw notFound();
  const { row } = found;
  const versions = await db
    .select({ id: examItems.id, version: examItems.version, state: examItems.state, createdAt: examItems.createdAt })
    .from(examItems)
    .where(eq(examItems.itemId, row.itemId))
    .orderBy(desc(examItems.version));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    item: {
      id: row.id,
      itemId: row.itemId,
      version: row.version,
      exam: examById(row.certId)?.slug ?? String(row.certId),
      domain: row.domain,
      stem: row.stem,
      options: row.options,
      key: row.key,
      rationale: row.rationale,
      reference: row.reference ?? "",
      check: row.check ? JSON.stringify(row.check, null, 2) : "",
      state: row.state as ItemState,
      pretest: row.pretest,
      bank: row.bank,
      authorId: row.authorId,
      author: found.author,
      reviewer: found.reviewer,
      submittedAt: iso(row.submittedAt),
      approvedAt: iso(row.approvedAt),
      retiredAt: iso(row.retiredAt),
      reviewNote: row.reviewNote,
      checkStatus: row.checkStatus as ItemAnswer["item"]["checkStatus"],
      checkOutput: row.checkOutput,
      checkedAt: iso(row.checkedAt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      state: v.state as ItemState,
      createdAt: v.createdAt.toISOString(),
    })),
  };
}

// ---- writing -----------------------------------------------------------------------------------------

/** The item's content checked against its exam (domain from the weights table) and its check parsed. */
function content(input: ItemInput) {
  const exam = examBySlug(input.exam);
  if (!exam) throw invalid("exam", "Choose one of the exams the bank holds.");
  if (!exam.details!.weights.some((w) => w.title === input.domain))
    throw invalid("domain", "Choose a domain of the exam's weights table.");
  const parsed = parseCheck(input.check);
  if ("problem" in parsed) throw invalid("check", parsed.problem);
  return {
    exam,
    fields: {
      domain: input.domain,
      stem: input.stem,
      options: [...input.options],
      key: input.key,
      rationale: input.rationale,
      reference: input.reference?.trim() || null,
      check: (parsed.check as Record<string, unknown> | null) ?? null,
    },
  };
}

type Fields = ReturnType<typeof content>["fields"];

/** A stored version's content, the fields an author writes. */
export const fieldsOf = (r: Row): Fields => ({
  domain: r.domain,
  stem: r.stem,
  options: r.options,
  key: r.key,
  rationale: r.rationale,
  reference: r.reference,
  check: r.check,
});

const asBankItem = (itemId: string, f: Fields): BankItem => ({
  id: itemId,
  stem: f.stem,
  options: f.options as BankItem["options"],
  key: f.key,
  rationale: f.rationale,
  reference: f.reference ?? undefined,
  check: (f.check as BankItem["check"]) ?? undefined,
});

/** Runs the key check on the content and gives the columns that store its outcome. */
async function checked(itemId: string, f: Fields, opts: CheckOptions) {
  const result = await runKeyCheck(asBankItem(itemId, f), opts);
  return {
    checkStatus: result?.status ?? null,
    checkOutput: result?.output ?? null,
    checkedAt: result ? (opts.now ?? new Date()) : null,
  };
}

/**
 * Saves a version written in the console, new item or new version: a draft of its author, checked now,
 * audited as `entry.action` (`entry.before`: what it came from); answers the row's id.
 */
async function insertDraft(
  tx: Db,
  actor: SmeActor,
  draft: Omit<typeof examItems.$inferInsert, "bank">,
  entry: { action: string; before?: Record<string, unknown> },
  now: Date,
  outcome: Awaited<ReturnType<typeof checked>>,
): Promise<number> {
  const [row] = await tx
    .insert(examItems)
    .values({
      ...draft,
      state: "draft",
      bank: AUTHORED_BANK,
      authorId: actor.id,
      createdAt: now,
      updatedAt: now,
      ...outcome,
    })
    .returning();
  await audit(tx, actor, {
    action: entry.action,
    entity: "exam_items",
    entityId: row!.id,
    toState: "draft",
    before: entry.before,
    after: snapshot(row!),
  });
  return row!.id;
}

const snapshot = (r: Row) => ({ itemId: r.itemId, version: r.version, ...fieldsOf(r), checkStatus: r.checkStatus });

/** The next free id of a domain: <exam slug>-<domain slug>-<3 digits> (the bank files' form). */
async function nextItemId(tx: Db, slug: string, domain: string): Promise<string> {
  const prefix = `${slug}-${domainSlug(domain)}-`;
  const rows = await tx
    .selectDistinct({ itemId: examItems.itemId })
    .from(examItems)
    .where(like(examItems.itemId, `${prefix}%`));
  const top = Math.max(0, ...rows.map((r) => Number(r.itemId.slice(prefix.length)) || 0));
  return `${prefix}${String(top + 1).padStart(3, "0")}`;
}

export async function createItem(db: Db, actor: SmeActor, input: ItemInput, opts: CheckOptions): Promise<number> {
  const { exam, fields } = content(input);
  const now = opts.now ?? new Date();
  // the check runs before the transaction (it may take seconds); the id it names is only a label
  const provisional = await nextItemId(db, exam.slug, fields.domain);
  const outcome = await checked(provisional, fields, opts);
  return db.transaction(async (tx) => {
    // serialises id allocation among SMEs saving new items at once
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('exam_items.new'))`);
    const itemId = await nextItemId(tx, exam.slug, fields.domain);
    return insertDraft(
      tx,
      actor,
      { itemId, version: 1, certId: exam.id, ...fields, contentHash: contentHash(fields.domain, fields) },
      { action: "item.create" },
      now,
      outcome,
    );
  });
}

/** Locks and returns one version (404 when there is none). */
async function locked(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(examItems).where(eq(examItems.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

export async function updateItem(
  db: Db,
  actor: SmeActor,
  id: number,
  input: ItemInput,
  opts: CheckOptions,
): Promise<void> {
  const { exam, fields } = content(input);
  const now = opts.now ?? new Date();
  const [current] = await db.select().from(examItems).where(eq(examItems.id, id));
  if (!current) throw notFound();
  if (current.certId !== exam.id) throw invalid("exam", "An item stays in its exam. Write a new item instead.");
  const outcome = await checked(current.itemId, fields, opts);
  await db.transaction(async (tx) => {
    const row = await locked(tx, id);
    if (row.state !== "draft") throw new HttpError(409, "not_draft", MESSAGES.notDraft);
    if (row.authorId !== actor.id) throw new HttpError(403, "not_author", MESSAGES.notAuthor);
    const [after] = await tx
      .update(examItems)
      .set({
        ...fields,
        contentHash: contentHash(fields.domain, fields),
        updatedAt: now,
        ...outcome,
      })
      .where(eq(examItems.id, id))
      .returning();
    await audit(tx, actor, {
      action: "item.update",
      entity: "exam_items",
      entityId: id,
      before: snapshot(row),
      after: snapshot(after!),
    });
  });
}

/** Version N+1 of an approved or retired item, as a draft of `actor`; the version it copies is unchanged. */
export async function newVersion(db: Db, actor: SmeActor, id: number, opts: CheckOptions): Promise<number> {
  const [source] = await db.select().from(examItems).where(eq(examItems.id, id));
  if (!source) throw notFound();
  const fields = fieldsOf(source);
  const outcome = await checked(source.itemId, fields, opts);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const versions = await tx
      .select()
      .from(examItems)
      .where(eq(examItems.itemId, source.itemId))
      .orderBy(desc(examItems.version))
      .for("update");
    if (versions.some((v) => v.state === "draft" || v.state === "in_review"))
      throw new HttpError(409, "open_version", MESSAGES.openVersion);
    const latest = versions[0]!;
    return insertDraft(
      tx,
      actor,
      {
        itemId: source.itemId,
        version: latest.version + 1,
        certId: source.certId,
        ...fields,
        contentHash: source.contentHash,
      },
      { action: "item.new_version", before: { fromVersion: source.version, fromId: source.id } },
      now,
      outcome,
    );
  });
}

const transitions: Record<ReviewAction, { from: ItemState; to: ItemState }> = {
  submit: { from: "draft", to: "in_review" },
  approve: { from: "in_review", to: "approved" },
  return: { from: "in_review", to: "draft" },
  retire: { from: "approved", to: "retired" },
};

export async function reviewItem(
  db: Db,
  actor: SmeActor,
  id: number,
  step: { action: ReviewAction; reason?: string },
  opts: CheckOptions,
): Promise<void> {
  const now = opts.now ?? new Date();
  const reason = step.reason?.trim() || null;
  const { from, to } = transitions[step.action];
  if ((step.action === "return" || step.action === "retire") && !reason) throw invalid("reason", MESSAGES.reasonNeeded);

  // a check that could not run when the item was saved runs again before approval (a server may be configured now)
  if (step.action === "approve") {
    const [row] = await db.select().from(examItems).where(eq(examItems.id, id));
    if (row?.state === "in_review" && row.authorId !== actor.id && row.checkStatus === "not_run") {
      const outcome = await checked(row.itemId, row as Fields, opts);
      await db
        .update(examItems)
        .set(outcome)
        .where(and(eq(examItems.id, id), eq(examItems.contentHash, row.contentHash)));
    }
  }

  await db.transaction(async (tx) => {
    const row = await locked(tx, id);
    if (row.state !== from)
      throw new HttpError(
        409,
        "wrong_state",
        `This version is ${row.state.replace("_", " ")}: it cannot be ${pastTense[step.action]} now.`,
      );
    const set: Partial<Row> = { state: to, updatedAt: now };
    if (step.action === "submit") {
      if (row.authorId !== actor.id)
        throw new HttpError(403, "not_author", "Only the author submits a draft for review.");
      Object.assign(set, { submittedAt: now, reviewNote: null });
    }
    if (step.action === "approve") {
      if (row.authorId === actor.id) throw new HttpError(403, "own_item", MESSAGES.ownApproval);
      if (row.checkStatus === "failed") throw new HttpError(409, "check_failed", MESSAGES.checkFailed);
      if (row.checkStatus === "not_run") throw new HttpError(409, "check_not_run", MESSAGES.checkNotRun);
      Object.assign(set, { reviewerId: actor.id, approvedAt: now });
    }
    if (step.action === "return") Object.assign(set, { reviewNote: reason, reviewerId: actor.id });
    // retired in the console, an item of the bank files is the console's from now on (the import would revive it)
    if (step.action === "retire") Object.assign(set, { retiredAt: now, bank: AUTHORED_BANK });
    await tx.update(examItems).set(set).where(eq(examItems.id, id));
    await audit(tx, actor, {
      action: `item.${step.action}`,
      entity: "exam_items",
      entityId: id,
      fromState: from,
      toState: to,
      reason,
      after: { itemId: row.itemId, version: row.version },
    });
    if (step.action === "approve") {
      // the version it replaces stops being delivered; it is kept for the forms that showed it
      const replaced = await tx
        .update(examItems)
        .set({ state: "retired", retiredAt: now, updatedAt: now })
        .where(and(eq(examItems.itemId, row.itemId), eq(examItems.state, "approved"), ne(examItems.id, id)))
        .returning({ id: examItems.id, version: examItems.version });
      for (const r of replaced)
        await audit(tx, actor, {
          action: "item.retire",
          entity: "exam_items",
          entityId: r.id,
          fromState: "approved",
          toState: "retired",
          reason: `replaced by version ${row.version}`,
          after: { itemId: row.itemId, version: r.version },
        });
    }
  });
}

const pastTense: Record<ReviewAction, string> = {
  submit: "submitted",
  approve: "approved",
  return: "returned",
  retire: "retired",
};
