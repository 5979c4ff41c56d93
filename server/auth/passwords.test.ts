import { describe, expect, it } from "vitest";
import { limitConcurrency, passwords } from "./passwords";

describe("password hashing under load", () => {
  it("runs at most the limit at once, in arrival order, and passes results and errors through", async () => {
    const run = limitConcurrency(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      if (i === 3) throw new Error("task 3 failed");
      return i * 10;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5, 6].map((i) => run(task(i))));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      20,
      "task 3 failed",
      40,
      50,
      60,
    ]);
    // the slots were all given back: two more start at once
    active = 0;
    peak = 0;
    await Promise.all([run(task(7)), run(task(8))]);
    expect(peak).toBe(2);
  });

  it("still hashes and verifies through the limit", async () => {
    const stored = await passwords.hash("Correct-horse1!");
    const checks = await Promise.all([
      passwords.verify(stored, "Correct-horse1!"),
      passwords.verify(stored, "wrong"),
      passwords.verifyOrDummy(undefined, "Correct-horse1!"),
    ]);
    expect(checks).toEqual([true, false, false]);
  });
});
