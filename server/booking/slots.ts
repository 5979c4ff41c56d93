/**
 * The proctoring slots (issue 28.1), pure: which start times the proctoring hours give, as instants. The hours
 * are wall-clock times in one zone (Central time), so a slot at 9:00 is 15:00 UTC in winter and 14:00 UTC in
 * summer; the conversion uses the platform's time-zone data (Intl), no library.
 */
import { dailyStarts, hhmmOf, PROCTORING_TIME_ZONE } from "../../app/data/booking";
import type { ProctoringHours } from "../../app/schemas/booking";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatFor(zone: string) {
  let f = partsFormat.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    partsFormat.set(zone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a zone. */
export function wallClock(at: Date, zone = PROCTORING_TIME_ZONE) {
  const p = Object.fromEntries(
    formatFor(zone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(p.weekday!) + 1;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday,
  };
}

/** The zone's offset from UTC at an instant, in ms (Chicago: -6 h in winter, -5 h in summer). */
function offsetAt(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time in a zone names (a time skipped by a clock change moves forward). */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  hhmm: string,
  zone = PROCTORING_TIME_ZONE,
): Date {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const naive = Date.UTC(year, month - 1, day, h, m);
  let at = naive - offsetAt(new Date(naive), zone);
  at = naive - offsetAt(new Date(at), zone);
  return new Date(at);
}

/** Every slot start from `from` (exclusive) for `days` calendar days of the proctoring zone, in order. */
export function slotStarts(hours: ProctoringHours, from: Date, days: number): Date[] {
  const starts = dailyStarts(hours);
  const first = wallClock(from);
  const out: Date[] = [];
  for (let i = 0; i <= days; i++) {
    // noon UTC of the zone's calendar day i: its date and weekday, whatever the offset
    const d = new Date(Date.UTC(first.year, first.month - 1, first.day + i, 12));
    const weekday = ((d.getUTCDay() + 6) % 7) + 1;
    if (!hours.days.includes(weekday)) continue;
    for (const s of starts) {
      const at = zonedInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), s);
      if (at.getTime() > from.getTime() && at.getTime() <= from.getTime() + days * DAY) out.push(at);
    }
  }
  return out;
}

/** Whether an instant is one of the slot starts the hours give (whatever the date). */
export function isSlotStart(hours: ProctoringHours, at: Date): boolean {
  const w = wallClock(at);
  if (w.second !== 0 || at.getUTCMilliseconds() !== 0 || !hours.days.includes(w.weekday)) return false;
  return dailyStarts(hours).includes(hhmmOf(w.hour * 60 + w.minute));
}
