import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import { isStaffRole, staffRoles, type StaffRole } from "../../app/schemas/staff";
import { passwords } from "../auth/passwords";
import { hashToken } from "../auth/sessions";
import { accountColumns, emailKey } from "../auth/users";
import type { Db } from "../db/client";
import { sessions, staffInvitations, users } from "../db/schema";
import { HttpError } from "../errors";
import { enqueueMail } from "../mail/outbox";
import { audit, SYSTEM, type Actor, type StaffActor } from "../audit/audit";

/** An invitation (and the first admin's set-password link) works for 72 hours, once. */
export const INVITATION_TTL_HOURS = 72;

export type { StaffRole };

/** The page where an invitation's token sets the password. */
export const invitationPath = (token: string) => `/invitation?token=${encodeURIComponent(token)}`;

/**
 * Creates an invitation for `email` to the console with `role`; an earlier unused invitation to the
 * same address stops working. Returns the token (only its hash is stored) and when it expires.
 * With `mail`, the invitation is e-mailed (outbox, same transaction).
 */
export async function createInvitation(
  db: Db,
  opts: { email: string; role: StaffRole; actor: Actor | null; mail: boolean; now?: Date },
): Promise<{ token: string; expiresAt: Date; id: number }> {
  const now = opts.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_HOURS * 3600_000);
  const key = emailKey(opts.email);
  return db.transaction(async (tx) => {
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.emailKey, key),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email: opts.email.trim(),
        emailKey: key,
        role: opts.role,
        tokenHash: hashToken(token),
        invitedBy: opts.actor?.id ?? null,
        createdAt: now,
        expiresAt,
      })
      .returning();
    await audit(tx, opts.actor ?? SYSTEM, {
      action: "staff.invite",
      entity: "staff_invitations",
      entityId: row!.id,
      after: { email: row!.email, role: row!.role, expiresAt: row!.expiresAt },
    });
    if (opts.mail)
      await enqueueMail(tx, {
        to: row!.email,
        template: "staff-invitation",
        data: { role: opts.role, token, expiresAt: expiresAt.toISOString() },
      });
    return { token, expiresAt, id: row!.id };
  });
}

/** The usable invitation for a token (not accepted, not revoked, not expired), or null. */
export async function pendingInvitation(db: Db, token: string, now = new Date()) {
  if (!token || token.length > 128) return null;
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token)),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  const [account] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.emailKey, row.emailKey))
    .limit(1);
  return { ...row, account: account ?? null };
}

export const INVITATION_INVALID =
  "This invitation link is not valid any more: it was used, withdrawn or has expired. Ask an administrator for a new one.";

/**
 * Accepts an invitation: creates the account (or gives an existing account the role), sets the
 * password, ends the account's earlier sessions, and uses the token up. Returns the account id.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: { firstName: string; lastName: string; password: string },
): Promise<number> {
  const passwordHash = await passwords.hash(input.password);
  return db.transaction(async (tx) => {
    const inv = await pendingInvitation(tx, token);
    if (!inv) throw new HttpError(410, "invitation_invalid", INVITATION_INVALID);
    // used once: the update only succeeds for the first of two racing requests
    const used = await tx
      .update(staffInvitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(staffInvitations.id, inv.id), isNull(staffInvitations.acceptedAt)))
      .returning({ id: staffInvitations.id });
    if (!used.length) throw new HttpError(410, "invitation_invalid", INVITATION_INVALID);
    const [existing] = await tx.select().from(users).where(eq(users.emailKey, inv.emailKey)).limit(1);
    let userId: number;
    if (existing) {
      await tx
        .update(users)
        .set({
          role: inv.role,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
      userId = existing.id;
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          email: inv.email,
          emailKey: inv.emailKey,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: inv.role,
        })
        .returning({ id: users.id });
      userId = created!.id;
    }
    await audit(
      tx,
      { id: userId, role: inv.role },
      {
        action: "staff.accept",
        entity: "users",
        entityId: userId,
        before: existing ? { role: existing.role } : null,
        after: { role: inv.role, email: inv.email },
      },
    );
    return userId;
  });
}

/** Staff and admin accounts, and the invitations still waiting for an answer. */
export async function listStaff(db: Db, now = new Date()) {
  const members = await db
    .select(accountColumns)
    .from(users)
    .where(inArray(users.role, [...staffRoles]))
    .orderBy(asc(users.emailKey));
  const invitations = await db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .where(
      and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)),
    )
    .orderBy(asc(staffInvitations.createdAt));
  return { members, invitations };
}

/** Takes the console away from an account: it becomes a candidate and its sessions end. */
export async function revokeStaff(db: Db, actor: StaffActor, userId: number) {
  if (actor.id === userId)
    throw new HttpError(409, "cannot_revoke_self", "You cannot revoke your own access. Ask another administrator.");
  await db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!u || !isStaffRole(u.role)) throw new HttpError(404, "not_found", "There is no staff member with this id.");
    await tx.update(users).set({ role: "candidate", updatedAt: new Date() }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await audit(tx, actor, {
      action: "staff.revoke",
      entity: "users",
      entityId: userId,
      before: { role: u.role },
      after: { role: "candidate" },
    });
  });
}

/** Withdraws an invitation that has not been used. */
export async function withdrawInvitation(db: Db, actor: StaffActor, id: number) {
  await db.transaction(async (tx) => {
    const [inv] = await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .returning();
    if (!inv) throw new HttpError(404, "not_found", "There is no open invitation with this id.");
    await audit(tx, actor, {
      action: "staff.withdraw-invitation",
      entity: "staff_invitations",
      entityId: id,
      before: { email: inv.email, role: inv.role },
      after: { revoked: true },
    });
  });
}
