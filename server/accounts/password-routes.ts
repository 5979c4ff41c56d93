import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { forgotPasswordEndpoint, PASSWORD_MESSAGES, resetPasswordEndpoint } from "../../app/schemas/auth";
import { limitKey, perClient, reserve } from "../auth/limits";
import { passwords } from "../auth/passwords";
import { consumeToken, endTokens } from "../auth/tokens";
import { queueLinkMail } from "./link-mail";
import { emailKey } from "../auth/users";
import { fromContract } from "../contract";
import { sessions, users } from "../db/schema";
import { HttpError } from "../errors";
import { enqueueMailTo, mailTo } from "../mail/outbox";

export const FORGOT_LIMITS = {
  /** requests per client address */
  perClient: { max: 5, windowMs: 15 * 60_000 },
  /** links sent to one address (more requests get the same answer and send nothing) */
  perAddress: { max: 3, windowMs: 60 * 60_000 },
};
export const RESET_LIMIT = { max: 10, windowMs: 15 * 60_000 };

/**
 * Password reset (17.4): a one-time link by e-mail, then a new password that signs out every session and
 * ends every other outstanding reset link of the account.
 */
export default async function passwordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(forgotPasswordEndpoint),
    onRequest: perClient("password-forgot", FORGOT_LIMITS.perClient),
    async handler(request, reply) {
      const key = emailKey(request.body.email);
      // Answered before the address is even looked up: the time to the answer is the same for an address
      // with an account and one without (issue 25.10); the link, when there is one, is composed after.
      app.afterResponse("password-forgot", async () => {
        const [user] = await app.db
          .select({ id: users.id, email: users.email, firstName: users.firstName })
          .from(users)
          .where(eq(users.emailKey, key))
          .limit(1);
        if (!user) return;
        const quota = await reserve(app.db, limitKey("password-forgot-address", key), FORGOT_LIMITS.perAddress);
        if (!quota.allowed) return;
        await app.db.transaction((tx) =>
          queueLinkMail(tx, { userId: user.id, purpose: "reset" }, (token) =>
            mailTo(user, "password-reset", { token }),
          ),
        );
        app.mail.worker.kick();
      });
      return reply.status(202).send({ message: PASSWORD_MESSAGES.forgotSent });
    },
  });

  r.route({
    ...fromContract(resetPasswordEndpoint),
    onRequest: perClient("password-reset", RESET_LIMIT),
    async handler(request, reply) {
      const { token, password } = request.body;
      const passwordHash = await passwords.hash(password);
      await app.db.transaction(async (tx) => {
        const used = await consumeToken(tx, token, "reset");
        if (!used) throw new HttpError(400, "invalid_token", PASSWORD_MESSAGES.badToken);
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, used.userId))
          .returning();
        // the link proved the mailbox: an unconfirmed address is now confirmed
        await tx
          .update(users)
          .set({ emailVerifiedAt: new Date() })
          .where(and(eq(users.id, used.userId), isNull(users.emailVerifiedAt)));
        // a new password ends the account's other reset links and every session (the page and the mail say so)
        await endTokens(tx, used.userId, "reset");
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)));
        await enqueueMailTo(tx, user!, "password-changed", {});
      });
      app.mail.worker.kick();
      return reply.status(200).send({ message: PASSWORD_MESSAGES.changed });
    },
  });
}
