import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { AUTH_MESSAGES, loginEndpoint, logoutEndpoint, signupEndpoint } from "../../app/schemas/auth";
import { FailureLimiter } from "../auth/limiter";
import { passwords } from "../auth/passwords";
import { emailKey, toUser } from "../auth/users";
import { users } from "../db/schema";
import { HttpError, isUniqueViolation } from "../errors";
import { fromContract } from "../contract";

export const LOGIN_LIMITS = {
  perAccount: { max: 5, windowMs: 15 * 60_000 },
  perClient: { max: 20, windowMs: 15 * 60_000 },
};

/** Sign-up, login and logout. Sessions themselves are the session plugin's (plugins/session.ts). */
export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perAccount = new FailureLimiter(LOGIN_LIMITS.perAccount.max, LOGIN_LIMITS.perAccount.windowMs);
  const perClient = new FailureLimiter(LOGIN_LIMITS.perClient.max, LOGIN_LIMITS.perClient.windowMs);

  r.route({
    ...fromContract(signupEndpoint),
    config: { rateLimit: { max: 20, timeWindow: "10 minutes" } },
    async handler(request, reply) {
      const { firstName, lastName, email, password } = request.body.certUser;
      const key = emailKey(email);
      const existing = await app.db.select({ id: users.id }).from(users).where(eq(users.emailKey, key)).limit(1);
      if (existing.length) throw new HttpError(409, "email_taken", AUTH_MESSAGES.emailTaken);
      const passwordHash = await passwords.hash(password);
      try {
        const [user] = await app.db
          .insert(users)
          .values({ email: email.trim(), emailKey: key, passwordHash, firstName, lastName })
          .returning();
        return reply.status(201).send({ user: toUser(user!) });
      } catch (e) {
        // two sign-ups racing for the same e-mail: the unique index decides
        if (isUniqueViolation(e)) throw new HttpError(409, "email_taken", AUTH_MESSAGES.emailTaken);
        throw e;
      }
    },
  });

  r.route({
    ...fromContract(loginEndpoint),
    async handler(request, reply) {
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
      const [user] = await app.db.select().from(users).where(eq(users.emailKey, key)).limit(1);
      const ok = await passwords.verifyOrDummy(user?.passwordHash, password);
      if (!ok || !user) {
        perAccount.fail(key);
        perClient.fail(client);
        throw new HttpError(401, "invalid_credentials", "The e-mail address or password is incorrect.");
      }
      perAccount.clear(key);
      const { token } = await app.sessions.start(reply, user.id);
      return reply.status(200).send({ user: toUser(user), token });
    },
  });

  r.route({
    ...fromContract(logoutEndpoint),
    async handler(request, reply) {
      await app.sessions.end(request, reply);
      return reply.status(204).send(null);
    },
  });
}
