import { z } from "zod";
import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  formatInZone,
  ONLINE_EXAM_POLICY_PATH,
  REMINDER_HOURS,
} from "../../../app/data/booking";
import { org } from "../../../app/data/org";
import { icsCalendar } from "../../booking/ics";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P } from "./layout";

const SUBJECTS = {
  booked: (t: string) => `Your exam time is booked: ${t}`,
  rescheduled: (t: string) => `Your exam has a new time: ${t}`,
  cancelled: (t: string) => `Your exam booking is cancelled: ${t}`,
  reminder: (t: string) => `Reminder: your exam starts in ${REMINDER_HOURS} hours: ${t}`,
} as const;

/**
 * A booked time for an online proctored exam (issue 28.1): the confirmation when it is booked or moved, the
 * reminder 24 hours before, and the cancellation. Each carries an `.ics` calendar file of the same event
 * (one UID per booking, the sequence rising with each change, so a calendar updates or removes it).
 */
export default defineTemplate({
  schema: z.object({
    kind: z.enum(["booked", "rescheduled", "cancelled", "reminder"]),
    firstName: z.string(),
    examTitle: z.string(),
    voucherCode: z.string(),
    bookingId: z.number(),
    /** changes of the booking so far (the calendar event's SEQUENCE) */
    sequence: z.number(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    /** the candidate's IANA zone: times are written in it, with its name */
    timeZone: z.string(),
    /** when the message was queued (the calendar file's DTSTAMP) */
    sentAt: z.iso.datetime(),
  }),
  subject: (d) => SUBJECTS[d.kind](d.examTitle),
  body: (d, { link }) => {
    const when = formatInZone(d.startsAt, d.timeZone);
    const cancelled = d.kind === "cancelled";
    return (
      <MailLayout preview={`${d.examTitle}: ${when}.`} heading={SUBJECTS[d.kind](d.examTitle)}>
        <P>
          Hello {d.firstName},{" "}
          {cancelled
            ? `you cancelled the booked time of your ${d.examTitle} exam. Your voucher is still valid: book a new time from your account.`
            : `your online proctored ${d.examTitle} exam is booked for ${when}.`}
        </P>
        <Facts
          rows={[
            ["Exam", d.examTitle],
            [cancelled ? "Cancelled time" : "Start", when],
            ["Voucher code", d.voucherCode],
          ]}
        />
        {!cancelled && (
          <>
            <P>
              {`Check-in opens ${CHECK_IN_OPENS_MINUTES} minutes before the start and closes ${CHECK_IN_CLOSES_MINUTES} minutes after it. Have your ID ready (front and back), a webcam, and a quiet room: check-in asks for a photo of you, four photos of the testing area and a scan of the room. Run the system check in the browser you will use.`}
            </P>
            <P>
              {`You can reschedule or cancel from your account up to the start time, ${when}. After that the booking can no longer be changed, and if you do not check in the exam fee is forfeited (online exam policy: ${link(ONLINE_EXAM_POLICY_PATH)}).`}
            </P>
          </>
        )}
        <Action href={link("/account/exams")}>See my exams</Action>
      </MailLayout>
    );
  },
  attachments: (d, { link }) => [
    {
      filename: "citb-exam.ics",
      contentType: "text/calendar; charset=utf-8",
      content: icsCalendar({
        uid: `exam-booking-${d.bookingId}@${new URL(link("/")).host}`,
        sequence: d.sequence,
        start: new Date(d.startsAt),
        end: new Date(d.endsAt),
        stamp: new Date(d.sentAt),
        summary: `CITB exam: ${d.examTitle} (online proctored)`,
        description: `Voucher ${d.voucherCode}. Check-in opens ${CHECK_IN_OPENS_MINUTES} minutes before the start and closes ${CHECK_IN_CLOSES_MINUTES} minutes after it. ${link("/account/exams")}`,
        url: link("/account/exams"),
        organizer: { name: org.name, email: org.email },
        status: d.kind === "cancelled" ? "CANCELLED" : "CONFIRMED",
        alarmMinutes: d.kind === "cancelled" ? undefined : CHECK_IN_OPENS_MINUTES,
      }),
    },
  ],
});
