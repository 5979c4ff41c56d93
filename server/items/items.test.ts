/**
 * Issue 30.2, the item bank's authoring and review through the API: who may write, the second SME's
 * approval, the key check that blocks approval, and versions that are kept.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SME_COI, SME_NDA } from "../../app/data/sme-agreement";
import type { ItemInput } from "../../app/schemas/items";
import { roles } from "../../app/schemas/user";
import { auditLog, examItems } from "../db/schema";
import { importBank } from "../exams/bank/import";
import { sampleBankDir } from "../exams/bank/load";
import { accountWithRole } from "../testing/accounts";
import { testApp, type TestContext } from "../testing/helpers";

let t: TestContext;
type Account = Awaited<ReturnType<typeof accountWithRole>>;
let author: Account;
let reviewer: Account;

const api = (method: "GET" | "POST" | "PUT", url: string, who: Account, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

async function sme(): Promise<Account> {
  const a = await accountWithRole(t.app, "sme");
  const res = await api("POST", "/api/staff/sme-agreement", a, {
    ndaVersion: SME_NDA.version,
    coiVersion: SME_COI.version,
    acceptNda: true,
    noConflict: true,
  });
  expect(res.statusCode).toBe(200);
  return a;
}

const program = "console.log(square(3));\n\nfunction square(n) {\n  return n * n;\n}";
const draft = (over: Partial<ItemInput> = {}): ItemInput => ({
  exam: "js",
  domain: "Functions",
  stem: `What does this program log?\n\n\`\`\`js\n${program}\n\`\`\``,
  options: ["Uncaught ReferenceError", "9", "Uncaught TypeError", "undefined"],
  key: 1,
  rationale: "Function declarations are hoisted with their body, so square can be called before its line.",
  reference: "MDN Web Docs: function declaration (Hoisting)",
  check: JSON.stringify({ engine: "js", mode: "output", code: program }),
  ...over,
});

beforeAll(async () => {
  t = await testApp();
  author = await sme();
  reviewer = await sme();
});
afterAll(() => t.close());

describe("who writes the bank", () => {
  it("every role but sme is refused with 403 when it tries to write (candidates also cannot read)", async () => {
    for (const role of roles.filter((r) => r !== "sme")) {
      const who = await accountWithRole(t.app, role);
      const res = await api("POST", "/api/staff/items", who, draft());
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error, role).toBe("forbidden");
    }
    expect((await api("GET", "/api/staff/items", await accountWithRole(t.app, "candidate"))).statusCode).toBe(403);
  });

  it("staff and admins read the bank and its items", async () => {
    const created = await api("POST", "/api/staff/items", author, draft({ check: "" }));
    const id = created.json().item.id;
    for (const role of ["staff", "admin"] as const) {
      const who = await accountWithRole(t.app, role);
      expect((await api("GET", `/api/staff/items/${id}`, who)).statusCode, role).toBe(200);
      expect((await api("GET", "/api/staff/items?exam=js", who)).json().total, role).toBeGreaterThan(0);
    }
  });

  it("a domain that is not in the exam's weights table is refused with its field's message", async () => {
    const res = await api("POST", "/api/staff/items", author, draft({ domain: "Closures" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.domain).toBe("Choose a domain of the exam's weights table.");
  });

  it("a check that is not a check is refused with what is wrong", async () => {
    const res = await api("POST", "/api/staff/items", author, draft({ check: '{"engine": "cobol"}' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.check).toMatch(/^The key check is not valid: engine/);
  });
});

describe("writing, review and approval", () => {
  let id = 0;

  it("an SME saves a draft: version 1, a new id in its domain, the key check run and passed, audited", async () => {
    const res = await api("POST", "/api/staff/items", author, draft());
    expect(res.statusCode).toBe(201);
    const { item, versions } = res.json();
    expect(item).toMatchObject({ version: 1, state: "draft", domain: "Functions", checkStatus: "passed" });
    expect(item.itemId).toMatch(/^js-functions-\d{3}$/);
    expect(item.checkOutput).toMatch(/^Passed/);
    expect(versions).toHaveLength(1);
    id = item.id;
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "exam_items"), eq(auditLog.entityId, String(id))));
    expect(rows.map((r) => r.action)).toEqual(["item.create"]);
  });

  it("only its author edits the draft", async () => {
    const res = await api("PUT", `/api/staff/items/${id}`, reviewer, draft({ reference: "Someone else's" }));
    expect(res.statusCode).toBe(403);
  });

  it("the author cannot approve their own item: the server says why", async () => {
    expect((await api("POST", `/api/staff/items/${id}/review`, author, { action: "submit" })).statusCode).toBe(200);
    const res = await api("POST", `/api/staff/items/${id}/review`, author, { action: "approve" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "You wrote this version, so you cannot approve it: approval needs a second subject-matter expert, not the author.",
    );
  });

  it("a second SME approves it; it is then deliverable, with its reviewer", async () => {
    const res = await api("POST", `/api/staff/items/${id}/review`, reviewer, { action: "approve" });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ state: "approved", reviewer: "Test sme" });
    const list = await api("GET", "/api/staff/items?exam=js&domain=Functions&state=approved", reviewer);
    expect(list.json().items.map((i: { id: number }) => i.id)).toContain(id);
  });

  it("an edit of an approved item is version N+1; the old version stays approved until the new one is, then retired, never removed", async () => {
    const next = await api("POST", `/api/staff/items/${id}/versions`, reviewer);
    expect(next.statusCode).toBe(201);
    const v2 = next.json().item;
    expect(v2).toMatchObject({ version: 2, state: "draft", itemId: next.json().item.itemId });
    expect(next.json().versions.map((v: { version: number; state: string }) => [v.version, v.state])).toEqual([
      [2, "draft"],
      [1, "approved"],
    ]);
    // one open version at a time
    expect((await api("POST", `/api/staff/items/${id}/versions`, author)).statusCode).toBe(409);
    const saved = await api("PUT", `/api/staff/items/${v2.id}`, reviewer, draft({ reference: "ECMAScript: hoisting" }));
    expect(saved.statusCode).toBe(200);
    await api("POST", `/api/staff/items/${v2.id}/review`, reviewer, { action: "submit" });
    const approved = await api("POST", `/api/staff/items/${v2.id}/review`, author, { action: "approve" });
    expect(approved.statusCode).toBe(200);
    const [v1] = await t.database.db.select().from(examItems).where(eq(examItems.id, id));
    expect(v1).toMatchObject({
      version: 1,
      state: "retired",
      reference: "MDN Web Docs: function declaration (Hoisting)",
    });
    const versions = approved.json().versions.map((v: { version: number; state: string }) => [v.version, v.state]);
    expect(versions).toEqual([
      [2, "approved"],
      [1, "retired"],
    ]);
  });

  it("a returned item goes back to its author with the reviewer's reason (required)", async () => {
    const created = (await api("POST", "/api/staff/items", author, draft({ check: "" }))).json().item;
    await api("POST", `/api/staff/items/${created.id}/review`, author, { action: "submit" });
    const bare = await api("POST", `/api/staff/items/${created.id}/review`, reviewer, { action: "return" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields.reason).toBe("Say why, for the author and the record.");
    const res = await api("POST", `/api/staff/items/${created.id}/review`, reviewer, {
      action: "return",
      reason: "Option D is too close to the key.",
    });
    expect(res.json().item).toMatchObject({ state: "draft", reviewNote: "Option D is too close to the key." });
  });
});

describe("the key check blocks approval", () => {
  it("a failing check is shown with its output, and approval is refused", async () => {
    const res = await api("POST", "/api/staff/items", author, draft({ key: 0 }));
    const item = res.json().item;
    expect(item.checkStatus).toBe("failed");
    expect(item.checkOutput).toContain('the program gives "9": option 1, not the key 0');
    await api("POST", `/api/staff/items/${item.id}/review`, author, { action: "submit" });
    const approve = await api("POST", `/api/staff/items/${item.id}/review`, reviewer, { action: "approve" });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({
      error: "check_failed",
      message: "The key check failed, so this item cannot be approved. The author fixes the item or its check first.",
    });
  });

  it("a MySQL check without SQL_CHECK_URL is not run, and approval says so", async () => {
    const res = await api(
      "POST",
      "/api/staff/items",
      author,
      draft({
        exam: "mysql",
        domain: "Fundamentals",
        stem: "What does SELECT 1 + 1 return in MySQL?",
        options: ["2", "11", "NULL", "An error"],
        key: 0,
        check: JSON.stringify({ engine: "sql", mode: "output", setup: [], query: "SELECT 1 + 1" }),
      }),
    );
    const item = res.json().item;
    expect(item.checkStatus).toBe("not_run");
    expect(item.checkOutput).toMatch(/no MySQL server is configured for key checks \(set SQL_CHECK_URL\)/);
    await api("POST", `/api/staff/items/${item.id}/review`, author, { action: "submit" });
    const approve = await api("POST", `/api/staff/items/${item.id}/review`, reviewer, { action: "approve" });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toBe("check_not_run");
  });
});

describe("the bank files' import and the console", () => {
  it("leaves the items the console wrote or changed alone", async () => {
    await importBank(t.database.db, { dir: sampleBankDir });
    const [first] = await t.database.db.select().from(examItems).where(eq(examItems.itemId, "js-syntax-001"));
    // changed in the console: a new version, approved
    const v2 = (await api("POST", `/api/staff/items/${first!.id}/versions`, author)).json().item;
    await api("PUT", `/api/staff/items/${v2.id}`, author, {
      ...draft({ check: "" }),
      domain: "Syntax",
      stem: first!.stem,
      options: first!.options as ItemInput["options"],
      key: first!.key,
      rationale: `${first!.rationale} (revised)`,
    });
    await api("POST", `/api/staff/items/${v2.id}/review`, author, { action: "submit" });
    expect((await api("POST", `/api/staff/items/${v2.id}/review`, reviewer, { action: "approve" })).statusCode).toBe(
      200,
    );
    const console = await t.database.db.select().from(examItems).where(eq(examItems.bank, "console"));
    await importBank(t.database.db, { dir: sampleBankDir });
    const after = await t.database.db.select().from(examItems).where(eq(examItems.itemId, "js-syntax-001"));
    expect(after.map((r) => [r.version, r.state]).sort()).toEqual([
      [1, "retired"],
      [2, "approved"],
    ]);
    const stillThere = await t.database.db.select().from(examItems).where(eq(examItems.bank, "console"));
    expect(stillThere.map((r) => [r.id, r.state])).toEqual(console.map((r) => [r.id, r.state]));
  });
});
