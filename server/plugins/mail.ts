import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Env } from "../env";
import { devMailbox, isLoopbackHost } from "../mail/dev-mailbox";
import { logTransport, smtpTransport, type MailTransport } from "../mail/transport";
import { createMailWorker, type MailWorker, type MailWorkerOptions } from "../mail/worker";

declare module "fastify" {
  interface FastifyInstance {
    mail: {
      transport: MailTransport;
      worker: MailWorker;
      /** where staff notifications go (STAFF_EMAIL) */
      staffEmail: string;
      publicUrl: string;
    };
  }
}

export interface MailPluginOptions {
  env: Env;
  /** run the outbox worker while the app is up (the server does; API tests drive `app.mail.worker.runOnce()`) */
  worker: boolean;
  /** tests: a transport of their own */
  transport?: MailTransport;
  /** tests: retry settings */
  workerOptions?: Partial<Pick<MailWorkerOptions, "maxAttempts" | "backoffMs" | "leaseMs" | "batchSize">>;
}

/**
 * Mail: the transport (SMTP when SMTP_URL is set, otherwise the log), the outbox worker (started
 * with the app, stopped when it closes) and, outside production, the development mailbox at /dev/mailbox.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: MailPluginOptions) => {
    const { env } = opts;
    const transport =
      opts.transport ??
      (env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : logTransport(env.MAIL_FROM, app.log));
    const worker = createMailWorker({
      get db() {
        return app.db;
      },
      transport,
      log: app.log,
      publicUrl: env.PUBLIC_URL,
      pollMs: env.MAIL_POLL_MS,
      ...opts.workerOptions,
    });
    app.decorate("mail", { transport, worker, staffEmail: env.STAFF_EMAIL, publicUrl: env.PUBLIC_URL });
    if (opts.worker) app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => {
      await worker.stop();
      transport.close();
    });
    // the development mailbox: never in production, never on a server other machines can reach
    if (env.NODE_ENV !== "production" && isLoopbackHost(env.HOST)) await app.register(devMailbox);
    if (transport.kind === "log")
      app.log.info(
        "mail: no SMTP_URL, so messages are kept in the outbox and printed to this log (and shown at /dev/mailbox to this machine, outside production, on a loopback HOST)",
      );
  },
  { name: "mail", dependencies: ["database"] },
);
