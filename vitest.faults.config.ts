import { defineConfig } from "vitest/config";

/**
 * The fault tests (tests/faults): each file starts the real server as a child process and breaks
 * something (SIGTERM under load, kill -9, the database going away, a second process on the same
 * data folder). Files run one after another to keep a small machine calm.
 */
export default defineConfig({
  test: {
    include: ["tests/faults/**/*.test.ts"],
    // builds the server to JavaScript once; every file runs that build (tests/faults/global-setup.ts)
    globalSetup: ["tests/faults/global-setup.ts"],
    // as in the quick pass: a test that writes to console.error fails
    setupFiles: ["./vitest.setup.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
