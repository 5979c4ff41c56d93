import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { AUTH_MESSAGES, loginEndpoint, logoutEndpoint, signupEndpoint } from "../../app/schemas/auth";
import { describeWait, limitKey, perClient, release, reserve, reset, tooManyRequests } from "../auth/limits";
import { HashingBusyError, passwords } from "../auth/passwords";
import { queueLinkMail } from "./link-mail";
import { mailTo } from "../mail/outbox";
import { emailKey, toUser } from "../auth/users";
import { users } from "../db/schema";
import { HttpError, isUniqueViolation } from "../errors";
import { fromContract } from "../contract";

/** Sign-ups per client address per 10 minutes: SIGNUP_RATE_MAX (default 20). */
export const SIGNUP_WINDOW_MS = 10 * 60_000;

/**
 * Login attempts are reserved (counted) before the password is checked, per account and per client
 * address, in the database (server/auth/limits.ts): parallel guesses cannot pass the check together,
 * and every server process shares the count. A successful login gives its attempts back.
 */
export const LOGIN_LIMITS = {
  perAccount: { max: 5, windowMs: 15 * 60_000 },
  perClient: { max: 20, windowMs: 15 * 60_000 },
};

type AuthEvent = "signup" | "login" | "login_failed" | "lockout" | "logout";

/**
 * The account's security events as structured log lines (ASVS 7.1): what happened, the account's id
 * (null, with `knownEmail: false`, when no account has the address) and the client address. Never the
 * e-mail address, a password, a token or a card.
 */
export function logAuthEvent(
  request: FastifyRequest,
  event: AuthEvent,
  userId: number | null,
  extra: Record<string, string | number | boolean> = {},
) {
  const line = { event: `auth.${event}`, userId, ...(userId === null ? { knownEmail: false } : {}), ip: request.ip };
  if (event === "login_failed" || event === "lockout") request.log.warn({ ...line, ...extra }, `auth ${event}`);
  else request.log.info({ ...line, ...extra }, `auth ${event}`);
}

/** onRequest: 503 with Retry-After at once while every hashing slot and the queue are taken. */
async function refuseWhenHashingBusy() {
  if (passwords.busy()) throw new HashingBusyError();
}

/** Sign-up, login and logout. Sessions themselves are the session plugin's (plugins/session.ts). */
export default async function authRoutes(app: FastifyInstance, opts: { signupRateMax: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(signupEndpoint),
    onRequest: perClient("signup", { max: opts.signupRateMax, windowMs: SIGNUP_WINDOW_MS }),
    async handler(request, reply) {
      const { firstName, lastName, email, password } = request.body.certUser;
      const key = emailKey(email);
      const existing = await app.db.select({ id: users.id }).from(users).where(eq(users.emailKey, key)).limit(1);
      if (existing.length) throw new HttpError(409, "email_taken", AUTH_MESSAGES.emailTaken);
      const passwordHash = await passwords.hash(password);
      try {
        // the account and the message that confirms its address are stored together (17.5)
        const user = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ email: email.trim(), emailKey: key, passwordHash, firstName, lastName })
            .returning();
          await queueLinkMail(tx, { userId: row!.id, purpose: "confirm", email: row!.email }, (token) =>
            mailTo(row!, "email-confirm", { token }),
          );
          return row!;
        });
        app.mail.worker.kick();
        logAuthEvent(request, "signup", user.id);
        return reply.status(201).send({ user: toUser(user) });
      } catch (e) {
        // two sign-ups racing for the same e-mail: the unique index decides
        if (isUniqueViolation(e)) throw new HttpError(409, "email_taken", AUTH_MESSAGES.emailTaken);
        throw e;
      }
    },
  });

  r.route({
    ...fromContract(loginEndpoint),
    // a flood beyond the hashing queue is answered before its body is even parsed (the cheapest refusal:
    // under 200 connections the refusals themselves are most of the server's work)
    onRequest: refuseWhenHashingBusy,
    async handler(request, reply) {
      const { email, password } = request.body;
      const key = emailKey(email);
      const accountKey = limitKey("login-account", key);
      const clientKey = limitKey("login-client", request.ip);
      const refused = (seconds: number) =>
        tooManyRequests(
          seconds,
          `Too many failed logins. Please wait ${describeWait(seconds)} before trying again.`,
          "too_many_attempts",
        );
      const lockedOut = async (limit: "account" | "client") => {
        const [known] = await app.db.select({ id: users.id }).from(users).where(eq(users.emailKey, key)).limit(1);
        logAuthEvent(request, "lockout", known?.id ?? null, { limit });
      };
      // the queue may have filled while the body arrived: still before any database work
      if (passwords.busy()) throw new HashingBusyError();
      const account = await reserve(app.db, accountKey, LOGIN_LIMITS.perAccount);
      if (!account.allowed) {
        await lockedOut("account");
        throw refused(account.retryAfterSeconds);
      }
      const client = await reserve(app.db, clientKey, LOGIN_LIMITS.perClient);
      if (!client.allowed) {
        await release(app.db, accountKey);
        await lockedOut("client");
        throw refused(client.retryAfterSeconds);
      }
      const [user] = await app.db.select().from(users).where(eq(users.emailKey, key)).limit(1);
      let ok: boolean;
      try {
        ok = await passwords.verifyOrDummy(user?.passwordHash, password);
      } catch (e) {
        // too many checks in flight (a flood): 503 at once, and the attempt is not counted against anyone
        if (e instanceof HashingBusyError) {
          await release(app.db, accountKey);
          await release(app.db, clientKey);
        }
        throw e;
      }
      if (!ok || !user) {
        logAuthEvent(request, "login_failed", user?.id ?? null);
        throw new HttpError(401, "invalid_credentials", "The e-mail address or password is incorrect.");
      }
      await reset(app.db, accountKey);
      await release(app.db, clientKey);
      const { token } = await app.sessions.start(reply, user.id);
      logAuthEvent(request, "login", user.id);
      return reply.status(200).send({ user: toUser(user), token });
    },
  });

  r.route({
    ...fromContract(logoutEndpoint),
    async handler(request, reply) {
      logAuthEvent(request, "logout", request.user?.id ?? null);
      await app.sessions.end(request, reply);
      return reply.status(204).send(null);
    },
  });
}
