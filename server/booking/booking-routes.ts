import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PROCTORING_TIME_ZONE, SLOT_MINUTES } from "../../app/data/booking";
import {
  bookingSlotsEndpoint,
  bookSlotEndpoint,
  cancelBookingEndpoint,
  myBookingsEndpoint,
  setProctoringHoursEndpoint,
  staffProctoringHoursEndpoint,
} from "../../app/schemas/booking";
import { fromContract } from "../contract";
import { requireUser, userOf } from "../plugins/session";
import {
  availableSlots,
  bookingsOf,
  bookingView,
  bookSlot,
  cancelBooking,
  currentHours,
  setHours,
  type Booking,
} from "./bookings";

const noStore = async (
  _request: FastifyRequest,
  reply: { header(k: string, v: string): unknown },
  payload: unknown,
) => {
  reply.header("cache-control", "no-store");
  return payload;
};

/** The candidate's booking routes (issue 28.1), under /api/me. */
export async function bookingRoutes(app: FastifyInstance, opts: { now?: () => Date } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => opts.now?.() ?? new Date();
  app.addHook("preHandler", requireUser);
  app.addHook("onSend", noStore);

  r.route({
    ...fromContract(bookingSlotsEndpoint),
    async handler(_request, reply) {
      const { hours, slots } = await availableSlots(app.db, now());
      return reply.status(200).send({ timeZone: PROCTORING_TIME_ZONE, hours, slotMinutes: SLOT_MINUTES, slots });
    },
  });

  r.route({
    ...fromContract(myBookingsEndpoint),
    async handler(request, reply) {
      const rows = await bookingsOf(app.db, userOf(request).id);
      return reply.status(200).send({ bookings: rows.map(bookingView) });
    },
  });

  /** the voucher the path names, the candidate's own, at this moment */
  const voucherOf = (request: FastifyRequest<{ Params: { id: number } }>) => ({
    userId: userOf(request).id,
    registrationId: request.params.id,
    now: now(),
  });
  /** a booking made or cancelled, as the answer shows it; its e-mail is queued, so the mail worker is woken */
  const changed = ({ booking, message }: { booking: Booking; message: string }) => {
    app.mail.worker.kick();
    return { booking: bookingView(booking), message };
  };

  r.route({
    ...fromContract(bookSlotEndpoint),
    async handler(request, reply) {
      const { startsAt, timeZone } = request.body;
      const booked = await bookSlot(app.db, { ...voucherOf(request), startsAt: new Date(startsAt), timeZone });
      return reply.status(200).send(changed(booked));
    },
  });

  r.route({
    ...fromContract(cancelBookingEndpoint),
    handler: async (request, reply) => reply.status(200).send(changed(await cancelBooking(app.db, voucherOf(request)))),
  });
}

/** The staff side (registered in the guarded /api/staff scope): the proctoring hours and seats per slot. */
export async function staffBookingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = (hours: Awaited<ReturnType<typeof currentHours>>) => ({
    hours,
    timeZone: PROCTORING_TIME_ZONE,
    slotMinutes: SLOT_MINUTES,
  });

  r.route({
    ...fromContract(staffProctoringHoursEndpoint),
    async handler(_request, reply) {
      return reply.status(200).send(answer(await currentHours(app.db)));
    },
  });

  r.route({
    ...fromContract(setProctoringHoursEndpoint),
    async handler(request, reply) {
      const u = userOf(request);
      return reply.status(200).send(answer(await setHours(app.db, { id: u.id, role: u.role }, request.body)));
    },
  });
}
