// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { KEYSTROKE_MS, PAUSE_MS, TypingHeadline, cycleMs, typedLength } from "~/components/TypingHeadline";

const TEXT = "Coalition of Information Technology Businesses";
const n = TEXT.length;

describe("typedLength: pause 1000 ms, erase and retype at 60 ms a keystroke (speed 40), forever", () => {
  test("the full text stays for the pause", () => {
    expect(KEYSTROKE_MS).toBe(60);
    expect(typedLength(0, n)).toBe(n);
    expect(typedLength(PAUSE_MS - 1, n)).toBe(n);
  });
  test("erases one character a keystroke down to nothing, then types it back", () => {
    expect(typedLength(PAUSE_MS + KEYSTROKE_MS, n)).toBe(n - 1);
    expect(typedLength(PAUSE_MS + n * KEYSTROKE_MS, n)).toBe(0);
    expect(typedLength(PAUSE_MS + (n + 1) * KEYSTROKE_MS, n)).toBe(1);
    expect(typedLength(PAUSE_MS + 2 * n * KEYSTROKE_MS - 1, n)).toBe(n - 1);
  });
  test("wraps around: the next cycle starts with the full text and its pause", () => {
    expect(cycleMs(n)).toBe(PAUSE_MS + 2 * n * KEYSTROKE_MS);
    expect(typedLength(cycleMs(n), n)).toBe(n);
    expect(typedLength(5 * cycleMs(n) + PAUSE_MS + KEYSTROKE_MS, n)).toBe(n - 1);
  });
});

describe("TypingHeadline", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const visible = () => screen.getByTestId("typing-visible").textContent!.replace(/\u200b/g, "");

  test("screen readers get the whole headline once; the animated copy follows the clock", () => {
    render(<TypingHeadline text={TEXT} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveAccessibleName(TEXT);
    expect(visible()).toBe(TEXT);
    act(() => vi.advanceTimersByTime(PAUSE_MS + 3 * KEYSTROKE_MS));
    expect(visible()).toBe(TEXT.slice(0, n - 3));
    act(() => vi.advanceTimersByTime((2 * n - 3) * KEYSTROKE_MS));
    expect(visible()).toBe(TEXT);
  });

  test("timers that fire late skip keystrokes instead of slowing the cycle", () => {
    render(<TypingHeadline text={TEXT} />);
    // A main thread blocked for 2 s: the clock moves on while no timer runs.
    const now = performance.now.bind(performance);
    vi.spyOn(performance, "now").mockImplementation(() => now() + 2000);
    act(() => vi.advanceTimersByTime(PAUSE_MS));
    expect(visible().length).toBeLessThan(n - 2000 / KEYSTROKE_MS + 2);
  });
});
