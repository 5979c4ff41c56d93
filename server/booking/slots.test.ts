import { describe, expect, it } from "vitest";
import { dailyStarts, DEFAULT_PROCTORING_HOURS } from "../../app/data/booking";
import { isSlotStart, slotStarts, zonedInstant } from "./slots";

describe("proctoring slots", () => {
  it("the office hours give four 2-hour slots a day: 9, 11, 1 and 3 o'clock Central time", () => {
    expect(dailyStarts(DEFAULT_PROCTORING_HOURS)).toEqual(["09:00", "11:00", "13:00", "15:00"]);
    expect(dailyStarts({ startTime: "09:00", endTime: "10:59" })).toEqual([]);
  });

  it("converts Central wall-clock times to instants across daylight saving time", () => {
    expect(zonedInstant(2026, 12, 1, "09:00").toISOString()).toBe("2026-12-01T15:00:00.000Z"); // CST, UTC-6
    expect(zonedInstant(2026, 7, 1, "09:00").toISOString()).toBe("2026-07-01T14:00:00.000Z"); // CDT, UTC-5
    expect(zonedInstant(2027, 3, 14, "09:00").toISOString()).toBe("2027-03-14T14:00:00.000Z"); // the day it changes
  });

  it("lists weekday slots only, after the given instant", () => {
    // Saturday 2026-11-28 10:00 UTC: the weekend has none, Monday starts at 9:00 CST (15:00 UTC)
    const from = new Date("2026-11-28T10:00:00Z");
    const slots = slotStarts(DEFAULT_PROCTORING_HOURS, from, 3).map((d) => d.toISOString());
    expect(slots).toEqual([
      "2026-11-30T15:00:00.000Z",
      "2026-11-30T17:00:00.000Z",
      "2026-11-30T19:00:00.000Z",
      "2026-11-30T21:00:00.000Z",
    ]);
    // mid-Monday: the slots that already started are gone
    expect(slotStarts(DEFAULT_PROCTORING_HOURS, new Date("2026-11-30T18:00:00Z"), 1)[0]!.toISOString()).toBe(
      "2026-11-30T19:00:00.000Z",
    );
  });

  it("recognises a slot start and refuses any other instant", () => {
    expect(isSlotStart(DEFAULT_PROCTORING_HOURS, new Date("2026-11-30T15:00:00Z"))).toBe(true);
    expect(isSlotStart(DEFAULT_PROCTORING_HOURS, new Date("2026-11-30T16:00:00Z"))).toBe(false);
    expect(isSlotStart(DEFAULT_PROCTORING_HOURS, new Date("2026-11-28T15:00:00Z"))).toBe(false); // Saturday
    expect(isSlotStart(DEFAULT_PROCTORING_HOURS, new Date("2026-11-30T15:00:01Z"))).toBe(false);
  });
});
