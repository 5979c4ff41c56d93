import { registerBodyDeadline } from "./plugins/body-deadline";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { loadCommonPasswords } from "./common-passwords";
import type { Database } from "./db/client";
import type { Env } from "./env";
import {
  addressHasNul,
  BAD_CHARACTER_BODY,
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
  sendError,
  sendNotFound,
} from "./errors";
import type { PaymentGateway } from "./payments/gateway";
import { afterResponsePlugin } from "./plugins/after-response";
import { credentialsPlugin } from "./plugins/credentials";
import { databasePlugin } from "./plugins/database";
import { mailPlugin, type MailPluginOptions } from "./plugins/mail";
import { gatewayFor, paymentsPlugin } from "./plugins/payments";
import { jobsPlugin } from "./plugins/jobs";
import { renewalsPlugin } from "./plugins/renewals";
import { installJsonBodyParser } from "./plugins/json-body";
import { logDestination, RequestLog } from "./plugins/request-log";
import { securityHeaders, securityPlugin } from "./plugins/security";
import itemRoutes from "./items/items-routes";
import { requireRole, sessionCookieName, sessionPlugin } from "./plugins/session";
import { sitePlugin } from "./plugins/site";
import { org } from "../app/data/org";
import accountRoutes from "./accounts/routes";
import authRoutes from "./accounts/auth-routes";
import certificationRoutes from "./certifications/routes";
import didRoutes from "./credentials/did-routes";
import healthRoutes from "./health/routes";
import inquiryRoutes from "./inquiries/routes";
import invitationRoutes from "./accounts/invitation-routes";
import orderRoutes from "./orders/routes";
import passwordRoutes from "./accounts/password-routes";
import requestRoutes from "./requests/routes";
import examTestFixtureRoutes from "./testing/exam-fixture-routes";
import testFixtureRoutes from "./testing/fixture-routes";
import emailRoutes from "./accounts/email-routes";
import examRoutes from "./exams/routes";
import { bookingRoutes } from "./booking/booking-routes";
import { bookingPlugin } from "./booking/plugin";
import { examPageProctoringRoutes, proctorRoutes } from "./proctoring/routes";
import { checkInRoutes, proctorCheckInRoutes } from "./booking/check-in-routes";
import { examEnginePlugin } from "./plugins/exams";
import verifyRoutes from "./credentials/verify-routes";
import systemCheckRoutes from "./system-check/routes";
import staffTestFixtureRoutes from "./testing/staff-fixture-routes";
import bankTestFixtureRoutes from "./testing/bank-fixture-routes";
import checkInTestFixtureRoutes from "./testing/check-in-fixture-routes";
import { ratingRoutes } from "./items/bank-routes";
import staffRoutes from "./staff/routes";

declare module "fastify" {
  interface FastifyInstance {
    /** set when a shutdown begins (server/shutdown.ts): every response from then on ends its connection */
    draining: boolean;
  }
}

export interface AppOptions {
  env: Env;
  /** the open database; the app closes it when it closes */
  database: Database;
  /** pino options or false; tests pass a stream to inspect log lines */
  logger?: boolean | object;
  /** serve the built site from env.CLIENT_DIR (off in API tests) */
  serveSite?: boolean;
  inquiryRateMax?: number;
  orderRateMax?: number;
  verifyRateMax?: number;
  /** requests per minute per client to each of the system check's speed endpoints */
  speedRateMax?: number;
  /** the card processor; defaults to the one named by PAYMENT_GATEWAY (only "test" exists) */
  gateway?: PaymentGateway;
  /** run the mail worker (server.ts does; API tests call `app.mail.worker.runOnce()` themselves) */
  mailWorker?: boolean;
  /** tests: a mail transport and retry settings of their own */
  mailTransport?: MailPluginOptions["transport"];
  mailWorkerOptions?: MailPluginOptions["workerOptions"];
  /**
   * the exam engine: import the public sample bank at start-up when no item is stored (server.ts does),
   * and the clock the exam routes and the closing job read (tests inject a fake one)
   */
  examBank?: boolean;
  now?: () => Date;
  /** extra plugins registered before the routes (tests: hooks that observe the route table) */
  plugins?: FastifyPluginAsync[];
}

const LOG_REDACTIONS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "res.headers['set-cookie']",
  "*.password",
  "*.token",
  "*.cardNumber",
  "*.cvv2",
  "*.paymentToken",
];

/** Builds the whole application: the API under /api and the prerendered site. Tests use it with `inject`. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const production = env.NODE_ENV === "production";
  // the password schemas refuse the most common passwords once the list is loaded
  await loadCommonPasswords();
  const headers = securityHeaders(production);
  const log = opts.logger ? undefined : logDestination(1);
  const onClientError = clientErrorHandler(headers);
  const app = Fastify({
    logger: opts.logger ?? {
      level: env.LOG_LEVEL,
      redact: { paths: LOG_REDACTIONS, censor: "[redacted]" },
      stream: log?.stream,
    },
    logController: new RequestLog(), // one line per response (plugins/request-log.ts)
    genReqId: () => randomUUID(),
    // a hop count believes that many entries from the right of X-Forwarded-For (the ones our proxies wrote)
    trustProxy:
      typeof env.TRUST_PROXY === "number"
        ? (_address: string, hop: number) => hop < (env.TRUST_PROXY as number)
        : env.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Connections are closed by server/shutdown.ts at SIGTERM, not cut when the app closes.
    forceCloseConnections: false,
    // A client that sends its headers or body slowly, or not at all, cannot hold a connection (and a
    // shutdown) open: Node answers 408 and closes it. Node checks every `connectionsCheckingInterval`.
    // Bodies are judged by plugins/body-deadline.ts, which lets an upload that keeps arriving take its time;
    // Node's own limit is the hard cap behind it.
    requestTimeout: Math.max(env.UPLOAD_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(2000, env.REQUEST_TIMEOUT_MS),
    },
    // A slow disk or a busy machine may take more than the default 10 s to load the site into memory.
    pluginTimeout: 120_000,
    return503OnClosing: false,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    // answers written before any hook runs get our error shape and the security headers too
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: onClientError,
  });
  registerBodyDeadline(app, {
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    minBytesPerSecond: env.BODY_MIN_BYTES_PER_S,
    onTimeout: onClientError,
  });
  // Once a shutdown begins (SIGTERM: server/shutdown.ts), every response ends its connection, so no keep-alive
  // client is left holding a connection about to be closed.
  if (log) app.addHook("onClose", async () => log.stop());
  app.decorate("draining", false);
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (app.draining) reply.header("connection", "close");
    done(null, payload);
  });

  // The API speaks JSON only: any other body type is a 415. A refused JSON body says why (plugins/json-body.ts).
  app.removeContentTypeParser(["text/plain"]);
  installJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  for (const plugin of opts.plugins ?? []) await app.register(fp(plugin));

  // Cross-cutting concerns, one plugin each. Rate limits are not a plugin: they live in the database
  // (server/auth/limits.ts: `perClient(scope, limit)` as a route's onRequest, or `reserve` by hand),
  // so every server process shares them.
  await app.register(securityPlugin, { production, sessionCookie: sessionCookieName(production) });
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(databasePlugin, { database: opts.database });
  // after the database, so that closing the app lets these tasks end before the database closes
  await app.register(afterResponsePlugin);
  // the credentials' signing key (always required in production) and their issuer
  await app.register(credentialsPlugin, { env });
  await app.register(mailPlugin, {
    env,
    worker: opts.mailWorker ?? false,
    transport: opts.mailTransport,
    workerOptions: opts.mailWorkerOptions,
  });
  // renewal notices, with the mail worker (server.ts runs both; API tests call the function themselves)
  await app.register(renewalsPlugin, { run: opts.mailWorker ?? false, intervalMs: env.RENEWAL_POLL_MS });
  await app.register(jobsPlugin, { run: opts.mailWorker ?? false, intervalMs: env.JOBS_POLL_MS });
  await app.register(examEnginePlugin, {
    run: opts.mailWorker ?? false,
    loadSampleBank: opts.examBank ?? false,
    bankDir: env.EXAM_BANK_DIR,
    intervalMs: env.EXAM_CLOSE_POLL_MS,
    now: opts.now,
  });
  await app.register(bookingPlugin, {
    run: opts.mailWorker ?? false,
    intervalMs: env.EXAM_CLOSE_POLL_MS,
    now: opts.now,
  });
  await app.register(paymentsPlugin, { gateway: opts.gateway ?? gatewayFor(env.PAYMENT_GATEWAY) });

  // The API: every route file is a plain plugin.
  await app.register(
    async (api) => {
      // A NUL byte in a path parameter or the query string cannot be stored or looked up as text (PostgreSQL
      // refuses it): every API route answers it with the usual 400 before its handler runs.
      api.addHook("onRequest", async (request, reply) => {
        if (addressHasNul(request.url)) return sendError(request, reply, 400, BAD_CHARACTER_BODY);
      });
      api.addHook("onSend", async (_request, reply, payload) => {
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
        return payload;
      });
      await api.register(sessionPlugin, {
        ttlHours: env.SESSION_TTL_HOURS,
        staffTtlHours: env.STAFF_SESSION_TTL_HOURS,
        production,
      });
      await api.register(healthRoutes);
      await api.register(authRoutes, { signupRateMax: env.SIGNUP_RATE_MAX });
      await api.register(passwordRoutes);
      await api.register(emailRoutes, { confirmRateMax: env.CONFIRM_RATE_MAX });
      await api.register(accountRoutes);
      await api.register(inquiryRoutes, { rateMax: opts.inquiryRateMax ?? env.INQUIRY_RATE_MAX });
      await api.register(orderRoutes, { rateMax: opts.orderRateMax ?? 30 });
      await api.register(certificationRoutes);
      await api.register(requestRoutes);
      await api.register(verifyRoutes, { rateMax: opts.verifyRateMax ?? 30 });
      await api.register(invitationRoutes);
      await api.register(systemCheckRoutes, { rateMax: opts.speedRateMax ?? 60 });
      await api.register(examRoutes, { now: opts.now });
      await api.register(bookingRoutes, { now: opts.now });
      await api.register(examPageProctoringRoutes, { now: opts.now });
      await api.register(checkInRoutes, { now: opts.now });
      // shortcuts for the browser journeys: never in production, only when asked for
      if (env.E2E_FIXTURES && !production) {
        await api.register(testFixtureRoutes);
        await api.register(examTestFixtureRoutes);
        await api.register(staffTestFixtureRoutes);
        await api.register(bankTestFixtureRoutes);
        await api.register(checkInTestFixtureRoutes);
      }

      // the item bank: subject-matter experts as well as staff and admins, behind its own guard (server/items)
      await api.register(itemRoutes, { sqlConfigured: !!env.SQL_CHECK_URL });
      await api.register(ratingRoutes);
      // The staff console: every route under /api/staff, in one scope guarded by its own hook (server/staff/routes.ts).
      await api.register(staffRoutes, { now: opts.now });
      // Online proctoring (issue 28): the live sessions and the check-in queue, in one scope whose hook lets
      // proctors, staff and admins through (401 for guests, 403 for anyone else); a proctor reaches nothing
      // else under /api/staff.
      await api.register(async (proctoring) => {
        proctoring.addHook("onRequest", requireRole("proctor", "staff", "admin"));
        proctoring.addHook("onSend", async (_request, reply, payload) => {
          reply.header("x-robots-tag", "noindex");
          return payload;
        });
        await proctoring.register(proctorRoutes, { now: opts.now });
        await proctoring.register(proctorCheckInRoutes, { now: opts.now });
      });
    },
    { prefix: "/api" },
  );

  // The coalition's DID document (did:web), outside /api at the address did:web resolves to.
  await app.register(didRoutes);

  // The prerendered site and its files (not in API tests).
  if (opts.serveSite !== false)
    await app.register(sitePlugin, {
      clientDir: env.CLIENT_DIR,
      production,
      origin: { built: org.siteUrl, public: env.PUBLIC_URL },
    });
  else app.setNotFoundHandler(sendNotFound);

  return app;
}
