import { describe, expect, it } from "vitest";
import { FRAME_EVERY_MINUTES, FRAME_MIN_INTERVAL_SECONDS } from "~/data/proctoring";
import { nextFrameDelayMs } from "./useProctoring";

describe("the exam page's camera frames come at random moments", () => {
  it("never sooner than the server keeps one, always within the policy's period", () => {
    for (const r of [0, 0.001, 0.25, 0.5, 0.999, 1]) {
      const ms = nextFrameDelayMs(r);
      expect(ms).toBeGreaterThan(FRAME_MIN_INTERVAL_SECONDS * 1000);
      expect(ms).toBeLessThan(FRAME_EVERY_MINUTES * 60_000);
    }
    // random: spread over the period, not one fixed gap
    expect(nextFrameDelayMs(0.9) - nextFrameDelayMs(0.1)).toBeGreaterThan(5 * 60_000);
  });
});
