declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in candidate, set by the accounts feature; null for guests. */
    userId: number | null;
  }
}

export {};
