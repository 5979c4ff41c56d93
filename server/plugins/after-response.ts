import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Runs work after the answer is sent, so the answer's timing says nothing about the work (a password
     * reset for a known address answers as fast as for an unknown one). A failure is logged, never thrown.
     */
    afterResponse(name: string, task: () => Promise<void>): void;
    /** Resolves once every task started so far has ended (tests; the app's close waits for them too). */
    settled(): Promise<void>;
  }
}

export const afterResponsePlugin = fp(
  async (app: FastifyInstance) => {
    const pending = new Set<Promise<void>>();
    app.decorate("afterResponse", (name: string, task: () => Promise<void>) => {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) =>
          app.log.error({ err: { message: (err as Error)?.message }, task: name }, "task after response failed"),
        )
        .finally(() => pending.delete(run));
      pending.add(run);
    });
    app.decorate("settled", async () => {
      while (pending.size) await Promise.allSettled([...pending]);
    });
    // closing the app (shutdown) lets the tasks in flight finish before the database closes
    app.addHook("onClose", async () => app.settled());
  },
  { name: "after-response" },
);
