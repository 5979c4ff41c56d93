import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AUTH_MESSAGES, loginSchema, signupSchema } from "../../app/schemas/auth";
import { FailureLimiter } from "../auth/limiter";
import { passwords } from "../auth/passwords";
import { createSession, revokeSession, userIdForToken } from "../auth/sessions";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { HttpError } from "../errors";
import { eq } from "drizzle-orm";
import { publicUser } from "./account";
import "../types";

export const LOGIN_LIMITS = {
  perAccount: { max: 5, windowMs: 15 * 60_000 },
  perClient: { max: 20, windowMs: 15 * 60_000 },
};

export const emailKey = (email: string) => email.trim().toLowerCase();

export interface AuthOptions {
  database: Database;
  sessionCookie: string;
  ttlHours: number;
  secureCookie: boolean;
}

function tokenFrom(request: FastifyRequest, cookieName: string): string | null {
  const header = request.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? m[1]! : "";
  }
  return request.cookies?.[cookieName] ?? null;
}

/** Sign-up, login and logout, plus the hook that resolves a request's session (Bearer or cookie). */
export async function authRoutes(app: FastifyInstance, opts: AuthOptions) {
  const { db } = opts.database;
  const perAccount = new FailureLimiter(LOGIN_LIMITS.perAccount.max, LOGIN_LIMITS.perAccount.windowMs);
  const perClient = new FailureLimiter(LOGIN_LIMITS.perClient.max, LOGIN_LIMITS.perClient.windowMs);

  app.decorateRequest("userId", null);
  app.decorateRequest("sessionToken", null);
  app.addHook("onRequest", async (request) => {
    const token = tokenFrom(request, opts.sessionCookie);
    if (token === null) return;
    request.sessionToken = token;
    request.userId = await userIdForToken(db, token);
  });

  const setCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(opts.sessionCookie, token, {
      httpOnly: true,
      sameSite: "lax",
      secure: opts.secureCookie,
      path: "/",
      expires: expiresAt,
    });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/signup",
    { schema: { body: signupSchema }, config: { rateLimit: { max: 20, timeWindow: "10 minutes" } } },
    async (request, reply) => {
      const { firstName, lastName, email, password } = request.body.certUser;
      const key = emailKey(email);
      const existing = await db.select({ id: users.id }).from(users).where(eq(users.emailKey, key)).limit(1);
      if (existing.length) throw new HttpError(409, "email_taken", AUTH_MESSAGES.emailTaken);
      const passwordHash = await passwords.hash(password);
      try {
        const [user] = await db
          .insert(users)
          .values({ email: email.trim(), emailKey: key, passwordHash, firstName, lastName })
          .returning();
        return reply.status(201).send({ user: publicUser(user!) });
      } catch (e) {
        // two sign-ups racing for the same e-mail: the unique index decides
        if (
          (e as { code?: string; cause?: { code?: string } }).code === "23505" ||
          (e as { cause?: { code?: string } }).cause?.code === "23505"
        )
          throw new HttpError(409, "email_taken", AUTH_MESSAGES.emailTaken);
        throw e;
      }
    },
  );

  r.post("/login", { schema: { body: loginSchema } }, async (request, reply) => {
    const { email, password } = request.body;
    const key = emailKey(email);
    const client = request.ip;
    const wait = Math.max(perAccount.retryAfter(key), perClient.retryAfter(client));
    if (wait > 0) {
      throw new HttpError(
        429,
        "too_many_attempts",
        "Too many failed logins. Please wait before trying again.",
        undefined,
        { "retry-after": String(wait) },
      );
    }
    const [user] = await db.select().from(users).where(eq(users.emailKey, key)).limit(1);
    const ok = await passwords.verifyOrDummy(user?.passwordHash, password);
    if (!ok || !user) {
      perAccount.fail(key);
      perClient.fail(client);
      throw new HttpError(401, "invalid_credentials", "The e-mail address or password is incorrect.");
    }
    perAccount.clear(key);
    const { token, expiresAt } = await createSession(db, user.id, opts.ttlHours);
    setCookie(reply, token, expiresAt);
    return { user: publicUser(user), token };
  });

  r.post("/logout", async (request, reply) => {
    if (request.sessionToken) await revokeSession(db, request.sessionToken);
    reply.clearCookie(opts.sessionCookie, { path: "/" });
    return reply.status(204).send();
  });
}
