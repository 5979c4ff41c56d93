import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import type { Database, Db } from "./db/client";
import { loadEnv } from "./env";
import { isDatabaseUnavailable, loggableError } from "./errors";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
const wrapped = (cause: Error) =>
  new DrizzleQueryError('insert into "inquiries" ("email") values ($1)', ["private@example.com"], cause);

describe("isDatabaseUnavailable", () => {
  it("recognises driver errors, also when drizzle wraps them in a DrizzleQueryError", () => {
    expect(isDatabaseUnavailable(refused())).toBe(true);
    expect(isDatabaseUnavailable(wrapped(refused()))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Query read timeout")))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("timeout exceeded when trying to connect")))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("PGlite is closed")))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("terminating connection"), { code: "57P01" })))).toBe(
      true,
    );
  });

  it("recognises a database that is missing or refuses us: dropped, wrong credentials, full, shutting down", () => {
    for (const code of ["3D000", "08006", "08P01", "28P01", "28000", "53300", "53100", "57P03", "58030"])
      expect([code, isDatabaseUnavailable(wrapped(Object.assign(new Error("server says no"), { code })))]).toEqual([
        code,
        true,
      ]);
    for (const code of ["ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"])
      expect(isDatabaseUnavailable(Object.assign(new Error(`getaddrinfo ${code}`), { code }))).toBe(true);
  });

  it("does not mistake a bad query or a constraint for an outage", () => {
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("duplicate key"), { code: "23505" })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("syntax error"), { code: "42601" })))).toBe(false);
    for (const code of ["22001", "23503", "40001", "42P01", "P0001"])
      expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("query problem"), { code })))).toBe(false);
  });
});

describe("a database that does not answer", () => {
  it("gives the JSON 503 without internals, and logs the driver's message without the query's parameters", async () => {
    const failing = wrapped(refused());
    // every query fails; the properties Fastify's decorate and a promise check look for stay absent
    const db = new Proxy({} as Db, {
      get: (_target, prop) =>
        prop === "getter" || prop === "setter" || prop === "then"
          ? undefined
          : () => {
              throw failing;
            },
    });
    const database: Database = { db, kind: "postgres", ping: async () => false, close: async () => {} };
    const logs: string[] = [];
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: "test" }),
      database,
      serveSite: false,
      logger: { level: "info", stream: { write: (line: string) => logs.push(line) } },
    });
    try {
      const res = await app.inject({
        method: "POST",
        url: "/api/inquiries",
        payload: { kind: "contact", name: "Ada", email: "private@example.com", message: "A message long enough." },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual({
        error: "service_unavailable",
        message: "The service is temporarily unavailable. Please try again shortly.",
      });
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect([health.statusCode, health.json()]).toEqual([
        503,
        { error: "service_unavailable", message: "The database is not answering." },
      ]);
      const line = logs.find((l) => l.includes('"msg":"database unavailable"'));
      expect(line).toBeDefined();
      expect(line).toContain("connect ECONNREFUSED 10.0.0.5:5432");
      expect(line).not.toContain("private@example.com");
      expect(line).not.toContain("insert into");
    } finally {
      await app.close();
    }
  });
});

describe("the log line of an unexpected error", () => {
  it("keeps the SQL, the driver's code and the stack frames, never the query's parameters", () => {
    const e = new DrizzleQueryError(
      'insert into "users" ("password_hash") values ($1)',
      ["$argon2id$secret-hash"],
      Object.assign(new Error("value too long"), { code: "22001" }),
    );
    const logged = JSON.stringify(loggableError(e));
    expect(logged).not.toContain("secret-hash");
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain("22001");
    expect(logged).toContain("value too long");
    expect(JSON.stringify(loggableError(new Error("boom")))).toContain("boom");
  });
});
