import { createHash } from "node:crypto";
import { SYSTEM, type Actor } from "../audit/audit";
import { issueRegistrationForOrder } from "../registrations/registrations";
import type { Db } from "../db/client";
import { and, eq } from "drizzle-orm";
import { checkIns, examBookings, orders, uploads, users } from "../db/schema";
import { CHECK_IN_PURPOSE } from "../booking/check-ins";
import { recordResult } from "../results/results";

/**
 * Test helper: the records server tests insert straight into the database when the way they are made
 * is not what the test is about (an account, a paid order with its voucher, an evidence file).
 */

/** An account without a usable password (log it in with a session, e.g. staff/test-accounts.ts). */
export async function insertAccount(db: Db, email = "ada@example.com") {
  const [user] = await db
    .insert(users)
    .values({ email, emailKey: email.toLowerCase(), passwordHash: "x", firstName: "Ada", lastName: "Lovelace" })
    .returning();
  return user!;
}

let seq = 0;

/** The columns of a paid order by Ada Lovelace (the buyer's details, the card); the caller adds the rest. */
export const paidOrderValues = (values: {
  userId: number | null;
  certId: number;
  reference?: string;
  createdAt?: Date;
}): typeof orders.$inferInsert => ({
  reference: values.reference ?? `ORD-T${++seq}${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
  examTitle: "JavaScript Professional Developer Online Exam",
  priceCents: 99900,
  status: "paid",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "4055550100",
  address: "1 Main",
  city: "OKC",
  state: "OK",
  zip: "73101",
  cardBrand: "visa",
  cardLast4: "4242",
  gatewayRef: `test_ch_${seq}`,
  ...values,
});

/** A paid order and the exam voucher it bought, as the payment flow stores them. */
export async function paidOrder(
  db: Db,
  {
    userId,
    certId = 1,
    purchasedAt = new Date(),
    actor = SYSTEM,
  }: {
    userId: number;
    certId?: number;
    purchasedAt?: Date;
    actor?: Actor;
  },
) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values(paidOrderValues({ userId, certId, createdAt: purchasedAt }))
      .returning();
    const reg = await issueRegistrationForOrder(tx, { id: order!.id, userId, certId, purchasedAt }, actor);
    return { order: order!, reg };
  });
}

/** A small PDF stored as a candidate's continuing-education evidence. */
export async function evidenceFile(db: Db, ownerId: number, fileName = "certificate.pdf") {
  const data = Buffer.from("%PDF-");
  const [file] = await db
    .insert(uploads)
    .values({
      ownerId,
      purpose: "evidence",
      fileName,
      contentType: "application/pdf",
      size: data.length,
      sha256: "x",
      data,
    })
    .returning();
  return file!;
}

/**
 * A voucher's booking (kept if it has one, else one starting at `at`) with a check-in a proctor approved:
 * what the exam's start asks for (issue 28.3). Server tests and the journeys' fixture use it when check-in
 * is not what they are about.
 */
export async function approvedCheckIn(
  db: Db,
  input: { userId: number; registrationId: number; at?: Date; photo?: { data: Buffer; contentType: string } },
) {
  const at = input.at ?? new Date();
  return db.transaction(async (tx) => {
    // the candidate's photo, stored as check-in stores it (a private upload), when the test gives one
    const files: Record<string, number[]> = {};
    if (input.photo) {
      const [upload] = await tx
        .insert(uploads)
        .values({
          ownerId: input.userId,
          purpose: CHECK_IN_PURPOSE,
          fileName: "photo",
          contentType: input.photo.contentType,
          size: input.photo.data.length,
          sha256: createHash("sha256").update(input.photo.data).digest("hex"),
          data: input.photo.data,
        })
        .returning({ id: uploads.id });
      files.photo = [upload!.id];
    }
    let [booking] = await tx
      .select()
      .from(examBookings)
      .where(and(eq(examBookings.registrationId, input.registrationId), eq(examBookings.userId, input.userId)));
    if (!booking)
      [booking] = await tx
        .insert(examBookings)
        .values({ registrationId: input.registrationId, userId: input.userId, startsAt: at })
        .returning();
    const [row] = await tx
      .insert(checkIns)
      .values({
        bookingId: booking!.id,
        registrationId: input.registrationId,
        userId: input.userId,
        status: "approved",
        files,
        country: "US",
        birthDate: "1990-01-01",
        browserId: "00000000-0000-4000-8000-000000000000",
        submittedAt: at,
        decidedAt: at,
      })
      .returning();
    return { booking: booking!, checkIn: row! };
  });
}

/** The result of the voucher's exam taken today, recorded by the system as staff record one (recordResult). */
export const resultToday = (db: Db, voucherCode: string, scorePercent: number, publicUrl: string) =>
  recordResult(db, {
    voucherCode,
    takenOn: new Date().toISOString().slice(0, 10),
    scorePercent,
    actor: SYSTEM,
    publicUrl,
  });
