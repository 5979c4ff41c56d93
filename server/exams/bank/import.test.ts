import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examItems } from "../../db/schema";
import { freshDatabase, testApp, withFreshDatabase, type FreshDatabase } from "../../testing/helpers";
import { examsWithDetails } from "../../../app/data/exams";
import { deliveredCounts } from "../blueprint";
import { assembleForm } from "../form";
import { newSeed } from "../prng";
import { writeTinyBank } from "../../testing/bank";
import { BankProblemsError, importBank } from "./import";
import { sampleBankDir } from "./load";

let database: FreshDatabase;
beforeAll(async () => {
  database = await freshDatabase();
}, 60_000);
afterAll(() => database.drop());

const rows = () => database.db.select().from(examItems).where(eq(examItems.certId, 1));

describe("importing a bank", () => {
  it("stores every item as version 1, approved, with its source bank", async () => {
    const s = await importBank(database.db, { dir: writeTinyBank(["js"]) });
    expect(s).toMatchObject({ bank: "test-bank", exams: ["js"], added: 137, changed: 0, retired: 0 });
    const all = await rows();
    expect(all).toHaveLength(137);
    expect(all.every((r) => r.version === 1 && r.state === "approved" && r.bank === "test-bank")).toBe(true);
  });

  it("an unchanged item keeps its version, a changed one gets the next, a missing one is retired", async () => {
    const dir = writeTinyBank(["js"]);
    const file = path.join(dir, "js", "syntax.json");
    const json = JSON.parse(fs.readFileSync(file, "utf8"));
    json.items[0].stem = "A reworded stem for the first Syntax item?";
    const removed = json.items.pop().id;
    // the domain still holds enough items: add one more to stay at the minimum
    json.items.push({ ...json.items[1], id: "js-syntax-999" });
    fs.writeFileSync(file, JSON.stringify(json));
    const s = await importBank(database.db, { dir });
    expect(s).toMatchObject({ added: 1, changed: 1, unchanged: 135, retired: 1 });
    const all = await rows();
    const first = all.filter((r) => r.itemId === "js-syntax-001").sort((a, b) => a.version - b.version);
    expect(first.map((r) => [r.version, r.state])).toEqual([
      [1, "retired"],
      [2, "approved"],
    ]);
    expect(all.find((r) => r.itemId === removed)!.state).toBe("retired");
    // importing the same bank again changes nothing
    expect(await importBank(database.db, { dir })).toMatchObject({ added: 0, changed: 0, retired: 0, unchanged: 137 });
  });

  it("a check whose keys come back in another order (a QTI export of PostgreSQL's jsonb) is the same content", () =>
    withFreshDatabase(async (other) => {
      const dir = writeTinyBank(["js"]);
      const file = path.join(dir, "js", "syntax.json");
      const json = JSON.parse(fs.readFileSync(file, "utf8"));
      json.items[0].check = { engine: "js", mode: "output", code: "console.log(1);" };
      fs.writeFileSync(file, JSON.stringify(json));
      expect(await importBank(other.db, { dir })).toMatchObject({ added: 137 });
      json.items[0].check = { code: "console.log(1);", mode: "output", engine: "js" };
      fs.writeFileSync(file, JSON.stringify(json));
      expect(await importBank(other.db, { dir })).toMatchObject({ added: 0, changed: 0, unchanged: 137 });
    }));

  it("two imports at once (two processes starting together) store each item once", () =>
    withFreshDatabase(async (other) => {
      const dir = writeTinyBank(["js"]);
      const [a, b] = await Promise.all([importBank(other.db, { dir }), importBank(other.db, { dir })]);
      expect([a.added, b.added].sort()).toEqual([0, 137]);
      expect([a.unchanged, b.unchanged].sort()).toEqual([0, 137]);
      expect(await other.db.select().from(examItems)).toHaveLength(137);
    }));

  it("stores nothing when any file has a problem, and lists every problem", async () => {
    const before = (await rows()).length;
    const dir = writeTinyBank(["js", "react"]);
    fs.rmSync(path.join(dir, "react", "styling.json"));
    const file = path.join(dir, "js", "loops.json");
    const json = JSON.parse(fs.readFileSync(file, "utf8"));
    json.items[0].key = 7;
    fs.writeFileSync(file, JSON.stringify(json));
    const err = await importBank(database.db, { dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BankProblemsError);
    const problems = (err as BankProblemsError).problems.join("\n");
    expect(problems).toMatch(/no file for the domain "Styling"/);
    expect(problems).toMatch(/loops\.json: items\.0\.key/);
    expect((await rows()).length).toBe(before);
    expect(await database.db.select().from(examItems).where(eq(examItems.certId, 3))).toHaveLength(0);
  });

  it("--bank must be the name the files declare", async () => {
    const err = await importBank(database.db, { dir: writeTinyBank(["js"]), bank: "acme-confidential" }).catch(
      (e: unknown) => e,
    );
    expect((err as BankProblemsError).problems.join()).toMatch(/not acme-confidential/);
  });
});

describe("start-up", () => {
  it("the server imports the bank when the database has no item, so exams can be delivered", async () => {
    const t = await testApp({ examBank: true }, { EXAM_BANK_DIR: writeTinyBank(["js", "htmlcss"]) });
    try {
      const items = await t.app.db.select({ certId: examItems.certId }).from(examItems);
      expect(new Set(items.map((i) => i.certId))).toEqual(new Set([1, 4]));
    } finally {
      await t.close();
    }
  });
});

describe("the repository's public sample bank", () => {
  it("imports whole and gives every delivered exam a 90-item form with the blueprint's counts", () =>
    withFreshDatabase(async (db) => {
      const s = await importBank(db.db, { dir: sampleBankDir });
      expect(s.bank).toBe("public-sample");
      expect(s.exams.sort()).toEqual(["htmlcss", "js", "mysql", "react"]);
      for (const exam of examsWithDetails) {
        const pool = await db.db.select().from(examItems).where(eq(examItems.certId, exam.id));
        const counts = deliveredCounts(exam.details.weights, exam.details.items);
        const form = assembleForm(
          newSeed(),
          { counts, pretest: 0 },
          pool.map((p) => ({ itemId: p.itemId, version: p.version, domain: p.domain, optionCount: p.options.length })),
        );
        expect(form).toHaveLength(90);
        for (const c of counts) expect(form.filter((p) => p.domain === c.domain)).toHaveLength(c.questions);
      }
    }));
});
