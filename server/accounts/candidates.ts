import { asc, desc, eq, sql } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import type { CandidateDetail, CertificationRowView } from "../../app/schemas/staff";
import { accountColumns } from "../auth/users";
import { describeCertification, type CertificationRow } from "../certifications/certifications";
import type { Db } from "../db/client";
import { certificationsTable, examAttempts, examRegistrations, orders, users } from "../db/schema";
import { HttpError } from "../errors";
import { listOrders } from "../orders/staff-orders";
import { containsText, qualified, sortOrder } from "../staff/query";
import { requestsOf } from "../requests/decisions";
import { ownRowsNewestFirst } from "./own-rows";

const title = (certId: number) => certificationById(certId)?.title ?? `Exam ${certId}`;

const orderCount = sql<number>`(select count(*)::int from ${orders} where ${qualified(orders.userId)} = ${qualified(users.id)})`;
const certificationCount = sql<number>`(select count(*)::int from ${certificationsTable} where ${qualified(certificationsTable.userId)} = ${qualified(users.id)})`;
const CANDIDATE_SORTS = {
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  email: users.emailKey,
  role: users.role,
  createdAt: users.createdAt,
  orders: orderCount,
  certifications: certificationCount,
};

/** Accounts matching a search (name, e-mail), newest first (or by `sort`), with their counts of orders and certifications. */
export async function listCandidates(
  db: Db,
  { q, sort }: { q?: string; sort?: string },
  page: { limit: number; offset: number },
) {
  const cond = q
    ? containsText(q, [
        users.email,
        users.firstName,
        users.lastName,
        sql`${users.firstName} || ' ' || ${users.lastName}`,
      ])
    : undefined;
  const rows = await db
    .select({ ...accountColumns, createdAt: users.createdAt, orders: orderCount, certifications: certificationCount })
    .from(users)
    .where(cond)
    .orderBy(...sortOrder(sort, CANDIDATE_SORTS, [desc(users.createdAt), desc(users.id)]))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: await db.$count(users, cond),
  };
}

export async function certificationView(db: Db, cert: CertificationRow): Promise<CertificationRowView> {
  const d = await describeCertification(db, cert);
  return {
    id: cert.id,
    credentialId: cert.credentialId,
    examTitle: d.examTitle,
    holder: `${cert.holderFirstName} ${cert.holderLastName}`,
    issuedAt: cert.issuedAt.toISOString(),
    expiresAt: cert.expiresAt.toISOString(),
    state: d.state,
    invalidationReason: cert.invalidationReason,
  };
}

/** One account on one page: profile, orders, vouchers, attempts, certifications and requests. */
export async function candidateDetail(db: Db, id: number): Promise<CandidateDetail> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw new HttpError(404, "not_found", "There is no account with this id.");
  const [orderList, vouchers, attempts, certs, requests] = await Promise.all([
    listOrders(db, { userId: id }, { limit: null, offset: 0 }),
    ownRowsNewestFirst(db, examRegistrations, id, examRegistrations.purchasedAt),
    ownRowsNewestFirst(db, examAttempts, id, examAttempts.takenOn),
    db
      .select()
      .from(certificationsTable)
      .where(eq(certificationsTable.userId, id))
      .orderBy(asc(certificationsTable.issuedAt)),
    requestsOf(db, id),
  ]);
  return {
    profile: {
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      phone: u.phone,
      address: [u.address, u.addressLine1].filter(Boolean).join(", ") || null,
      city: u.city,
      state: u.state,
      zip: u.zip,
      emailVerified: u.emailVerifiedAt !== null,
      createdAt: u.createdAt.toISOString(),
    },
    orders: orderList.rows,
    vouchers: vouchers.map((v) => ({
      id: v.id,
      voucherCode: v.voucherCode,
      examTitle: title(v.certId),
      source: v.source,
      state: v.state,
    })),
    attempts: attempts.map((a) => ({
      id: a.id,
      examTitle: title(a.certId),
      takenOn: a.takenOn,
      scorePercent: a.scorePercent,
      result: a.result,
    })),
    certifications: await Promise.all(certs.map((c) => certificationView(db, c))),
    requests,
  };
}
