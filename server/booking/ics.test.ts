import { describe, expect, it } from "vitest";
import { escapeText, fold, icsCalendar } from "./ics";

describe("the iCalendar writer", () => {
  const event = {
    uid: "booking-7@citb",
    sequence: 2,
    start: new Date("2026-11-30T15:00:00Z"),
    end: new Date("2026-11-30T17:00:00Z"),
    stamp: new Date("2026-11-28T10:00:00.123Z"),
    summary: "CITB exam: JavaScript, online proctored",
    description: "Check-in opens 30 minutes before; line two;\nthree",
    url: "https://example.org/account/exams",
    alarmMinutes: 60,
  };

  it("writes one event with UTC times, CRLF line ends and the fields calendar apps read", () => {
    const ics = icsCalendar(event);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.split("\r\n").every((l) => !l.includes("\n"))).toBe(true);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n");
    expect(unfolded).toContain("DTSTART:20261130T150000Z\r\n");
    expect(unfolded).toContain("DTEND:20261130T170000Z\r\n");
    expect(unfolded).toContain("DTSTAMP:20261128T100000Z\r\n");
    expect(unfolded).toContain("UID:booking-7@citb\r\nSEQUENCE:2\r\n");
    expect(unfolded).toContain("SUMMARY:CITB exam: JavaScript\\, online proctored\r\n");
    expect(unfolded).toContain("DESCRIPTION:Check-in opens 30 minutes before\\; line two\\;\\nthree\r\n");
    expect(unfolded).toContain("TRIGGER:-PT60M");
    expect(unfolded).toContain("STATUS:CONFIRMED");
    expect(icsCalendar({ ...event, status: "CANCELLED" })).toContain("METHOD:CANCEL\r\n");
  });

  it("escapes text values", () => {
    expect(escapeText("a\\b;c,d\r\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const long = "DESCRIPTION:" + "é".repeat(100);
    const folded = fold(long);
    for (const line of folded.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(fold("SHORT:x")).toBe("SHORT:x");
  });
});
