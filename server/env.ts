import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);
/** An optional setting: unset and empty (`NAME=` in .env) both mean "not set", and a bad value gets its own message. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** Every setting the server reads, validated once at start-up (see README, "Configuration"). */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\//,
        "must start with postgres:// or postgresql://, e.g. postgres://citb@127.0.0.1:5432/citb",
      ),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  /** staff and admin sessions end sooner than candidates' (default 8 hours) */
  STAFF_SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(8),
  /**
   * Which X-Forwarded-For entries to believe: `false` (none: the socket address is the client), a hop count
   * (`1` behind one reverse proxy), or a comma-separated list of the proxies' addresses or CIDR ranges.
   * `true` (believe the leftmost entry, which any client can write) is refused.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx) => {
      const value = v.trim();
      if (value === "false" || value === "0" || value === "") return false;
      if (/^[1-9]\d?$/.test(value)) return Number(value);
      const list = value.split(",").map((a) => a.trim());
      if (value !== "true" && list.every((a) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a) && /[.:]/.test(a))) return list;
      ctx.addIssue({
        code: "custom",
        message:
          'must be false, the number of proxies in front of the server (e.g. 1), or their addresses (e.g. "10.0.0.1,10.0.0.2"); "true" would believe any client\'s X-Forwarded-For',
      });
      return z.NEVER;
    }),
  PAYMENT_GATEWAY: z.enum(["test"]).default("test"),
  CLIENT_DIR: z.string().min(1).default("./build/client"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /**
   * a request's headers and body must arrive within this time, or it gets 408 and its connection closes; a body
   * earns one more second for every BODY_MIN_BYTES_PER_S bytes that arrive (plugins/body-deadline.ts)
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  /** the slowest body a client may send without being cut off: 16 KiB/s, an eighth of 1 Mbps */
  BODY_MIN_BYTES_PER_S: z.coerce.number().int().min(1).default(16_384),
  /** the hard cap on any one request, however fast its body arrives (20 minutes) */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(1_200_000),
  /** the headers alone must arrive within this time (at most REQUEST_TIMEOUT_MS) */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
  /** an idle keep-alive connection is closed after this time (above a load balancer's idle timeout) */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
  INQUIRY_RATE_MAX: z.coerce.number().int().positive().default(10),
  SIGNUP_RATE_MAX: z.coerce.number().int().positive().default(20),
  /** confirmation links tried per client address per 15 minutes */
  CONFIRM_RATE_MAX: z.coerce.number().int().positive().default(20),
  // Mail (server/mail): without SMTP_URL messages are composed, kept and printed to the log.
  SMTP_URL: optional(
    z.string().regex(/^smtps?:\/\/[^/]+/, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587"),
  ),
  MAIL_FROM: z
    .string()
    .regex(/^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/, 'must be an address, e.g. "CITB <no-reply@citb.example>"')
    .default("CITB <no-reply@citb.example>"),
  STAFF_EMAIL: z.email("must be an e-mail address (where staff notifications go)").default("staff@citb.example"),
  /**
   * The site's public address (no trailing slash): every absolute address the server gives starts with it, in
   * mail, the certificate and its QR code, the badge, the pages' canonical links, the sitemap and the feed.
   */
  PUBLIC_URL: optional(
    z.string().transform((value, ctx) => {
      let url: URL | undefined;
      try {
        url = new URL(value.trim());
      } catch {
        /* reported below */
      }
      if (
        !url ||
        !/^https?:$/.test(url.protocol) ||
        url.pathname.replace(/\/+$/, "") !== "" ||
        url.search ||
        url.hash
      ) {
        ctx.addIssue({
          code: "custom",
          message: `must be the site's address as people reach it, http:// or https:// with no path, e.g. https://www.citb.example (got "${value}")`,
        });
        return z.NEVER;
      }
      return url.origin;
    }),
  ),
  /**
   * The Ed25519 key that signs the credentials (server/credentials/keys.ts): its secret key as a multibase
   * string (`npm run keys:rotate` prints a new one), or CREDENTIAL_KEY_FILE, a file holding it. Production
   * refuses to start without one; development keeps a generated one in DATA_DIR.
   */
  CREDENTIAL_SIGNING_KEY: optional(
    z
      .string()
      .regex(
        /^z[1-9A-HJ-NP-Za-km-z]{40,120}$/,
        "must be an Ed25519 secret key as a multibase string (z…): npm run keys:rotate makes one",
      ),
  ),
  CREDENTIAL_KEY_FILE: optional(z.string()),
  /** how often the mail worker looks for due messages */
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** the browser journeys' shortcuts under /api/test-fixtures (never registered in production) */
  E2E_FIXTURES: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** how often the renewal notices are looked for (server/plugins/renewals.ts); hourly by default */
  RENEWAL_POLL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** how often each process looks for periodic jobs whose turn has come (server/plugins/jobs.ts) */
  JOBS_POLL_MS: z.coerce.number().int().min(100).default(60_000),
  /** how often each process looks for exam sittings past their deadline to close and score (server/plugins/exams.ts) */
  EXAM_CLOSE_POLL_MS: z.coerce.number().int().min(100).default(10_000),
  /** the item bank loaded at start-up when the database holds no item (default: the repository's public sample bank/) */
  EXAM_BANK_DIR: z.string().optional(),
  /**
   * The MySQL-compatible server the MySQL items' key checks run on when an SME saves an item (issue 30.2), as
   * mysql://user:password@host:port/db with an account that may create databases and users. Unset: those
   * checks are "not run", and such an item cannot be approved until one runs (server/items/checks.ts).
   */
  SQL_CHECK_URL: z
    .string()
    .regex(/^mysql:\/\//, "must be a mysql:// URL")
    .optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, "PUBLIC_URL"> & { PUBLIC_URL: string };

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  // Links in mail point at the site's public address; by default the address the server listens on.
  const listening = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const host = listening.includes(":") ? `[${listening}]` : listening; // an IPv6 address
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://${host}:${env.PORT}` };
}
