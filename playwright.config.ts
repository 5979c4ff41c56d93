import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./server/chromium";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;

/** Browser journeys against the built site served by the real server, on a throw-away embedded database. */
export default defineConfig({
  testDir: "tests/e2e",
  // Files run two at a time on the one server (each test works on its own accounts and mail addresses);
  // the tests inside a file run in order.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      INQUIRY_RATE_MAX: "1000",
      // every journey signs its candidates up from 127.0.0.1
      SIGNUP_RATE_MAX: "1000",
      // and confirms their addresses from it
      CONFIRM_RATE_MAX: "1000",
      NODE_ENV: "test",
      E2E_FIXTURES: "true",
      // the exam journeys let a deadline pass with the browser closed: the closing job looks every second
      EXAM_CLOSE_POLL_MS: "1000",
    },
  },
});
