import { BOOKING_MESSAGES } from "../data/booking";
import { endpoint, idParams, rowsEndpoint } from "./endpoint";
import { z } from "./zod";

/**
 * Booking a time for an online proctored exam (issue 28.1). Server: server/booking/. Times travel as ISO
 * instants; the page shows them in the candidate's own time zone with the zone named. The proctoring hours
 * are kept in Central time (app/data/booking.ts).
 *
 * Error codes (409 unless said): `slot_full`, `not_a_slot` (400), `booking_started` (the start time has
 * passed), `not_booked` (404), `voucher_not_open`, `not_delivered`, 404 `not_found`.
 */

export const bookingStatuses = ["booked", "cancelled", "no_show", "started"] as const;

export const bookingSchema = z.object({
  id: z.number(),
  registrationId: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(bookingStatuses),
  /** the last moment the booking can be rescheduled or cancelled: its start time */
  changeableUntil: z.string(),
  checkInOpensAt: z.string(),
  checkInClosesAt: z.string(),
});
export type BookingView = z.output<typeof bookingSchema>;

const hhmm = (message: string) => z.string({ error: message }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, message));

export const proctoringHoursSchema = z
  .strictObject({
    /** ISO weekdays, 1 Monday … 7 Sunday */
    days: z
      .array(z.number().check(z.int(), z.gte(1), z.lte(7)), { error: "Choose the days proctors are on duty." })
      .check(z.minLength(1, "Choose at least one day.")),
    startTime: hhmm("Give the start as HH:MM (24-hour clock)."),
    endTime: hhmm("Give the end as HH:MM (24-hour clock)."),
    seatsPerSlot: z
      .number({ error: "Give the number of seats per slot." })
      .check(z.int("Give a whole number of seats."), z.gte(1, "At least 1 seat."), z.lte(500, "At most 500 seats.")),
  })
  .check(
    z.refine((h) => h.startTime < h.endTime, { message: "The hours must end after they start.", path: ["endTime"] }),
  );
export type ProctoringHours = z.output<typeof proctoringHoursSchema>;

const slotsAnswer = z.object({
  /** the zone the hours are kept in (America/Chicago) */
  timeZone: z.string(),
  hours: proctoringHoursSchema,
  slotMinutes: z.number(),
  slots: z.array(z.object({ startsAt: z.string(), seatsLeft: z.number() })),
});

/** GET /me/exams/:id/slots: the bookable times of the next days, with the seats left in each. */
export const bookingSlotsEndpoint = endpoint("GET", "/me/exams/:id/slots", {
  params: idParams,
  response: { 200: slotsAnswer },
});

/** GET /me/bookings: the candidate's bookings (every status). */
export const myBookingsEndpoint = rowsEndpoint("/me/bookings", "bookings", bookingSchema);

export const bookSlotSchema = z.strictObject({
  startsAt: z.iso.datetime({ error: BOOKING_MESSAGES.notASlot }),
  /** the browser's IANA time zone, for the times in the e-mails */
  timeZone: z.string({ error: BOOKING_MESSAGES.timeZone }).check(z.minLength(1), z.maxLength(64)),
});

/**
 * PUT /me/exams/:id/booking: books the voucher for a slot, or moves its booking to another (reschedule) up to
 * the booked start time. Answers 200 with the booking and a sentence for the page; a confirmation e-mail
 * with a calendar file follows.
 */
export const bookSlotEndpoint = endpoint("PUT", "/me/exams/:id/booking", {
  params: idParams,
  body: bookSlotSchema,
  response: { 200: z.object({ booking: bookingSchema, message: z.string() }) },
});

/** DELETE /me/exams/:id/booking: cancels the booking up to its start time; the voucher can be booked again. */
export const cancelBookingEndpoint = endpoint("DELETE", "/me/exams/:id/booking", {
  params: idParams,
  response: { 200: z.object({ booking: bookingSchema, message: z.string() }) },
});

/** GET /staff/proctoring/hours and PUT (staff): the proctoring hours and seats per slot. */
const hoursAnswer = z.object({ hours: proctoringHoursSchema, timeZone: z.string(), slotMinutes: z.number() });
export const staffProctoringHoursEndpoint = endpoint("GET", "/staff/proctoring/hours", {
  response: { 200: hoursAnswer },
});
export const setProctoringHoursEndpoint = endpoint("PUT", "/staff/proctoring/hours", {
  body: proctoringHoursSchema,
  response: { 200: hoursAnswer },
});
