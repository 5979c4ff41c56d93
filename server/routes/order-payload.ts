/** A valid order payload for the tests (the test gateway's success card). */
export function orderPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const year = new Date().getFullYear() + 2;
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
    cardNumber: "4242 4242 4242 4242",
    cvv2: "123",
    expiryMonth: "8",
    expiryYear: String(year),
    address: "12 Elm Street",
    city: "Oklahoma City",
    region: "OK",
    postal: "73102",
    ...overrides,
  };
}
