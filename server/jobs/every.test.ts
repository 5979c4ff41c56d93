import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { runEvery } from "./every";

describe("runEvery", () => {
  it("runs a pass when the app is ready and every interval, and closing waits for the pass in progress", async () => {
    const app = Fastify();
    const started: number[] = [];
    let finished = 0;
    runEvery(app, 30, async () => {
      started.push(Date.now());
      await new Promise((r) => setTimeout(r, 50));
      finished++;
    });
    expect(started).toHaveLength(0);
    await app.ready();
    expect(started).toHaveLength(1);
    await vi.waitFor(() => expect(started.length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    await app.close();
    const count = started.length;
    expect(finished).toBe(count); // the last pass finished before close returned
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toHaveLength(count); // and none started after
  });
});
