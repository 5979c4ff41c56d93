import { contentPipeline } from "./app/content/pipeline.server.ts";
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: contentPipeline(),
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    // the long property-based runs have their own command (npm run test:fuzz, part of npm test)
    exclude: process.env.FUZZ ? [] : ["server/fuzz.test.ts"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    pool: "forks",
    // Vitest's default on 2 cores is one worker; the files wait on WebAssembly start-up and argon2 as much
    // as they compute, so two run side by side in about 60% of the time.
    maxWorkers: 2,
    testTimeout: 30000,
    hookTimeout: 90000,
  },
});
