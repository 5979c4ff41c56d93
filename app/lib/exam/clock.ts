import type { Clock } from "~/schemas/exam";

/**
 * The exam's time left, always from the server's clock (issue 27.4): every answer about a sitting carries
 * the server's time and the deadline; the page keeps only the difference between the server's clock and
 * its own, so a reload, a second tab, a background tab that was frozen, or a wrong clock on the computer
 * all show the same time left.
 */
export interface ServerClock {
  /** the server's time minus this computer's, in ms */
  offset: number;
  deadline: number | null;
  paused: boolean;
  /** while paused: what was left at the pause */
  remainingAtPause: number;
  totalMinutes: number;
}

export function fromServer(clock: Clock, receivedAt = Date.now()): ServerClock {
  return {
    offset: clock.now - receivedAt,
    deadline: clock.deadline,
    paused: clock.paused,
    remainingAtPause: clock.remainingMs,
    totalMinutes: clock.minutes.total,
  };
}

export function remainingMs(c: ServerClock, now = Date.now()): number {
  if (c.paused || c.deadline === null) return Math.max(0, c.remainingAtPause);
  return Math.max(0, c.deadline - (now + c.offset));
}

/** "1:29:59", "29:59", "0:05": hours only when there are some. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** The time left in words, for the timer's accessible name: "1 hour 29 minutes", "4 minutes", "under a minute". */
export function describeRemaining(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "under a minute";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (h === 0) return part(m, "minute");
  return m === 0 ? part(h, "hour") : `${part(h, "hour")} ${part(m, "minute")}`;
}

/** Screen readers hear the time left only at these marks (minutes), never every second (issue 27.6). */
export const ANNOUNCE_AT_MINUTES = [30, 10, 5, 1] as const;

/**
 * The announcement due when the time left goes from `before` to `after` (ms), or null. Crossing several
 * marks at once (a tab woken after a long sleep) announces the last one only.
 */
export function announcementBetween(before: number, after: number): string | null {
  let due: number | null = null;
  for (const mark of ANNOUNCE_AT_MINUTES) if (before > mark * 60_000 && after <= mark * 60_000) due = mark;
  if (due === null) return null;
  return due === 1 ? "1 minute left in your exam." : `${due} minutes left in your exam.`;
}
