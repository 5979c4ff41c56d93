import "@testing-library/jest-dom/vitest";
import { afterEach, beforeEach, expect, vi } from "vitest";

// Unmount rendered components after each test (vitest runs without globals, so Testing Library cannot do it itself).
afterEach(async () => {
  if (typeof document !== "undefined") (await import("@testing-library/react")).cleanup();
});

// A test that writes to console.error fails: React's warnings (act, keys, hydration) and unexpected
// errors land there, and a passing test must not hide them.
let consoleErrors: unknown[][] = [];
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  consoleErrors = [];
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  spy?.mockRestore();
  const written = consoleErrors.map((args) => args.map(String).join(" "));
  expect(written, "the test wrote to console.error").toEqual([]);
});
