import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../db/schema";
import { DECLINED_MESSAGE } from "../payments/gateway";
import { testApp, type TestContext } from "../test-helpers";

let t: TestContext;
beforeAll(async () => {
  t = await testApp({ orderRateMax: 1000 });
}, 60_000);
afterAll(() => t.close());

const year = new Date().getFullYear() + 2;
const valid = {
  FirstName: "Dana",
  LastName: "Reyes",
  Phone: "(405) 555-0123",
  Email: "dana@example.com",
  Address: "12 Elm Street",
  AddressLine1: "",
  City: "Oklahoma City",
  State: "OK",
  Zip: "73102",
  courseCertId: "1",
  cardNumber: "4242 4242 4242 4242",
  cvv2: "123",
  expiryMonth: "8",
  expiryYear: String(year),
  address: "12 Elm Street",
  city: "Oklahoma City",
  region: "OK",
  postal: "73102",
};
const post = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/orders", payload: payload as object });
const rows = () => t.database.db.select().from(orders);

describe("POST /api/orders", () => {
  it("charges the exam price, stores a paid order and answers 201", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      order: {
        reference: expect.stringMatching(/^ORD-[A-Z0-9]{8}$/),
        examTitle: "JavaScript Professional Developer Online Exam",
        amount: "$999.00",
        cardBrand: "Visa",
        cardLast4: "4242",
        voucherCode: expect.stringMatching(/^V-[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/),
      },
    });
    const row = (await rows()).find((r) => r.reference === res.json().order.reference)!;
    expect(row).toMatchObject({
      certId: 1,
      examTitle: "JavaScript Professional Developer Online Exam",
      priceCents: 99900,
      status: "paid",
      userId: null,
      firstName: "Dana",
      phone: "4055550123",
      email: "dana@example.com",
      addressLine1: null,
      cardBrand: "Visa",
      cardLast4: "4242",
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it("accepts numbers for the numeric fields and any other Luhn-valid card", async () => {
    const res = await post({
      ...valid,
      courseCertId: 5,
      cvv2: 1234,
      expiryMonth: 1,
      expiryYear: year,
      cardNumber: "5555555555554444",
    });
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
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "validation_failed",
      message: expect.any(String),
      fields: {
        FirstName: "First name is required.",
        LastName: "Last name is required.",
        Phone: "Phone number is required.",
        Email: "A valid email is required",
        Address: "Address is required.",
        City: "City is required.",
        State: "State is required.",
        Zip: "5-digit zip code is required.",
        courseCertId: "Course ID is required.",
        cardNumber: "Card number is required.",
        cvv2: "3-4 digit cvv is required",
        expiryMonth: "Expiration month is required",
        expiryYear: "Expiration year is required",
        address: "Address is required",
        city: "City is required",
        region: "State is required",
        postal: "Zip code is required",
      },
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
    ["cardNumber", "", "Card number is required."],
    ["cardNumber", "4242 4242", "Card number must be 12 to 19 digits."],
    ["cardNumber", "4242 4242 4242 4241", "This card number is not valid. Please check the digits and try again."],
    ["cvv2", "12", "3-4 digit cvv is required"],
    ["cvv2", "12345", "3-4 digit cvv is required"],
    ["expiryMonth", "", "Expiration month is required"],
    ["expiryMonth", "13", "Expiration month is required"],
    ["expiryYear", "", "Expiration year is required"],
    ["expiryYear", "2001", "Expiration year is required"],
    ["address", "", "Address is required"],
    ["city", "", "City is required"],
    ["region", "", "State is required"],
    ["postal", "", "Zip code is required"],
  ])("%s = %j gives %j", async (field, value, message) => {
    const before = (await rows()).length;
    const res = await post({ ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: message });
    expect((await rows()).length).toBe(before);
  });

  it("refuses unknown fields", async () => {
    const res = await post({ ...valid, price: 1 });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().fields)).toContain("price");
  });

  it("answers a declined card with 402, a clear message, and stores nothing", async () => {
    const before = (await rows()).length;
    const res = await post({ ...valid, cardNumber: "4000 0000 0000 0002" });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: "card_declined",
      message: DECLINED_MESSAGE,
      fields: { cardNumber: DECLINED_MESSAGE },
    });
    expect(DECLINED_MESSAGE).toBe("Your card was declined. No charge was made; try another card.");
    expect((await rows()).length).toBe(before);
  });

  it("keeps card numbers and CVVs out of the database and the logs", async () => {
    await post({ ...valid, cvv2: "987" });
    await post({ ...valid, cardNumber: "4000000000000002", cvv2: "987" });
    await post({ ...valid, cardNumber: "4242424242424241", cvv2: "987" });
    const dump = JSON.stringify(await rows());
    const logs = t.logs.join("\n");
    for (const haystack of [dump, logs]) {
      expect(haystack).not.toMatch(/4242\s?4242\s?4242\s?4242|4242424242424241|4000000000000002|5555555555554444/);
      expect(haystack).not.toContain('"987"');
      expect(haystack).not.toMatch(/cvv/i);
    }
    expect(t.logs.length).toBeGreaterThan(0);
  });

  it("tells the client the payment mode", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/payments/mode" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: "test" });
  });

  it("attaches a logged-in buyer's order to their account, and only theirs", async () => {
    const certUser = { firstName: "Lin", lastName: "Buyer", email: "lin@example.com", password: "Sup3r$ecret" };
    await t.app.inject({ method: "POST", url: "/api/signup", payload: { certUser } });
    const { token } = (
      await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: certUser.email, password: certUser.password },
      })
    ).json();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: valid,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(201);
    const mine = await t.app.inject({ url: "/api/me/orders", headers: { authorization: `Bearer ${token}` } });
    expect(mine.json().orders.map((o: { reference: string }) => o.reference)).toEqual([res.json().order.reference]);
    const stored = (await rows()).find((r) => r.reference === res.json().order.reference);
    expect(stored!.userId).not.toBeNull();
    expect((await rows()).filter((r) => r.userId === stored!.userId)).toHaveLength(1);
  });
});
