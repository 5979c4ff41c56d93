import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders } from "../db/schema";
import { DECLINED_MESSAGE } from "../payments/gateway";
import { testGateway, type TestGateway } from "../payments/test-gateway";
import { ORDER_MESSAGES } from "./place-order";
import { accountWithRole } from "../testing/accounts";
import { confirmAddress, expectFieldMessages, signUpAndLogIn, testApp, type TestContext } from "../testing/helpers";
import { PAYMENT_MESSAGES } from "../../app/schemas/order";
import { EMAIL_MESSAGES } from "../../app/schemas/email";
import { cardPayload, orderPayload } from "../testing/order-payload";

let t: TestContext;
let gateway: TestGateway;
/** Exams are bought from a signed-in account with a confirmed address: the Bearer header of one. */
const confirmedBuyer = async (app: TestContext["app"]) =>
  (await accountWithRole(app, "candidate", undefined, { confirmed: true })).headers;
/** a new buyer for each test: an account that holds a voucher for an exam is refused a second one */
let buyer: Record<string, string>;
beforeAll(async () => {
  gateway = testGateway({ tokenRateMax: 100_000 });
  t = await testApp({ orderRateMax: 1000, gateway });
}, 60_000);
beforeEach(async () => {
  buyer = await confirmedBuyer(t.app);
});
afterAll(() => t.close());

const valid = orderPayload();
const post = (payload: unknown, app = t.app, headers = buyer) =>
  app.inject({ method: "POST", url: "/api/orders", payload: payload as object, headers });
const rows = () => t.database.db.select().from(orders);
const tokenize = (card: Record<string, unknown> = {}, app = t.app) =>
  app.inject({ method: "POST", url: "/test-gateway/tokens", payload: cardPayload(card) });
/** Tokenizes the card as the browser does, then orders with the token and a new attempt key, as a new buyer unless one is given. */
async function buy(
  card: Record<string, unknown> = {},
  order: Record<string, unknown> = {},
  app = t.app,
  headers?: Record<string, string>,
) {
  const tok = await tokenize(card, app);
  expect(tok.statusCode, tok.body).toBe(201);
  return post(orderPayload({ paymentToken: tok.json().token, ...order }), app, headers ?? (await confirmedBuyer(app)));
}
describe("POST /api/orders", () => {
  it("stores the order pending, charges the token with the attempt's key, marks it paid and answers 201", async () => {
    const key = randomUUID();
    const res = await buy({}, { idempotencyKey: key });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      reference: expect.stringMatching(/^ORD-[A-Z0-9]{8}$/),
      examTitle: "JavaScript Professional Developer Online Exam",
      amount: "$999.00",
      cardBrand: "Visa",
      cardLast4: "4242",
    });
    const row = (await rows()).find((r) => r.reference === res.json().order.reference)!;
    expect(row).toMatchObject({
      certId: 1,
      priceCents: 99900,
      status: "paid",
      userId: expect.any(Number),
      firstName: "Dana",
      phone: "4055550123",
      addressLine1: null,
      cardBrand: "Visa",
      cardLast4: "4242",
      idempotencyKey: key,
    });
    const charge = gateway.ledger.find((c) => c.idempotencyKey === key)!;
    expect(charge).toMatchObject({ amountCents: 99900, refunded: false });
    expect(row.gatewayRef).toBe(charge.reference);
  });

  it("accepts numbers for the numeric fields and any other Luhn-valid card", async () => {
    const res = await buy(
      { cvv2: 1234, expiryMonth: 1, expiryYear: new Date().getFullYear() + 1, cardNumber: "5555555555554444" },
      { courseCertId: 5 },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      examTitle: "Technical Sales Specialist Online Exam",
      cardBrand: "Mastercard",
      cardLast4: "4444",
    });
  });

  it("answers an empty order with every required field's exact message and stores nothing", async () => {
    const before = (await rows()).length;
    const res = await post({});
    expectFieldMessages(res, {
      FirstName: "First name is required.",
      LastName: "Last name is required.",
      Phone: "Phone number is required.",
      Email: "A valid email is required",
      Address: "Address is required.",
      City: "City is required.",
      State: "State is required.",
      Zip: "5-digit zip code is required.",
      courseCertId: "Course ID is required.",
      address: "Address is required",
      city: "City is required",
      region: "State is required",
      postal: "Zip code is required",
      paymentToken: "Please enter your card details again.",
      idempotencyKey: "This purchase could not be identified. Please reload the page and try again.",
    });
    expect((await rows()).length).toBe(before);
  });

  it.each([
    ["FirstName", "  ", "First name is required."],
    ["LastName", "", "Last name is required."],
    ["Phone", "", "Phone number is required."],
    ["Phone", "555-0123", "Phone number must be a 10-digit number."],
    ["Phone", "40555501234", "Phone number must be a 10-digit number."],
    ["Email", "dana@", "Invalid email"],
    ["Address", "", "Address is required."],
    ["City", "", "City is required."],
    ["State", "", "State is required."],
    ["Zip", "", "5-digit zip code is required."],
    ["courseCertId", "", "Course ID is required."],
    ["courseCertId", "99", "Choose one of the listed exams."],
    ["address", "", "Address is required"],
    ["city", "", "City is required"],
    ["region", "", "State is required"],
    ["postal", "", "Zip code is required"],
    ["paymentToken", "4242424242424242 123", "Please enter your card details again."],
    ["idempotencyKey", "1", "This purchase could not be identified. Please reload the page and try again."],
  ])("%s = %j gives %j", async (field, value, message) => {
    const before = (await rows()).length;
    const res = await post({ ...valid, [field]: value });
    expectFieldMessages(res, { [field]: message });
    expect((await rows()).length).toBe(before);
  });

  it("refuses a card number or CVV sent to the order route: only a token is taken", async () => {
    const res = await post({ ...valid, cardNumber: "4242424242424242", cvv2: "123" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_failed");
    expect(res.body).not.toContain("4242424242424242");
  });

  it("refuses unknown fields", async () => {
    const res = await post({ ...valid, price: 1 });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().fields)).toContain("price");
  });

  it("answers a declined card with 402 and a clear message: the order is failed, nothing charged", async () => {
    const key = randomUUID();
    const res = await buy({ cardNumber: "4000 0000 0000 0002" }, { idempotencyKey: key });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: "card_declined",
      message: DECLINED_MESSAGE,
      fields: { cardNumber: DECLINED_MESSAGE },
    });
    expect(DECLINED_MESSAGE).toBe("Your card was declined. No charge was made; try another card.");
    expect((await rows()).find((r) => r.idempotencyKey === key)).toMatchObject({
      status: "failed",
      failureCode: "card_declined",
    });
    expect(gateway.ledger.find((c) => c.idempotencyKey === key)).toBeUndefined();
  });

  it("a token is single-use, and a retry of one attempt answers the same order without a second charge", async () => {
    const tok = (await tokenize()).json().token;
    const key = randomUUID();
    const first = await post(orderPayload({ paymentToken: tok, idempotencyKey: key }));
    expect(first.statusCode).toBe(201);
    // the answer was lost: the form sends the same attempt again (with a fresh token)
    const again = await buy({}, { idempotencyKey: key }, t.app, buyer);
    expect(again.statusCode).toBe(201);
    expect(again.json().order.reference).toBe(first.json().order.reference);
    expect(gateway.ledger.filter((c) => c.idempotencyKey === key)).toHaveLength(1);
    expect((await rows()).filter((r) => r.idempotencyKey === key)).toHaveLength(1);
    // the used token cannot pay for another attempt
    const reuse = await post(orderPayload({ paymentToken: tok }), t.app, await confirmedBuyer(t.app));
    expect(reuse.statusCode).toBe(402);
    expect(reuse.json().error).toBe("token_used");
  });

  it("two parallel submits of one attempt give one charge and one order", async () => {
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const me = await confirmedBuyer(t.app);
      const [a, b] = await Promise.all([tokenize(), tokenize()]);
      const answers = await Promise.all([
        post(orderPayload({ paymentToken: a.json().token, idempotencyKey: key }), t.app, me),
        post(orderPayload({ paymentToken: b.json().token, idempotencyKey: key }), t.app, me),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      for (const r of answers.filter((x) => x.statusCode === 409))
        expect(r.json()).toEqual({ error: "order_in_progress", message: ORDER_MESSAGES.inProgress });
      expect(gateway.ledger.filter((c) => c.idempotencyKey === key)).toHaveLength(1);
      expect((await rows()).filter((r) => r.idempotencyKey === key)).toHaveLength(1);
    }
  });

  it("keeps card numbers and CVVs out of every table, every log line and every answer", async () => {
    const answers = [
      await tokenize({ cvv2: "987" }),
      await buy({ cvv2: "987" }),
      await buy({ cardNumber: "4000000000000002", cvv2: "987" }),
      await tokenize({ cardNumber: "4242424242424241", cvv2: "987" }),
      await buy({ cardNumber: "5555 5555 5555 4444", cvv2: "987" }),
      await post({ ...valid, cardNumber: "4242424242424242", cvv2: "987" }),
    ];
    const tables = await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const dumps: string[] = [];
    for (const { table_name } of (tables as unknown as { rows: { table_name: string }[] }).rows) {
      const all = await t.database.db.execute(sql.raw(`select * from "${table_name}"`));
      dumps.push(JSON.stringify((all as unknown as { rows: unknown[] }).rows));
    }
    expect(dumps.length).toBeGreaterThan(3);
    const bodies = answers.map((a) => a.body).join("\n");
    for (const haystack of [dumps.join("\n"), t.logs.join("\n"), bodies]) {
      expect(haystack).not.toMatch(
        /4242\s?4242\s?4242\s?4242|4242424242424241|4000000000000002|5555\s?5555\s?5555\s?4444/,
      );
      // the CVV as a value anywhere (random hex in tokens and references may hold the digits 987)
      expect(haystack).not.toMatch(/["=:]\s*"?987(?![0-9a-f])/);
    }
    expect(t.logs.length).toBeGreaterThan(0);
  });

  it("refuses a visitor who is not signed in: 401 with the message the dialog shows, nothing charged or stored", async () => {
    const [charges, orderCount] = [gateway.ledger.length, (await rows()).length];
    const token = (await tokenize()).json().token;
    const res = await post(orderPayload({ paymentToken: token }), t.app, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "sign_in_required", message: PAYMENT_MESSAGES.signIn });
    // an expired or made-up session is no better
    const forged = await post(orderPayload({ paymentToken: token }), t.app, { authorization: "Bearer nope" });
    expect(forged.statusCode).toBe(401);
    expect(gateway.ledger.length).toBe(charges);
    expect((await rows()).length).toBe(orderCount);
  });

  it("tells the client the payment mode and where to tokenize a card", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/payments/mode" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: "test", tokensUrl: "/test-gateway/tokens" });
  });

  it("attaches a logged-in buyer's order to their account, and only theirs", async () => {
    const certUser = { firstName: "Lin", lastName: "Buyer", email: "lin@example.com", password: "Sup3r$ecret" };
    const token = await signUpAndLogIn(t.app, certUser, { confirm: false });
    const buy = async () =>
      t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: orderPayload({ paymentToken: (await tokenize()).json().token }),
        headers: { authorization: `Bearer ${token}` },
      });
    // an account whose address is not confirmed yet cannot buy: a clear message, and no charge
    const [charges, orderCount] = [gateway.ledger.length, (await rows()).length];
    const refused = await buy();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "email_unconfirmed", message: EMAIL_MESSAGES.mustConfirm });
    expect(gateway.ledger.length).toBe(charges);
    expect((await rows()).length).toBe(orderCount);

    await confirmAddress(t.app, certUser.email);
    const res = await buy();
    expect(res.statusCode).toBe(201);
    const mine = await t.app.inject({ url: "/api/me/orders", headers: { authorization: `Bearer ${token}` } });
    expect(mine.json().orders.map((o: { reference: string }) => o.reference)).toEqual([res.json().order.reference]);
    const stored = (await rows()).find((r) => r.reference === res.json().order.reference);
    expect(stored!.userId).not.toBeNull();
    expect((await rows()).filter((r) => r.userId === stored!.userId)).toHaveLength(1);
  });
});

describe("POST /test-gateway/tokens (the test gateway's tokenization endpoint)", () => {
  it("answers a single-use token with the brand and last four digits, never the number", async () => {
    const res = await tokenize();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      token: expect.stringMatching(/^tok_test_[0-9a-f]{32}$/),
      brand: "Visa",
      last4: "4242",
    });
  });

  it.each([
    ["cardNumber", "", "Card number is required."],
    ["cardNumber", "4242 4242", "Card number must be 12 to 19 digits."],
    ["cardNumber", "4242 4242 4242 4241", "This card number is not valid. Please check the digits and try again."],
    ["cvv2", "12", "3-4 digit cvv is required"],
    ["cvv2", "12345", "3-4 digit cvv is required"],
    ["expiryMonth", "", "Expiration month is required"],
    ["expiryMonth", "13", "Expiration month is required"],
    ["expiryYear", "", "Expiration year is required"],
    ["expiryYear", "2001", "Expiration year is required"],
    ["postal", "", "Zip code is required"],
  ])("%s = %j gives %j", async (field, value, message) => {
    expectFieldMessages(await tokenize({ [field]: value }), { [field]: message });
  });
});

describe("a database that fails during an order", () => {
  it("before the order is stored: 503 saying nothing was charged, and no charge", async () => {
    const gw = testGateway({ tokenRateMax: 100_000 });
    const ctx = await testApp({ gateway: gw });
    try {
      const headers = await confirmedBuyer(ctx.app);
      const token = (await tokenize({}, ctx.app)).json().token;
      await ctx.database.close();
      const res = await post(orderPayload({ paymentToken: token }), ctx.app, headers);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: "order_not_started", message: ORDER_MESSAGES.notStarted });
      expect(res.headers["retry-after"]).toBeDefined();
      expect(gw.ledger).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it("after the charge: the charge is refunded through the gateway and the buyer told nothing was taken", async () => {
    const gw = testGateway({ tokenRateMax: 100_000 });
    const charge = gw.charge.bind(gw);
    const opened: { ctx?: TestContext } = {};
    // the database goes away while the card is being charged
    gw.charge = async (request) => {
      const result = await charge(request);
      await opened.ctx!.database.close();
      return result;
    };
    const ctx = (opened.ctx = await testApp({ gateway: gw }));
    try {
      const headers = await confirmedBuyer(ctx.app);
      const token = (await tokenize({}, ctx.app)).json().token;
      const res = await post(orderPayload({ paymentToken: token }), ctx.app, headers);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: "order_not_recorded", message: ORDER_MESSAGES.notRecorded });
      expect(ORDER_MESSAGES.notRecorded).toContain("nothing was taken from your card");
      expect(gw.ledger).toHaveLength(1);
      expect(gw.ledger[0]!.refunded).toBe(true);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
