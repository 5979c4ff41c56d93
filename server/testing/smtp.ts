import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** the envelope's recipients */
  to: string[];
  subject: string;
  html: string;
  text: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package) on a free port. It keeps what
 * it receives; `down()` closes it (connections are refused: an outage) and `up()` opens it again on
 * the same port. `rejectRecipient` answers 550 for an address (a permanent failure).
 */
export async function startTestSmtp(opts: { rejectRecipient?: (address: string) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (opts.rejectRecipient?.(address.address)) {
          const err = new Error("5.1.1 no such mailbox") as Error & { responseCode: number };
          err.responseCode = 550;
          return callback(err);
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              text: parsed.text ?? "",
              parsed,
            });
            for (const w of waiters.splice(0)) w();
            callback();
          })
          .catch(callback);
      },
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port));
    });
  const port = await listen(0);
  let up = true;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    async down() {
      if (!up) return;
      up = false;
      await new Promise<void>((r) => server.close(() => r()));
    },
    async up() {
      if (up) return;
      server = make();
      await listen(port);
      up = true;
    },
    /** resolves once at least `count` messages have arrived (or rejects after `ms`) */
    async waitFor(count: number, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, received ${received.length}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      return received;
    },
    close: () => (up ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve()),
  };
}
