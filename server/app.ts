import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { registerErrorHandling } from "./errors";
import { securityPlugin } from "./plugins/security";
import { sitePlugin } from "./plugins/site";
import { healthRoutes } from "./routes/health";
import { inquiryRoutes } from "./routes/inquiries";
import { accountRoutes } from "./routes/account";
import { authRoutes } from "./routes/auth";
import { orderRoutes } from "./routes/orders";
import { gatewayFor, type PaymentGateway } from "./payments/gateway";
import "./types";

export const SESSION_COOKIE = "citb_session";

export interface AppOptions {
  env: Env;
  database: Database;
  /** pino options or false; tests pass a stream to inspect log lines */
  logger?: boolean | object;
  /** serve the built site from env.CLIENT_DIR (off in API tests) */
  serveSite?: boolean;
  inquiryRateMax?: number;
  orderRateMax?: number;
  /** the card processor; defaults to the one named by PAYMENT_GATEWAY (only "test" exists) */
  gateway?: PaymentGateway;
}

/** Builds the whole application: the API under /api and the prerendered site. Tests use it with `inject`. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { env, database } = opts;
  const production = env.NODE_ENV === "production";
  const app = Fastify({
    logger:
      opts.logger === undefined
        ? {
            level: env.LOG_LEVEL,
            redact: {
              paths: [
                "req.headers.authorization",
                "req.headers.cookie",
                "res.headers['set-cookie']",
                "*.password",
                "*.token",
                "*.cardNumber",
                "*.cvv2",
              ],
              censor: "[redacted]",
            },
          }
        : opts.logger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    forceCloseConnections: "idle",
    return503OnClosing: false,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
  });
  // The API speaks JSON only: any other body type is a 415.
  app.removeContentTypeParser(["text/plain"]);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(securityPlugin, { production, sessionCookie: SESSION_COOKIE });
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(rateLimit, { global: false });

  await app.register(
    async (api) => {
      api.addHook("onSend", async (_request, reply, payload) => {
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
        return payload;
      });
      await api.register(healthRoutes, { database });
      // auth's session hook must cover every API route, so it is registered in this scope directly
      await authRoutes(api, {
        database,
        sessionCookie: SESSION_COOKIE,
        ttlHours: env.SESSION_TTL_HOURS,
        secureCookie: production,
      });
      await api.register(accountRoutes, { database });
      await api.register(inquiryRoutes, { database, rateMax: opts.inquiryRateMax ?? 10 });
      await api.register(orderRoutes, {
        database,
        gateway: opts.gateway ?? gatewayFor(env.PAYMENT_GATEWAY),
        rateMax: opts.orderRateMax ?? 30,
      });
    },
    { prefix: "/api" },
  );

  if (opts.serveSite !== false) await app.register(sitePlugin, { clientDir: env.CLIENT_DIR, production });
  else
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ error: "not_found", message: "There is nothing at this address." }),
    );

  return app;
}
