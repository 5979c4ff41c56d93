import { randomUUID } from "node:crypto";

/**
 * A valid order payload for the tests: the candidate, the exam, the billing address, a payment token
 * (pass one from the test gateway to charge; the default only passes validation) and a new attempt key.
 */
export function orderPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
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
    address: "12 Elm Street",
    city: "Oklahoma City",
    region: "OK",
    postal: "73102",
    paymentToken: "tok_test_notissued",
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** The card fields the tokenization endpoint takes (the test gateway's success card by default). */
export function cardPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    cardNumber: "4242 4242 4242 4242",
    cvv2: "123",
    expiryMonth: "8",
    expiryYear: String(new Date().getFullYear() + 2),
    postal: "73102",
    ...overrides,
  };
}
