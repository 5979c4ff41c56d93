import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";

// Unmount rendered components after each test (vitest runs without globals, so Testing Library cannot do it itself).
afterEach(async () => {
  if (typeof document !== "undefined") (await import("@testing-library/react")).cleanup();
});
