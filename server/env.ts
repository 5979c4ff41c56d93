import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);

/** Every setting the server reads, validated once at start-up (see README, "Configuration"). */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  PAYMENT_GATEWAY: z.enum(["test"]).default("test"),
  CLIENT_DIR: z.string().min(1).default("./build/client"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  INQUIRY_RATE_MAX: z.coerce.number().int().positive().default(10),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
