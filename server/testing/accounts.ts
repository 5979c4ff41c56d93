import type { FastifyInstance } from "fastify";
import type { Role } from "../../app/schemas/user";
import { createSession } from "../auth/sessions";
import { emailKey } from "../auth/users";
import { users } from "../db/schema";
import { mailsTo } from "./helpers";

let n = 0;
// one precomputed argon2id hash of TEST_PASSWORD: tests make many accounts, hashing each would be slow
export const TEST_PASSWORD = "Sup3r$ecret";
const TEST_HASH = "$argon2id$v=19$m=19456,t=2,p=1$6hCg2Ok0nYqb0dXg8bRuQw$2vJ1dKb1pQ5bJ+8k8CJxqg6Fz2f4h0r1QzJr5aH7kxM";

/**
 * Test helper: an account with a role and a live session (its Bearer token). The password hash is
 * a fixed placeholder, so the account logs in through sessions only, never through /api/login.
 * `confirmed`: its address is confirmed (an exam can be bought from it).
 */
export async function accountWithRole(
  app: FastifyInstance,
  role: Role,
  email = `${role}${++n}@example.com`,
  opts: { confirmed?: boolean } = {},
) {
  const [user] = await app.db
    .insert(users)
    .values({
      email,
      emailKey: emailKey(email),
      passwordHash: TEST_HASH,
      firstName: "Test",
      lastName: role,
      role,
      emailVerifiedAt: opts.confirmed ? new Date() : null,
    })
    .returning();
  const { token, expiresAt } = await createSession(app.db, user!.id, 1);
  return { user: user!, token, expiresAt, headers: { authorization: `Bearer ${token}` } };
}

/** An admin's invitation of `email` to a staff `role`, sent as the console's members page sends it. */
export function inviteStaff(app: FastifyInstance, headers: Record<string, string>, email: string, role: string) {
  return app.inject({ method: "POST", url: "/api/staff/members/invitations", headers, payload: { email, role } });
}

/** The newest staff-invitation mail queued for `email` (the outbox keeps it, with its token, until it is sent). */
export async function staffInvitationMail(app: FastifyInstance, email: string) {
  return (await mailsTo(app, email, "staff-invitation")).at(-1)!;
}
