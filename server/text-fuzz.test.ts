import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, orders, users } from "./db/schema";
import { orderPayload } from "./testing/order-payload";
import { signUpAndLogIn, testApp, type TestContext } from "./testing/helpers";

/**
 * Control characters and lone surrogates in every stored text field: each is refused with a 400 that
 * names the field, and nothing is stored or charged (PostgreSQL cannot store a NUL byte in text; a lone
 * surrogate would be silently replaced). Tab and line breaks are kept in a message.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let t: TestContext;
let token = "";
let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250) % 250}.${ip % 250}`;

beforeAll(async () => {
  t = await testApp({ inquiryRateMax: 1_000_000, orderRateMax: 1_000_000 });
  const certUser = { firstName: "F", lastName: "Z", email: "text@example.com", password: "Text1ng!!" };
  token = await signUpAndLogIn(t.app, certUser, { confirm: false });
}, 60_000);
afterAll(() => t.close());

const snapshot = async () => {
  const res = await t.database.db.execute(
    sql`select (select count(*) from ${inquiries}) as i, (select count(*) from ${orders}) as o, (select json_agg(u order by id) from ${users} u) as u`,
  );
  return JSON.stringify((res as unknown as { rows: unknown[] }).rows[0]);
};

/** C0 and C1 controls and DEL (tab, LF and CR only where `multiline`), or one half of a surrogate pair. */
const controlChar = (multiline: boolean) =>
  fc
    .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
    .filter((c) => !multiline || ![0x09, 0x0a, 0x0d].includes(c))
    .map((c) => String.fromCharCode(c));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const badChar = (multiline: boolean) => fc.oneof(controlChar(multiline), loneSurrogate);

/** `value` with `bad` inside it (not at either end, where trimming could remove whitespace). */
const withInside = (value: string, bad: string, at: number) => {
  const i = 1 + (at % (value.length - 1));
  return value.slice(0, i) + bad + value.slice(i);
};

type Target = {
  name: string;
  method: "POST" | "PUT";
  url: string;
  auth?: boolean;
  valid: () => Record<string, unknown>;
  /** path of each text field in the payload; the last part is the field name in the error */
  fields: string[][];
  multiline?: string[];
};

const inquiry = {
  kind: "contact",
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "405 555 0123",
  organization: "Analytical Engines",
  message: "Hello there, a question about exams.",
};
const profile = {
  FirstName: "Dana",
  LastName: "Reyes",
  Phone: "(405) 555-0123",
  Address: "12 Elm Street",
  AddressLine1: "Suite 4",
  City: "Oklahoma City",
  State: "OK",
  Zip: "73102",
};

const targets: Target[] = [
  {
    name: "inquiry",
    method: "POST",
    url: "/api/inquiries",
    valid: () => ({ ...inquiry }),
    fields: [["name"], ["email"], ["phone"], ["organization"], ["message"]],
    multiline: ["message"],
  },
  {
    name: "sign-up",
    method: "POST",
    url: "/api/signup",
    valid: () => ({
      certUser: { firstName: "Ada", lastName: "Lovelace", email: `u${ip}@example.com`, password: "Sup3r$ecret" },
    }),
    fields: [
      ["certUser", "firstName"],
      ["certUser", "lastName"],
      ["certUser", "email"],
    ],
  },
  {
    name: "profile",
    method: "PUT",
    url: "/api/me",
    auth: true,
    valid: () => ({ ...profile }),
    fields: Object.keys(profile).map((k) => [k]),
  },
  {
    name: "order",
    method: "POST",
    url: "/api/orders",
    auth: true,
    valid: () => orderPayload(),
    fields: ["FirstName", "LastName", "Phone", "Email", "Address", "AddressLine1", "City", "State", "Zip"]
      .concat(["address", "city", "region", "postal"])
      .filter((k) => k in orderPayload())
      .map((k) => [k]),
  },
];

function setAt(payload: Record<string, unknown>, path: string[], value: string) {
  let o = payload;
  for (const p of path.slice(0, -1)) o = o[p] as Record<string, unknown>;
  const key = path[path.length - 1]!;
  const current = String(o[key] ?? "") || "ab";
  o[key] = value === "" ? current : value;
  return current;
}

const send = (target: Target, payload: unknown) =>
  t.app.inject({
    method: target.method,
    url: target.url,
    payload: payload as object,
    remoteAddress: nextIp(),
    headers: target.auth ? { authorization: `Bearer ${token}` } : {},
  });

describe("control characters and lone surrogates in every text field", () => {
  for (const target of targets) {
    it(`${target.method} ${target.url}: refused with the field's message, nothing stored`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...target.fields),
          fc.nat(),
          fc.array(badChar(false), { minLength: 1, maxLength: 3 }),
          async (path, at, bads) => {
            // in a message tab and line breaks are allowed: put a bell there instead
            const multiline = target.multiline?.includes(path[path.length - 1]!) ?? false;
            const chars = multiline ? bads.map((c) => (/[\t\n\r]/.test(c) ? "\u0007" : c)) : bads;
            const payload = target.valid();
            const current = setAt(payload, path, "");
            // joined with a letter: two halves side by side could make a whole pair
            setAt(payload, path, withInside(current, chars.join("x"), at));
            const before = await snapshot();
            const res = await send(target, payload);
            expect(res.statusCode, res.body).toBe(400);
            const body = res.json();
            expect(body.error).toBe("validation_failed");
            expect(typeof body.fields[path[path.length - 1]!]).toBe("string");
            expect(await snapshot()).toEqual(before);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it("keeps tab and line breaks in a message, and whole emoji everywhere", async () => {
    const res = await send(targets[0]!, {
      ...inquiry,
      name: "Zoë 🙂 Ngữ",
      message: "Line one\n\tLine two\r\nLine three 🙂",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(inquiries)
      .where(sql`reference = ${res.json().inquiry.reference}`);
    expect(row!.message).toBe("Line one\n\tLine two\r\nLine three 🙂");
    expect(row!.name).toBe("Zoë 🙂 Ngữ");
  });

  it("says what is wrong in plain words", async () => {
    const res = await send(targets[0]!, {
      ...inquiry,
      name: "Ada\u0000Lovelace",
      message: "Hi\u0000 there, a question",
    });
    expect(res.json().fields).toEqual({
      name: "Please remove the invisible control characters (such as tabs or line breaks) from this field.",
      message: "Please remove the invisible control characters from this text.",
    });
    const broken = await send(targets[0]!, { ...inquiry, organization: "Engines \ud83d Ltd" });
    expect(broken.json().fields).toEqual({ organization: "This text contains a broken character. Please retype it." });
  });
});
