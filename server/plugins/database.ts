import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, Db } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    /** the open database (PGlite or PostgreSQL): `ping`, `kind`, `close` */
    database: Database;
    /** its drizzle query builder */
    db: Db;
  }
}

/** The database, opened by the caller (server.ts or a test), shared with every route and closed with the app. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    app.decorate("database", opts.database);
    app.decorate("db", opts.database.db);
    app.addHook("onClose", async () => opts.database.close());
  },
  { name: "database" },
);
