import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../db/schema";
import { freshDatabase } from "../testing/helpers";
import { deleteExpiredLimits, describeWait, limitKey, release, reserve, reset } from "./limits";

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

const limit = { max: 5, windowMs: 15 * 60_000 };

describe("rate limits in the database", () => {
  it("allows exactly `max` of 50 parallel reservations on one key", async () => {
    const key = limitKey("test", "parallel");
    const results = await Promise.all(Array.from({ length: 50 }, () => reserve(database.db, key, limit)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.filter((r) => !r.allowed);
    expect(refused).toHaveLength(45);
    for (const r of refused) expect(r.retryAfterSeconds).toBeGreaterThan(14 * 60);
  });

  it("keeps keys apart, stores no subject in clear, and starts a new window when the old one ended", async () => {
    const key = limitKey("test", "someone@example.com");
    expect(key).not.toContain("someone");
    for (let i = 0; i < 5; i++) expect((await reserve(database.db, key, limit)).allowed).toBe(true);
    expect((await reserve(database.db, key, limit)).allowed).toBe(false);
    expect((await reserve(database.db, limitKey("test", "other@example.com"), limit)).allowed).toBe(true);
    await database.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, key));
    const fresh = await reserve(database.db, key, limit);
    expect(fresh).toEqual({ allowed: true, retryAfterSeconds: 0, count: 1 });
  });

  it("release gives one attempt back, reset forgets them all, the expired rows are deleted", async () => {
    const key = limitKey("test", "release");
    for (let i = 0; i < 5; i++) await reserve(database.db, key, limit);
    await release(database.db, key);
    expect((await reserve(database.db, key, limit)).allowed).toBe(true);
    expect((await reserve(database.db, key, limit)).allowed).toBe(false);
    await reset(database.db, key);
    expect((await reserve(database.db, key, limit)).count).toBe(1);
    await database.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, key));
    expect(await deleteExpiredLimits(database.db)).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });

  it("says the wait in words", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(59)).toBe("59 seconds");
    expect(describeWait(60)).toBe("1 minute");
    expect(describeWait(899)).toBe("15 minutes");
  });
});
