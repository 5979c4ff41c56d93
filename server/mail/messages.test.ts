import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fullAddress, org } from "../../app/data/org";
// eslint-disable-next-line no-restricted-imports -- a test: links in mail must name a page of the site
import routeConfig from "../../app/routes";
import { inquiries, outbox } from "../db/schema";
import { cardPayload, orderPayload } from "../testing/order-payload";
import { signUpAndLogIn, testApp, type TestContext } from "../testing/helpers";
import { startTestSmtp, type ReceivedMail } from "../testing/smtp";

/** The messages the site owes (17.6), as they arrive at a real SMTP server. */
const PUBLIC_URL = "https://portal.citb.example";
const STAFF_EMAIL = "inbox@citb.example";
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let t: TestContext;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await testApp(
    { orderRateMax: 1000, mailWorkerOptions: { backoffMs: () => 0, batchSize: 50 } },
    { SMTP_URL: smtp.url, PUBLIC_URL, STAFF_EMAIL },
  );
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(async () => {
  smtp.received.length = 0;
  await t.database.db.delete(outbox);
});

type Route = { path?: string; children?: Route[] };
const sitePaths = (routes: Route[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [`/${r.path}`] : []), ...sitePaths(r.children ?? [])]);
/** A link works when it is on the public URL and names a page of the site (app/routes.ts). */
function expectWorkingLink(link: string) {
  expect(link.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  const path = new URL(link).pathname;
  const known = sitePaths(routeConfig as Route[]).some((p) =>
    new RegExp(`^${p.replace(/:\w+/g, "[^/]+")}$`).test(path),
  );
  expect(known, `${path} is a page of the site`).toBe(true);
}
/** Both parts carry the text, and the organisation's name and address. */
function expectBoth(mail: ReceivedMail, ...texts: string[]) {
  for (const part of [mail.html, mail.text])
    for (const text of [...texts, org.name, fullAddress]) expect(part).toContain(text);
}
async function deliver(count: number) {
  await t.app.mail.worker.runOnce();
  return smtp.waitFor(count);
}

async function buy(headers?: Record<string, string>, email = "dana@example.com") {
  const token = (await t.app.inject({ method: "POST", url: "/test-gateway/tokens", payload: cardPayload() })).json()
    .token;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    headers,
    payload: orderPayload({ paymentToken: token, Email: email }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().order as { reference: string; examTitle: string; amount: string };
}

describe("the order receipt", () => {
  let buyer: Record<string, string>;
  it("goes to the account's confirmed address when the order is paid: reference, exam, amount, card, the 24-hour rule and a link to cancel", async () => {
    const certUser = { firstName: "Lin", lastName: "Buyer", email: "lin@example.com", password: "Sup3r$ecret" };
    buyer = { authorization: `Bearer ${await signUpAndLogIn(t.app, certUser)}` };
    await deliver(1); // the sign-up's confirmation
    smtp.received.length = 0;
    // the order form's address is the candidate's contact; the receipt goes to the address the account confirmed
    const order = await buy(buyer, "typed-in-the-form@example.com");

    const [mail] = await deliver(1);
    expect(mail!.to).toEqual(["lin@example.com"]);
    expect(mail!.subject).toBe(`Your CITB exam order ${order.reference}`);
    expectBoth(mail!, order.reference, order.examTitle, "$999.00", "Visa ending in 4242", "within 24 hours");
    const cancel = `${PUBLIC_URL}/account/exams`;
    expect(mail!.html).toContain(`href="${cancel}"`);
    expect(mail!.text).toContain(cancel);
    expectWorkingLink(cancel);
    expectWorkingLink(`${PUBLIC_URL}/testing/refund-policy`);
  });

  it("is not sent for a declined card", async () => {
    const receipts = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.template, "order-receipt"))).length;
    const before = await receipts();
    const declined = (
      await t.app.inject({
        method: "POST",
        url: "/test-gateway/tokens",
        payload: cardPayload({ cardNumber: "4000 0000 0000 0002" }),
      })
    ).json().token;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: buyer,
      // another exam than the one bought above (a second voucher for it would be refused before the card)
      payload: orderPayload({ paymentToken: declined, courseCertId: 5 }),
    });
    expect(res.statusCode).toBe(402);
    expect(await receipts()).toBe(before);
  });
});

describe("contact, partner and career messages", () => {
  it("acknowledge the sender and notify the staff address, with the reference and a link to the message", async () => {
    for (const kind of ["contact", "partner", "career"] as const) {
      smtp.received.length = 0;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/inquiries",
        payload: {
          kind,
          name: "Dana Reyes",
          email: `${kind}@example.com`,
          organization: "Reyes Consulting",
          message: "We would like to hear more about the certification exams.",
        },
      });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json().inquiry as { reference: string };
      const [row] = await t.database.db.select().from(inquiries).where(eq(inquiries.reference, reference));

      const mails = await deliver(2);
      const ack = mails.find((m) => m.to[0] === `${kind}@example.com`)!;
      const staff = mails.find((m) => m.to[0] === STAFF_EMAIL)!;
      expect(ack.subject).toBe(`We received your message (${reference})`);
      expectBoth(ack, "Dana Reyes", reference);
      expect(staff.subject).toBe(`New ${kind} message from Dana Reyes (${reference})`);
      expectBoth(staff, "Dana Reyes", `${kind}@example.com`, "Reyes Consulting", reference);
      const link = `${PUBLIC_URL}/staff/inbox/${row!.id}`;
      expect(staff.html).toContain(`href="${link}"`);
      expect(staff.text).toContain(link);
      expectWorkingLink(link);
    }
  });

  it("send nothing for a message the honeypot caught", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      payload: {
        kind: "contact",
        name: "Bot",
        email: "bot@example.com",
        message: "Buy cheap things now!",
        website: "x",
      },
    });
    expect(await t.database.db.select().from(outbox)).toEqual([]);
  });
});
