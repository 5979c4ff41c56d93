import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isoDay } from "../credentials/state";
import { outbox } from "../db/schema";
import { composeMail } from "./compose";
import { ACK_LIMITS } from "./acknowledgements";
import { mailsTo, testAppForFile } from "../testing/helpers";

const t = testAppForFile({ inquiryRateMax: 1000 });

const ATTACKER_NAME = "Your account is locked: call +1 555 0100 at once";
const ATTACKER_SUBJECT = "URGENT: confirm your bank details at http://evil.example/login";

async function acknowledgementsTo(email: string, template: string) {
  const rows = await mailsTo(t.app, email, template);
  return Promise.all(rows.map((r) => composeMail({ to: r.recipient, template: r.template, data: r.data }, "http://x")));
}

describe("acknowledgement mail is limited and its subject line is ours", () => {
  it("twelve parallel complaints from one unconfirmed account: each is stored, at most the unconfirmed limit is acknowledged, with a fixed subject", async () => {
    const email = "victim@example.com";
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { certUser: { firstName: ATTACKER_NAME, lastName: "X", email, password: "Str0ng!Passw0rd" } },
      remoteAddress: "10.5.0.1",
    });
    expect(signup.statusCode).toBe(201);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password: "Str0ng!Passw0rd" },
      remoteAddress: "10.5.0.1",
    });
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/me/requests/complaint",
          headers,
          payload: { subject: ATTACKER_SUBJECT, eventOn: isoDay(new Date()), details: "Details of the issue here." },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    const acks = await acknowledgementsTo(email, "request-received");
    expect(acks.length).toBe(ACK_LIMITS.perUnconfirmedAccount.max);
    for (const mail of acks) {
      expect(mail.subject).toMatch(/^We received your complaint \(CMP-[A-Z0-9-]+\)$/);
      expect(mail.subject).not.toContain("evil");
      expect(mail.subject).not.toContain("locked");
    }
    // the answers tell the truth: only the acknowledged ones say a mail was sent
    const mailed = answers.filter((a) => /We have e-mailed you an acknowledgement/.test(a.json().message));
    expect(mailed.length).toBe(ACK_LIMITS.perUnconfirmedAccount.max);
    const quiet = answers.find((a) => !/We have e-mailed you/.test(a.json().message));
    expect(quiet!.json().message).toMatch(/^Complaint received: reference CMP-.+ It is listed under My requests/);
  });

  it("contact messages naming one address from many clients: at most the per-recipient limit of acknowledgements", async () => {
    const email = "someone-else@example.com";
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/inquiries",
          payload: { kind: "contact", name: ATTACKER_NAME, email, message: "Hello, this is a message for you." },
          remoteAddress: `10.6.0.${i + 1}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    const acks = await acknowledgementsTo(email, "inquiry-ack");
    expect(acks.length).toBe(ACK_LIMITS.perRecipient.max);
    for (const mail of acks) expect(mail.subject).toMatch(/^We received your message \(INQ-[A-Z0-9-]+\)$/);
    // staff still hear of every message
    const staff = await t.database.db.select().from(outbox).where(eq(outbox.template, "inquiry-staff"));
    expect(staff.length).toBe(12);
  });
});
