declare module "fastify" {
  interface FastifyRequest {
    /** the signed-in candidate's id, set from the Bearer token or the session cookie; null for guests */
    userId: number | null;
    /** the session token the request carried, if any */
    sessionToken: string | null;
  }
}

export {};
