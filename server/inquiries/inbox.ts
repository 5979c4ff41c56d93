import { desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { InquiryDetail } from "../../app/schemas/staff";
import type { Db } from "../db/client";
import { inquiries, inquiryHandling, inquiryReplies, users } from "../db/schema";
import { HttpError } from "../errors";
import { enqueueMail } from "../mail/outbox";
import { audit, type StaffActor } from "../audit/audit";
import {
  listConditions,
  pageWithTotal,
  qualified,
  rowCount,
  sortOrder,
  type ListFilter,
  type ListPage,
} from "../staff/query";

export interface InboxFilter extends ListFilter {
  kind?: string;
  handled?: "yes" | "no";
}

function conditions(f: InboxFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.kind) where.push(eq(inquiries.kind, f.kind));
  if (f.handled === "yes") where.push(isNotNull(inquiryHandling.inquiryId));
  if (f.handled === "no") where.push(isNull(inquiryHandling.inquiryId));
  return listConditions(where, f, inquiries.createdAt, [
    inquiries.reference,
    inquiries.name,
    inquiries.email,
    inquiries.organization,
    inquiries.message,
  ]);
}

const replyCount = sql<number>`(select count(*)::int from ${inquiryReplies} where ${qualified(inquiryReplies.inquiryId)} = ${qualified(inquiries.id)})`;

const INBOX_SORTS = {
  createdAt: inquiries.createdAt,
  reference: inquiries.reference,
  kind: inquiries.kind,
  name: sql`lower(${inquiries.name})`,
  replies: replyCount,
};

/** Messages matching the filter, newest first (or by `sort`); `limit` null for all of them (the export). */
export async function listInquiries(db: Db, f: InboxFilter, page: ListPage) {
  const cond = conditions(f);
  return pageWithTotal(
    db
      .select({
        id: inquiries.id,
        reference: inquiries.reference,
        kind: inquiries.kind,
        name: inquiries.name,
        email: inquiries.email,
        phone: inquiries.phone,
        organization: inquiries.organization,
        message: inquiries.message,
        createdAt: inquiries.createdAt,
        handledAt: inquiryHandling.handledAt,
        replies: replyCount,
      })
      .from(inquiries)
      .leftJoin(inquiryHandling, eq(inquiryHandling.inquiryId, inquiries.id))
      .where(cond)
      .orderBy(...sortOrder(f.sort, INBOX_SORTS, [desc(inquiries.createdAt), desc(inquiries.id)])),
    page,
    db
      .select(rowCount)
      .from(inquiries)
      .leftJoin(inquiryHandling, eq(inquiryHandling.inquiryId, inquiries.id))
      .where(cond),
  );
}

/** One message with its handling and the replies sent from the console. */
export async function inquiryDetail(db: Db, id: number): Promise<InquiryDetail> {
  const [row] = await db
    .select({
      inquiry: inquiries,
      handledAt: inquiryHandling.handledAt,
      handledBy: users.email,
    })
    .from(inquiries)
    .leftJoin(inquiryHandling, eq(inquiryHandling.inquiryId, inquiries.id))
    .leftJoin(users, eq(users.id, inquiryHandling.handledBy))
    .where(eq(inquiries.id, id))
    .limit(1);
  if (!row) throw new HttpError(404, "not_found", "There is no message with this id.");
  const replies = await db
    .select()
    .from(inquiryReplies)
    .where(eq(inquiryReplies.inquiryId, id))
    .orderBy(inquiryReplies.createdAt, inquiryReplies.id);
  return {
    inquiry: {
      ...row.inquiry,
      createdAt: row.inquiry.createdAt.toISOString(),
      handledAt: row.handledAt?.toISOString() ?? null,
      handledBy: row.handledBy ?? null,
    },
    replies: replies.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** Marks a message handled (or not). Records the change in the audit log. */
export async function setHandled(db: Db, actor: StaffActor, id: number, handled: boolean) {
  await db.transaction(async (tx) => {
    const before = await inquiryDetail(tx, id);
    const was = before.inquiry.handledAt !== null;
    if (was === handled) return;
    if (handled) await tx.insert(inquiryHandling).values({ inquiryId: id, handledBy: actor.id }).onConflictDoNothing();
    else await tx.delete(inquiryHandling).where(eq(inquiryHandling.inquiryId, id));
    await audit(tx, actor, {
      action: handled ? "inquiry.mark-handled" : "inquiry.mark-unhandled",
      entity: "inquiries",
      entityId: id,
      before: { handled: was },
      after: { handled },
    });
  });
}

/**
 * Sends a reply by e-mail through the outbox, keeps it with the message and marks the message
 * handled: all in one transaction, with an audit entry.
 */
export async function replyToInquiry(db: Db, actor: StaffActor, id: number, input: { subject: string; body: string }) {
  await db.transaction(async (tx) => {
    const { inquiry } = await inquiryDetail(tx, id);
    const [author] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, actor.id))
      .limit(1);
    const authorName = author ? `${author.firstName} ${author.lastName}` : "CITB staff";
    const outboxId = await enqueueMail(tx, {
      to: inquiry.email,
      template: "staff-reply",
      data: {
        name: inquiry.name,
        reference: inquiry.reference,
        subject: input.subject,
        body: input.body,
        staffName: authorName,
        originalMessage: inquiry.message,
      },
    });
    const [reply] = await tx
      .insert(inquiryReplies)
      .values({ inquiryId: id, authorId: actor.id, authorName, subject: input.subject, body: input.body, outboxId })
      .returning();
    if (!inquiry.handledAt)
      await tx.insert(inquiryHandling).values({ inquiryId: id, handledBy: actor.id }).onConflictDoNothing();
    await audit(tx, actor, {
      action: "inquiry.reply",
      entity: "inquiries",
      entityId: id,
      before: { handled: inquiry.handledAt !== null },
      after: { handled: true, replyId: reply!.id, to: inquiry.email, subject: input.subject },
    });
  });
}
