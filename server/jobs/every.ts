import type { FastifyInstance } from "fastify";

/**
 * Runs `pass` when the app is ready and then every `intervalMs` (an unref'd timer: it never keeps the
 * process alive); on close, stops and waits for a pass in progress. `pass` logs its own outcome.
 */
export function runEvery(app: FastifyInstance, intervalMs: number, pass: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = pass();
  };
  app.addHook("onReady", async () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
