import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { sessions } from "../db/schema";
import { accountWithRole } from "../testing/accounts";
import { testApp, type TestContext } from "../testing/helpers";
import { deleteExpiredSessions, runDueJobs, type Job } from "./jobs";

let ctx: TestContext;
/** a second process's connection when the tests run on PostgreSQL; the same database object on PGlite */
let other: Database | undefined;
beforeAll(async () => {
  ctx = await testApp();
  if (ctx.database.url) other = await openDatabase({ databaseUrl: ctx.database.url, dataDir: "unused" });
});
afterAll(async () => {
  await other?.close();
  await ctx.close();
});

describe("periodic jobs", () => {
  it("the expired-sessions job deletes sessions whose time is over and keeps the others", async () => {
    const live = await accountWithRole(ctx.app, "candidate");
    const old = await accountWithRole(ctx.app, "candidate");
    await ctx.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.user.id));
    expect(await deleteExpiredSessions(ctx.app.db, new Date())).toBe(1);
    const left = await ctx.app.db.select({ userId: sessions.userId }).from(sessions);
    expect(left.map((s) => s.userId)).toContain(live.user.id);
    expect(left.map((s) => s.userId)).not.toContain(old.user.id);
    const me = await ctx.app.inject({ method: "GET", url: "/api/me", headers: live.headers });
    expect(me.statusCode).toBe(200);
  });

  it("runs each job once per period across processes that tick at the same moment", async () => {
    let runs = 0;
    const job: Job = {
      name: `test-${Date.now()}`,
      everyMs: 2000,
      run: async () => {
        runs++;
        return 0;
      },
    };
    const second = other?.db ?? ctx.app.db;
    const passes = await Promise.all([
      runDueJobs(ctx.app.db, [job]),
      runDueJobs(second, [job]),
      runDueJobs(ctx.app.db, [job]),
      runDueJobs(second, [job]),
    ]);
    expect(runs).toBe(1);
    expect(passes.flat().map((r) => r.name)).toEqual([job.name]);
    // within the period nobody runs it again; after it, one process does
    await runDueJobs(second, [job]);
    expect(runs).toBe(1);
    await new Promise((r) => setTimeout(r, 2100));
    await Promise.all([runDueJobs(ctx.app.db, [job]), runDueJobs(second, [job])]);
    expect(runs).toBe(2);
  });
});
