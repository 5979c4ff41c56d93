import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { ComposedMail } from "./compose";
import { linksIn } from "./compose";

/**
 * Where composed messages go: an SMTP server (SMTP_URL), or, without one, the log: the message is
 * still composed in full (MIME), kept in the outbox and printed with its links.
 */
export interface MailTransport {
  kind: "smtp" | "log";
  send(mail: ComposedMail): Promise<void>;
  close(): void;
}

/** An SMTP answer that retrying will not change (a 5xx: the address or the message is refused). */
export function isPermanentSmtpError(e: unknown): boolean {
  const code = (e as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** What nodemailer sends: the composed message from the site's address. */
const message = (from: string, mail: ComposedMail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  attachments: mail.attachments,
});

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, { from });
  // short timeouts: an unreachable server is a retry later, not a worker stuck for minutes
  Object.assign(transporter.options, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail(message(from, mail));
    },
    close: () => transporter.close(),
  };
}

export function logTransport(from: string, log: FastifyBaseLogger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: "log",
    async send(mail) {
      const info = await composer.sendMail(message(from, mail));
      const size = Buffer.isBuffer(info.message) ? info.message.length : 0;
      log.info(
        { mail: { to: mail.to, subject: mail.subject, links: linksIn(mail.text), bytes: size } },
        `mail kept (no SMTP_URL): "${mail.subject}" to ${mail.to}${linksIn(mail.text)
          .map((l) => `\n  ${l}`)
          .join("")}`,
      );
    },
    close: () => composer.close(),
  };
}
