import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fixtureAdminInvitationEndpoint } from "../../app/schemas/test-fixtures";
import { fromContract } from "../contract";
import { createInvitation, invitationPath } from "../accounts/staff-members";

/**
 * /api/test-fixtures/admin-invitation: what `npm run admin:create -- --email …` does (scripts/admin-create.ts),
 * for the browser journeys, whose server holds the embedded database the command would need.
 * Registered only with E2E_FIXTURES=true outside production (server/app.ts).
 */
export default async function staffTestFixtureRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...fromContract(fixtureAdminInvitationEndpoint),
    async handler(request, reply) {
      const { token } = await createInvitation(app.db, {
        email: request.body.email,
        role: request.body.role ?? "admin",
        actor: null,
        mail: false,
      });
      return reply.status(201).send({ path: invitationPath(token) });
    },
  });
}
