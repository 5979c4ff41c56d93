import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HASH_CONCURRENCY, HASH_QUEUE } from "../auth/passwords";
import { testApp, type TestContext } from "../testing/helpers";

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
}, 60_000);
afterAll(() => t.close());

const login = (i: number) =>
  t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: `nobody${i}@flood.example`, password: "Wrong-passw0rd!" },
    remoteAddress: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  });

describe("a login flood", () => {
  it("100 parallel logins from 100 clients: the hashing beyond its slots and short queue is answered at once with 503 and Retry-After", async () => {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await login(i);
        return { status: res.statusCode, ms: performance.now() - started, res };
      }),
    );
    const busy = answers.filter((a) => a.status === 503);
    const checked = answers.filter((a) => a.status === 401);
    expect(busy.length + checked.length).toBe(100);
    // only the hashes in flight and the short queue were checked; the rest were refused
    expect(checked.length).toBeGreaterThanOrEqual(HASH_CONCURRENCY);
    expect(checked.length).toBeLessThanOrEqual(100 - 50);
    expect(busy.length).toBeGreaterThanOrEqual(50);
    for (const b of busy) {
      expect(b.res.headers["retry-after"]).toBe("2");
      expect(b.res.json()).toMatchObject({ error: "busy" });
    }
    // a refused request did not wait for the hashes ahead of it
    const lastChecked = Math.max(...checked.map((a) => a.ms));
    const firstBusy = Math.min(...busy.map((a) => a.ms));
    expect(firstBusy).toBeLessThan(lastChecked);
    expect(HASH_QUEUE).toBeGreaterThan(0);
  }, 60_000);
});
