import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  fixtureApprovedCheckInEndpoint,
  fixtureBookingTimeEndpoint,
  fixtureSittingSilenceEndpoint,
} from "../../app/schemas/test-fixtures";
import { markNoShows } from "../booking/check-ins";
import { fromContract } from "../contract";
import { examBookings, examSittings } from "../db/schema";
import { HttpError } from "../errors";
import { userOf } from "../plugins/session";
import { approvedCheckIn } from "./records";
import { ownSitting, ownVoucher, signedInFixtureRoutes } from "./fixture-support";

/**
 * /api/test-fixtures/approved-check-in, /booking-time and /sitting-silence: the proctoring journeys' shortcuts,
 * on the signed-in candidate's own voucher and sitting only; registered with the other fixtures (E2E_FIXTURES=true, never in production).
 */
/** The candidate's photo of a fixture check-in (the score report's photograph): a 4×3 PNG, grey (the shape of a camera photo). */
const FIXTURE_PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAAAAACRn/EaAAAAEElEQVR4nGOYNWvWLAY4AQA2Mwc566U3ywAAAABJRU5ErkJggg==",
  "base64",
);

export default async function checkInTestFixtureRoutes(app: FastifyInstance) {
  const r = signedInFixtureRoutes(app);

  r.route({
    ...fromContract(fixtureApprovedCheckInEndpoint),
    async handler(request, reply) {
      const userId = userOf(request).id;
      const reg = await ownVoucher(app.db, userId, request.body.voucherCode);
      const { checkIn } = await approvedCheckIn(app.db, {
        userId,
        registrationId: reg.id,
        photo: { data: FIXTURE_PHOTO, contentType: "image/png" },
      });
      return reply.status(201).send({ checkInId: checkIn.id });
    },
  });

  r.route({
    ...fromContract(fixtureBookingTimeEndpoint),
    async handler(request, reply) {
      const reg = await ownVoucher(app.db, userOf(request).id, request.body.voucherCode);
      const now = new Date();
      const startsAt = new Date(now.getTime() + request.body.minutesFromNow * 60_000);
      const [moved] = await app.db
        .update(examBookings)
        .set({ startsAt, updatedAt: now })
        .where(eq(examBookings.registrationId, reg.id))
        .returning();
      if (!moved) throw new HttpError(404, "not_found", "This voucher has no booking.");
      if (request.body.noShows) {
        await markNoShows(app.db, now);
        app.mail.worker.kick();
      }
      const [b] = await app.db.select().from(examBookings).where(eq(examBookings.id, moved.id));
      return reply.status(200).send({ startsAt: b!.startsAt.toISOString(), status: b!.status });
    },
  });

  r.route({
    ...fromContract(fixtureSittingSilenceEndpoint),
    async handler(request, reply) {
      const s = await ownSitting(app.db, userOf(request).id, request.body.sittingId);
      const back = (d: Date) => new Date(d.getTime() - request.body.seconds * 1000);
      const backIso = (iso: string | null) => (iso === null ? null : back(new Date(iso)).toISOString());
      const [row] = await app.db
        .update(examSittings)
        .set({
          startedAt: back(s.startedAt),
          deadlineAt: s.deadlineAt && back(s.deadlineAt),
          lastSeenAt: s.lastSeenAt && back(s.lastSeenAt),
          pauses: s.pauses.map((p) => ({ ...p, from: backIso(p.from)!, to: backIso(p.to) })),
        })
        .where(eq(examSittings.id, s.id))
        .returning();
      return reply.status(200).send({ lastSeenAt: row!.lastSeenAt?.toISOString() ?? null });
    },
  });
}
