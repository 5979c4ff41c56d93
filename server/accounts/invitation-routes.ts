import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { acceptInvitationEndpoint, invitationLookupEndpoint } from "../../app/schemas/invitation";
import { toUser } from "../auth/users";
import { fromContract } from "../contract";
import { users } from "../db/schema";
import { HttpError } from "../errors";
import { acceptInvitation, INVITATION_INVALID, pendingInvitation } from "./staff-members";

/** The invitation link's page: what it is for, and setting the password (public: no account yet). */
export default async function invitationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: 20, timeWindow: "10 minutes" } };

  r.route({
    ...fromContract(invitationLookupEndpoint),
    config: limit,
    async handler(request, reply) {
      const inv = await pendingInvitation(app.db, request.body.token);
      if (!inv) throw new HttpError(410, "invitation_invalid", INVITATION_INVALID);
      return reply.status(200).send({
        email: inv.email,
        role: inv.role,
        firstName: inv.account?.firstName ?? "",
        lastName: inv.account?.lastName ?? "",
        expiresAt: inv.expiresAt.toISOString(),
      });
    },
  });

  r.route({
    ...fromContract(acceptInvitationEndpoint),
    config: limit,
    async handler(request, reply) {
      const { token, ...input } = request.body;
      const userId = await acceptInvitation(app.db, token, input);
      const [user] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
      const session = await app.sessions.start(reply, userId);
      return reply.status(200).send({ user: toUser(user!), token: session.token });
    },
  });
}
