import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import fp from "fastify-plugin";
import { isStaffRole } from "../../app/schemas/staff";
import type { Role } from "../../app/schemas/user";
import { createSession, revokeSession, sessionUserForToken, type SessionUser } from "../auth/sessions";
import { users } from "../db/schema";
import { HttpError } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** the signed-in account (id and role), from the Bearer token or the session cookie; null for guests */
    user: SessionUser | null;
    /** the session token the request carried, if any */
    sessionToken: string | null;
  }
  interface FastifyInstance {
    sessions: {
      /** starts a session for the account: stores the token's hash, sets the cookie, returns the token */
      start(reply: FastifyReply, userId: number): Promise<{ token: string; expiresAt: Date }>;
      /** revokes the request's session and clears the cookie */
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}

export const SESSION_COOKIE = "citb_session";

/**
 * The session cookie's name: in production `__Host-citb_session`, which browsers accept only when it
 * is Secure, has Path=/ and no Domain, so no subdomain or plain-http page can set or shadow it; outside
 * production the plain name, so tests and development on http://127.0.0.1 keep their session.
 */
export function sessionCookieName(production: boolean): string {
  return production ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export interface SessionOptions {
  /** how long a candidate's session lasts */
  ttlHours: number;
  /** how long a staff or admin session lasts (shorter: STAFF_SESSION_TTL_HOURS) */
  staffTtlHours: number;
  /** production: a Secure cookie named with the __Host- prefix (sessionCookieName) */
  production: boolean;
}

function tokenFrom(request: FastifyRequest, cookieName: string): string | null {
  const header = request.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? m[1]! : "";
  }
  return request.cookies?.[cookieName] ?? null;
}

/**
 * Sessions for the scope it is registered in (the API): resolves each request's session into
 * `request.user`, and starts and ends sessions for the auth routes. Needs the database plugin.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionOptions) => {
    const cookieName = sessionCookieName(opts.production);
    const cookieOptions = { httpOnly: true, sameSite: "lax", secure: opts.production, path: "/" } as const;
    app.decorateRequest("user", null);
    app.decorateRequest("sessionToken", null);
    app.addHook("onRequest", async (request) => {
      const token = tokenFrom(request, cookieName);
      if (token === null) return;
      request.sessionToken = token;
      request.user = await sessionUserForToken(app.db, token);
    });

    app.decorate("sessions", {
      async start(reply: FastifyReply, userId: number) {
        const [account] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
        const staff = !!account && isStaffRole(account.role);
        const session = await createSession(app.db, userId, staff ? opts.staffTtlHours : opts.ttlHours);
        reply.setCookie(cookieName, session.token, { ...cookieOptions, expires: session.expiresAt });
        return session;
      },
      async end(request: FastifyRequest, reply: FastifyReply) {
        if (request.sessionToken) await revokeSession(app.db, request.sessionToken);
        // with the attributes it was set with: a browser ignores a __Host- cookie without Secure
        reply.clearCookie(cookieName, cookieOptions);
      },
    });
  },
  { name: "session", dependencies: ["database"] },
);

const unauthorized = () => new HttpError(401, "unauthorized", "Please log in to continue.");

/** The signed-in account of a request, or a 401 for guests. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in account as the audit log records who acted (server/audit/audit.ts). */
export function actorOf(request: FastifyRequest): { id: number; role: Role } {
  const { id, role } = userOf(request);
  return { id, role };
}

/** Pre-handler: only signed-in accounts pass (401 otherwise). */
export async function requireUser(request: FastifyRequest) {
  userOf(request);
}

/** Pre-handler: only accounts with one of these roles pass (401 for guests, 403 for other roles). */
export function requireRole(...allowed: Role[]) {
  return async function requireRoleHandler(request: FastifyRequest) {
    const user = userOf(request);
    if (!allowed.includes(user.role))
      throw new HttpError(403, "forbidden", "Your account does not have access to this page.");
  };
}
