import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  inviteStaffEndpoint,
  revokeStaffEndpoint,
  staffMembersEndpoint,
  withdrawInvitationEndpoint,
} from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { requireRole, userOf } from "../plugins/session";
import { createInvitation, listStaff, revokeStaff, withdrawInvitation } from "./staff-members";

/** Admins only: who has the console, invitations by e-mail, and revoking access. */
export default async function staffMemberRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireRole("admin"));

  r.route({
    ...fromContract(staffMembersEndpoint),
    async handler(_request, reply) {
      const { members, invitations } = await listStaff(app.db);
      return reply.status(200).send({
        members,
        invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
      });
    },
  });

  r.route({
    ...fromContract(inviteStaffEndpoint),
    async handler(request, reply) {
      const { email, role } = request.body;
      const inv = await createInvitation(app.db, { email, role, actor: userOf(request), mail: true });
      return reply
        .status(201)
        .send({ invitation: { id: inv.id, email: email.trim(), role, expiresAt: inv.expiresAt.toISOString() } });
    },
  });

  r.route({
    ...fromContract(revokeStaffEndpoint),
    async handler(request, reply) {
      await revokeStaff(app.db, userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...fromContract(withdrawInvitationEndpoint),
    async handler(request, reply) {
      await withdrawInvitation(app.db, userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
