import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import fp from "fastify-plugin";
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

export interface SessionOptions {
  /** how long a candidate's session lasts */
  ttlHours: number;
  /** how long a staff or admin session lasts (shorter: STAFF_SESSION_TTL_HOURS) */
  staffTtlHours: number;
  /** Secure cookies (production) */
  secureCookie: boolean;
}

function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? m[1]! : "";
  }
  return request.cookies?.[SESSION_COOKIE] ?? null;
}

/**
 * Sessions for the scope it is registered in (the API): resolves each request's session into
 * `request.user`, and starts and ends sessions for the auth routes. Needs the database plugin.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionOptions) => {
    app.decorateRequest("user", null);
    app.decorateRequest("sessionToken", null);
    app.addHook("onRequest", async (request) => {
      const token = tokenFrom(request);
      if (token === null) return;
      request.sessionToken = token;
      request.user = await sessionUserForToken(app.db, token);
    });

    app.decorate("sessions", {
      async start(reply: FastifyReply, userId: number) {
        const [account] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
        const staff = account?.role === "staff" || account?.role === "admin";
        const session = await createSession(app.db, userId, staff ? opts.staffTtlHours : opts.ttlHours);
        reply.setCookie(SESSION_COOKIE, session.token, {
          httpOnly: true,
          sameSite: "lax",
          secure: opts.secureCookie,
          path: "/",
          expires: session.expiresAt,
        });
        return session;
      },
      async end(request: FastifyRequest, reply: FastifyReply) {
        if (request.sessionToken) await revokeSession(app.db, request.sessionToken);
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
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
