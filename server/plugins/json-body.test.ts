import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postRaw, testApp, type TestContext } from "../testing/helpers";
import { EMPTY_BODY, NOT_JSON, PROTOTYPE_KEY } from "./json-body";

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const inquiry = `"kind":"contact","name":"Dana Reyes","email":"dana@example.com","message":"Which exam comes first?"`;

describe("a JSON body the API refuses says why", () => {
  it.each([
    ["malformed JSON", "{oops", NOT_JSON],
    ["a body cut short", `{${inquiry}`, NOT_JSON],
    ["an empty body", "", EMPTY_BODY],
    ["a __proto__ key", `{"__proto__":{"admin":true},${inquiry}}`, PROTOTYPE_KEY],
    ["a __proto__ key written with escapes", `{"\\u005f_proto__":{"admin":true},${inquiry}}`, PROTOTYPE_KEY],
    ["a nested __proto__ key", `{${inquiry},"extra":[{"__proto__":null}]}`, PROTOTYPE_KEY],
    ["constructor holding prototype", `{"constructor":{"prototype":{"admin":true}},${inquiry}}`, PROTOTYPE_KEY],
  ])("%s: 400 invalid_json with its own message", async (_what, body, message) => {
    const res = await postRaw(t.app, "/api/inquiries", "application/json", body, "10.7.0.1");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "invalid_json", message });
  });

  it("takes valid JSON as before, with a charset in the content type too", async () => {
    const res = await postRaw(t.app, "/api/inquiries", "application/json; charset=utf-8", `{${inquiry}}`, "10.7.0.2");
    expect(res.statusCode).toBe(201);
    // a key merely named like one, or constructor without prototype, is an ordinary key (refused by the schema)
    const odd = await postRaw(t.app, "/api/inquiries", "application/json", `{${inquiry},"constructor":1}`, "10.7.0.3");
    expect([odd.statusCode, odd.json().error]).toEqual([400, "validation_failed"]);
  });

  it("keeps Fastify's body limit and its 415 for other types", async () => {
    const big = await postRaw(t.app, "/api/inquiries", "application/json", `{"x":"${"a".repeat(70_000)}"}`, "10.7.0.4");
    expect(big.statusCode).toBe(413);
    const text = await postRaw(t.app, "/api/inquiries", "text/plain", "hello", "10.7.0.5");
    expect(text.statusCode).toBe(415);
  });
});
