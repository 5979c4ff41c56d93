/**
 * The system check (/system-check, issue 28): the equipment the online exam policy and the testing options
 * page ask for, in one place. The page and the server's measuring endpoints read these numbers.
 */

/** The slowest connection the exam supports, each way (download and upload), in megabits per second. */
export const MIN_MBPS = 1;

/** How long the policy says the system test takes, in minutes. */
export const SYSTEM_TEST_MINUTES = { min: 5, max: 10 } as const;

/** The address of the check. */
export const SYSTEM_CHECK_PATH = "/system-check";

/** The largest download or upload one measuring request may move (2 MiB). */
export const SPEED_SAMPLE_MAX_BYTES = 2 * 1024 * 1024;

/** What the page moves each way to measure the connection (one timed request each way, after a small warm-up). */
export const SPEED_SAMPLE_BYTES = 1024 * 1024;

/** The browsers the exam supports, by family, with the oldest major version accepted. */
export const SUPPORTED_BROWSERS = [
  { family: "Chrome", minVersion: 120 },
  { family: "Edge", minVersion: 120 },
  { family: "Opera", minVersion: 106 },
  { family: "Firefox", minVersion: 115 },
  { family: "Safari", minVersion: 16 },
] as const;
