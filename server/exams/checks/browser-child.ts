/**
 * The child process of the browser key-check engine when the server runs it (browser-process.ts): it
 * receives one batch of items over IPC, runs them with browserEngine (browser.ts) and answers with every
 * outcome, then exits. It tells the parent it is ready first, so no message is sent before it listens.
 *
 * Why a process of its own: playwright-core runs every call inside an AsyncLocalStorage (its zones), and
 * on Node.js 20 and 22 the first run of one turns on async hooks for the rest of the process, after which
 * every promise, socket write and timer of the server costs more (docs/performance.md, "Async hooks turned
 * on by the first e-mail"). Here they are turned on in a process that ends with its batch.
 */
import type { BankItem } from "../bank/schema";
import type { CheckOutcome } from "./judge";

/** What the parent sends (one batch) and what the child answers. */
export type ChildRequest = { items: BankItem[] };
export type ChildAnswer = { ready: true } | { outcomes: [string, CheckOutcome][] } | { error: string };

const send = (answer: ChildAnswer) =>
  new Promise<void>((resolve) => {
    if (process.send) process.send(answer, () => resolve());
    else resolve();
  });

process.once("message", (request: ChildRequest) => {
  void (async () => {
    try {
      const { browserEngine } = await import("./browser");
      const outcomes = await browserEngine.run(request.items);
      await send({ outcomes: [...outcomes] });
    } catch (e) {
      await send({ error: (e as Error).message.split("\n")[0] ?? "unknown error" });
    }
    process.exit(0);
  })();
});
void send({ ready: true });
