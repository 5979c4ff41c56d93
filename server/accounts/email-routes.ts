import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  changeEmailEndpoint,
  confirmEmailEndpoint,
  EMAIL_MESSAGES,
  resendConfirmationEndpoint,
} from "../../app/schemas/email";
import { limitKey, perClient, reserve, tooManyRequests } from "../auth/limits";
import { passwords } from "../auth/passwords";
import { consumeToken } from "../auth/tokens";
import { queueLinkMail } from "./link-mail";
import { emailKey, toUser } from "../auth/users";
import { fromContract } from "../contract";
import { hashToken } from "../auth/sessions";
import { accountTokens, users } from "../db/schema";
import { HttpError, isUniqueViolation } from "../errors";
import { enqueueMailTo, mailTo } from "../mail/outbox";
import { requireUser, userOf } from "../plugins/session";

export const CONFIRM_LIMITS = {
  /** confirmation links one account may ask for again */
  resend: { max: 3, windowMs: 60 * 60_000 },
  /** changes of address one account may ask for (each checks the password and sends a link) */
  change: { max: 5, windowMs: 60 * 60_000 },
  /** links tried per client address (CONFIRM_RATE_MAX sets the number) */
  confirm: { max: 20, windowMs: 15 * 60_000 },
};

/**
 * Confirming an account's address (17.5): the link sent at sign-up, a new link on request, and a change
 * of address that takes effect only once the new address is confirmed (the old one is told).
 */
export default async function emailRoutes(app: FastifyInstance, opts: { confirmRateMax?: number } = {}) {
  const confirmLimit = { ...CONFIRM_LIMITS.confirm, max: opts.confirmRateMax ?? CONFIRM_LIMITS.confirm.max };
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The account a confirmation link was for, when that account's address (the link's) is confirmed. */
  async function alreadyConfirmedBy(token: string): Promise<{ email: string } | null> {
    if (!token || token.length > 128) return null;
    const [row] = await app.db
      .select({
        email: users.email,
        key: users.emailKey,
        verified: users.emailVerifiedAt,
        linkEmail: accountTokens.email,
      })
      .from(accountTokens)
      .innerJoin(users, eq(users.id, accountTokens.userId))
      .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, "confirm")));
    if (!row?.verified || (row.linkEmail && emailKey(row.linkEmail) !== row.key)) return null;
    return { email: row.email };
  }

  r.route({
    ...fromContract(confirmEmailEndpoint),
    onRequest: perClient("email-confirm", confirmLimit),
    async handler(request, reply) {
      const { token } = request.body;
      const result = await app.db
        .transaction(async (tx) => {
          const confirm = await consumeToken(tx, token, "confirm");
          if (confirm) {
            const [user] = await tx.select().from(users).where(eq(users.id, confirm.userId));
            // a link sent to an address the account no longer uses confirms nothing
            if (!user || (confirm.email && emailKey(confirm.email) !== user.emailKey)) return null;
            if (!user.emailVerifiedAt)
              await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
            return { message: EMAIL_MESSAGES.confirmed, email: user.email };
          }
          const change = await consumeToken(tx, token, "change-email");
          if (!change?.email) return null;
          const [old] = await tx.select().from(users).where(eq(users.id, change.userId));
          if (!old) return null;
          const [user] = await tx
            .update(users)
            .set({
              email: change.email,
              emailKey: emailKey(change.email),
              emailVerifiedAt: new Date(),
              updatedAt: new Date(),
            })
            .where(eq(users.id, change.userId))
            .returning();
          await enqueueMailTo(tx, old, "email-changed", { newEmail: user!.email });
          return { message: EMAIL_MESSAGES.changed, email: user!.email };
        })
        .catch((e: unknown) => {
          // the new address was taken by another account since the link was sent
          if (isUniqueViolation(e)) throw new HttpError(409, "email_taken", EMAIL_MESSAGES.taken);
          throw e;
        });
      if (!result) {
        // a second click on a link that did confirm the address: say it is confirmed, not that the link is bad
        const confirmed = await alreadyConfirmedBy(token);
        if (confirmed) return reply.status(200).send({ message: EMAIL_MESSAGES.alreadyConfirmed, ...confirmed });
        throw new HttpError(400, "invalid_token", EMAIL_MESSAGES.badToken);
      }
      app.mail.worker.kick();
      return reply.status(200).send(result);
    },
  });

  await app.register(async (me) => {
    me.addHook("preHandler", requireUser);
    const m = me.withTypeProvider<ZodTypeProvider>();

    m.route({
      ...fromContract(resendConfirmationEndpoint),
      async handler(request, reply) {
        const id = userOf(request).id;
        const [user] = await app.db.select().from(users).where(eq(users.id, id));
        if (!user) throw new HttpError(401, "unauthorized", "Please log in to continue.");
        if (user.emailVerifiedAt) throw new HttpError(409, "already_confirmed", EMAIL_MESSAGES.alreadyConfirmed);
        const quota = await reserve(app.db, limitKey("email-confirm-resend", String(id)), CONFIRM_LIMITS.resend);
        if (!quota.allowed) throw tooManyRequests(quota.retryAfterSeconds);
        await app.db.transaction((tx) =>
          queueLinkMail(tx, { userId: id, purpose: "confirm", email: user.email }, (token) =>
            mailTo(user, "email-confirm", { token }),
          ),
        );
        app.mail.worker.kick();
        return reply.status(202).send({ message: EMAIL_MESSAGES.resent });
      },
    });

    m.route({
      ...fromContract(changeEmailEndpoint),
      async handler(request, reply) {
        const id = userOf(request).id;
        const { email, currentPassword } = request.body;
        const quota = await reserve(app.db, limitKey("email-change", String(id)), CONFIRM_LIMITS.change);
        if (!quota.allowed) throw tooManyRequests(quota.retryAfterSeconds);
        const [user] = await app.db.select().from(users).where(eq(users.id, id));
        if (!user) throw new HttpError(401, "unauthorized", "Please log in to continue.");
        if (!(await passwords.verifyOrDummy(user.passwordHash, currentPassword)))
          throw new HttpError(400, "wrong_password", EMAIL_MESSAGES.wrongPassword, {
            currentPassword: EMAIL_MESSAGES.wrongPassword,
          });
        const key = emailKey(email);
        if (key === user.emailKey)
          throw new HttpError(400, "same_email", EMAIL_MESSAGES.sameAddress, { email: EMAIL_MESSAGES.sameAddress });
        const [taken] = await app.db.select({ id: users.id }).from(users).where(eq(users.emailKey, key)).limit(1);
        if (taken) throw new HttpError(409, "email_taken", EMAIL_MESSAGES.taken, { email: EMAIL_MESSAGES.taken });
        await app.db.transaction((tx) =>
          queueLinkMail(tx, { userId: id, purpose: "change-email", email: email.trim() }, (token) =>
            mailTo({ email: email.trim(), firstName: user.firstName }, "email-confirm", { token, change: true }),
          ),
        );
        app.mail.worker.kick();
        return reply.status(202).send({ message: EMAIL_MESSAGES.changeSent, user: toUser(user) });
      },
    });
  });
}
