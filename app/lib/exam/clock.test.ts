import { describe, expect, it } from "vitest";
import { announcementBetween, describeRemaining, formatRemaining, fromServer, remainingMs } from "./clock";

const MIN = 60_000;
const clock = (now: number, deadline: number | null, remaining = 0, paused = false) => ({
  now,
  deadline,
  remainingMs: remaining,
  paused,
  minutes: { base: 90, esl: 0, accommodation: 0, added: 0, total: 90 },
});

describe("the exam clock", () => {
  it("counts from the server's time, whatever this computer's clock says", () => {
    // the computer is 10 minutes fast: the time left is still the server's
    const c = fromServer(clock(1_000_000, 1_000_000 + 45 * MIN), 1_000_000 + 10 * MIN);
    expect(remainingMs(c, 1_000_000 + 10 * MIN)).toBe(45 * MIN);
    expect(remainingMs(c, 1_000_000 + 11 * MIN)).toBe(44 * MIN);
    // never below zero
    expect(remainingMs(c, 1_000_000 + 99 * MIN)).toBe(0);
  });

  it("stands still while paused", () => {
    const c = fromServer(clock(0, null, 12 * MIN, true), 0);
    expect(remainingMs(c, 30 * MIN)).toBe(12 * MIN);
  });

  it("announces only at 30, 10, 5 and 1 minutes, never every second", () => {
    const said: string[] = [];
    for (let left = 31 * MIN; left >= 0; left -= 1000) {
      const s = announcementBetween(left + 1000, left);
      if (s) said.push(s);
    }
    expect(said).toEqual([
      "30 minutes left in your exam.",
      "10 minutes left in your exam.",
      "5 minutes left in your exam.",
      "1 minute left in your exam.",
    ]);
    // a tab asleep from 40 to 4 minutes left says the latest mark once
    expect(announcementBetween(40 * MIN, 4 * MIN)).toBe("5 minutes left in your exam.");
  });

  it("writes the time left for the eye and for the ear", () => {
    expect(formatRemaining(90 * MIN)).toBe("1:30:00");
    expect(formatRemaining(29 * MIN + 59_000)).toBe("29:59");
    expect(formatRemaining(5_000)).toBe("0:05");
    expect(describeRemaining(89 * MIN + 30_000)).toBe("1 hour 29 minutes");
    expect(describeRemaining(60 * MIN)).toBe("1 hour");
    expect(describeRemaining(MIN)).toBe("1 minute");
    expect(describeRemaining(30_000)).toBe("under a minute");
  });
});
