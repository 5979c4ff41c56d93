import type { Clock } from "../../app/schemas/exam";
import type { Pause } from "../db/schema";

/** What the clock of a sitting is computed from. */
export interface ClockFacts {
  startedAt: Date;
  baseMinutes: number;
  eslMinutes: number;
  accommodationMinutes: number;
  addedMinutes: number;
  pauses: readonly Pause[];
}

const MINUTE = 60_000;

export function totalMinutes(c: ClockFacts): number {
  return c.baseMinutes + c.eslMinutes + c.accommodationMinutes + c.addedMinutes;
}

/** Milliseconds spent in closed pauses; an open pause, if any, and its start. */
function pausedMs(c: ClockFacts): { closed: number; openSince: number | null } {
  let closed = 0;
  let openSince: number | null = null;
  for (const p of c.pauses) {
    if (p.to === null) openSince = Date.parse(p.from);
    else closed += Math.max(0, Date.parse(p.to) - Date.parse(p.from));
  }
  return { closed, openSince };
}

/**
 * The deadline: start + allowed minutes + the time spent paused. Null while a pause is open (the clock
 * stands still). The one derivation: the stored `deadline_at` is always written from it.
 */
export function deadlineOf(c: ClockFacts): Date | null {
  const { closed, openSince } = pausedMs(c);
  if (openSince !== null) return null;
  return new Date(c.startedAt.getTime() + totalMinutes(c) * MINUTE + closed);
}

/** The clock as the browser gets it: the server's now and the deadline, both in ms. */
export function clockView(c: ClockFacts, now: Date): Clock {
  const deadline = deadlineOf(c);
  const { closed, openSince } = pausedMs(c);
  const remainingMs =
    deadline !== null
      ? Math.max(0, deadline.getTime() - now.getTime())
      : Math.max(0, c.startedAt.getTime() + totalMinutes(c) * MINUTE + closed - (openSince ?? now.getTime()));
  return {
    now: now.getTime(),
    deadline: deadline?.getTime() ?? null,
    remainingMs,
    paused: deadline === null,
    minutes: {
      base: c.baseMinutes,
      esl: c.eslMinutes,
      accommodation: c.accommodationMinutes,
      added: c.addedMinutes,
      total: totalMinutes(c),
    },
  };
}

/** Overdue: the deadline has passed (a paused sitting never is). */
export function isOverdue(c: ClockFacts, now: Date): boolean {
  const d = deadlineOf(c);
  return d !== null && now.getTime() >= d.getTime();
}
