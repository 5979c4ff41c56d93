import { org } from "./org";

/**
 * The rules of booking an online proctored exam (issue 28.1), in one place: the server enforces them and
 * the account pages and e-mails state them. Decision 0023 explains the choices.
 */

/** The zone the proctoring hours are kept in: the office hours' "CST" is Central time (CST, CDT in summer). */
export const PROCTORING_TIME_ZONE = "America/Chicago";

/**
 * One slot: long enough for the 90-minute exam with the 30-minute ESL extension. Slots start every this many
 * minutes from the start of the proctoring hours, and the last one ends by their end.
 */
export const SLOT_MINUTES = 120;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};
export const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The slot start times of one day ("HH:MM") the proctoring hours give: every SLOT_MINUTES from the start, each
 * ending by the end (server/booking/slots.ts makes instants of them; the console shows them as staff type).
 */
export function dailyStarts(hours: { startTime: string; endTime: string }): string[] {
  const out: string[] = [];
  for (let t = minutesOf(hours.startTime); t + SLOT_MINUTES <= minutesOf(hours.endTime); t += SLOT_MINUTES)
    out.push(hhmmOf(t));
  return out;
}

/** The hours until staff set others: the office hours, Mon-Fri 9AM-5PM CST, with this many seats a slot. */
export const DEFAULT_PROCTORING_HOURS = {
  days: [1, 2, 3, 4, 5],
  startTime: "09:00",
  endTime: "17:00",
  seatsPerSlot: 5,
};
export const OFFICE_HOURS = org.hours;

/** How far ahead a slot can be booked. */
export const BOOKING_DAYS_AHEAD = 30;

/** The reminder e-mail goes this long before the start (a booking made later gets only the confirmation). */
export const REMINDER_HOURS = 24;

/** Check-in opens this long before the booked start and closes this long after it. */
export const CHECK_IN_OPENS_MINUTES = 30;
export const CHECK_IN_CLOSES_MINUTES = 15;

export const ONLINE_EXAM_POLICY_PATH = "/testing/online-exam-policy";

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export const BOOKING_MESSAGES = {
  deadline:
    "You can reschedule or cancel up to the start time. After the start time the booking can no longer be changed, and a candidate who does not check in forfeits the exam fee (online exam policy).",
  slotFull: "This time has just been fully booked. Please choose another time.",
  notASlot: "This is not one of the proctoring times. Please choose a time from the list.",
  tooLate: "This time has already started or is too far ahead. Please choose a time from the list.",
  started:
    "This booking's start time has passed, so it can no longer be rescheduled or cancelled. Under the online exam policy the exam fee is forfeited if you do not check in.",
  notBooked: "This exam has no booked time.",
  voucher: "Only a paid exam voucher that has not been used can be booked.",
  notDelivered: "This exam is not delivered on the site yet. Support schedules it with you.",
  timeZone: "Your time zone could not be read. Please reload the page.",
} as const;

/**
 * "Monday, Nov 30, 2026, 9:00 AM Central Standard Time" for an ISO instant in a given IANA zone (the
 * candidate's own, or the browser's when none is given): a booked time always names its zone.
 */
export function formatInZone(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "long",
  });
}

/** Check-in asks for these photos: the candidate, the ID front and back, the testing area, and the room scan's frames. */
export const AREA_PHOTOS = 4;
export const ROOM_SCAN_MIN_FRAMES = 6;
export const ROOM_SCAN_MAX_FRAMES = 12;
/** The check-in page's room scan: this many frames, one every ROOM_SCAN_INTERVAL_MS, while the candidate turns the camera. */
export const ROOM_SCAN_FRAMES = 8;
export const ROOM_SCAN_INTERVAL_MS = 1000;
/** The check-in page asks the server this often whether a proctor has decided. */
export const CHECK_IN_POLL_MS = 5000;
/** Minors: age 17 and under need a guardian's authorisation for each test (policies §5). */
export const MINOR_MAX_AGE = 17;

/** The age in whole years on a day ("YYYY-MM-DD" birth date): the server's rule and the check-in page's. */
export function ageOn(birthDate: string, day: Date): number {
  const [y, m, d] = birthDate.split("-").map(Number) as [number, number, number];
  let age = day.getUTCFullYear() - y;
  if (day.getUTCMonth() + 1 < m || (day.getUTCMonth() + 1 === m && day.getUTCDate() < d)) age--;
  return age;
}
/**
 * Check-in photos are deleted this many days after the check-in (the privacy policy states it); the appeal
 * windows (72 hours; 30 days for sanctions) end well before.
 */
export const CHECK_IN_RETENTION_DAYS = 90;
/** Where the system check keeps this browser's id (localStorage), sent with a signed-in result. */
export const BROWSER_ID_KEY = "citb.browserId";

export const CHECK_IN_MESSAGES = {
  notOpen: `Check-in opens ${CHECK_IN_OPENS_MINUTES} minutes before your booked time and closes ${CHECK_IN_CLOSES_MINUTES} minutes after it.`,
  systemCheck:
    "Run the system check in this browser first and pass it: check-in asks for a passing check in the browser you take the exam in.",
  files: `Check-in needs a photo of you, the front and back of your ID, ${AREA_PHOTOS} photos of the testing area and a room scan of at least ${ROOM_SCAN_MIN_FRAMES} frames.`,
  guardian: `A candidate aged ${MINOR_MAX_AGE} or under needs a guardian's authorisation: give the guardian's name and confirm it.`,
  birthDate: "Give your date of birth.",
  pending: "Your check-in is with a proctor.",
  noShow: `You did not check in by ${CHECK_IN_CLOSES_MINUTES} minutes after your booked time, so under the online exam policy the exam fee is forfeited.`,
} as const;
