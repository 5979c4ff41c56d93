import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examsWithDetails } from "../../app/data/exams";
import { examItems } from "../db/schema";
import { BankProblemsError, importBank } from "../exams/bank/import";
import { loadExamBank, sampleBankDir } from "../exams/bank/load";
import { freshDatabase, withFreshDatabase, type FreshDatabase } from "../testing/helpers";
import { fieldsOf } from "./bank";
import { fromQtiPackage, importQtiPackage, itemXml, storedBankFiles, toQtiPackage } from "./qti";

const sample = examsWithDetails.flatMap((e) => loadExamBank(e.slug, sampleBankDir).files);

describe("QTI 3.0 packages (issue 30.7)", () => {
  it("an item is a choice interaction with its correct response and the match_correct response processing", () => {
    const item = sample[0]!.items[0]!;
    const xml = itemXml(item);
    expect(xml).toContain('<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"');
    expect(xml).toContain(
      '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">',
    );
    expect(xml).toContain(`<qti-correct-response>\n      <qti-value>${"ABCD"[item.key]}</qti-value>`);
    expect(xml).toContain('<qti-choice-interaction response-identifier="RESPONSE" shuffle="true" max-choices="1">');
    expect(xml.match(/<qti-simple-choice identifier="[ABCD]">/g)).toHaveLength(4);
    expect(xml).toContain(
      '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>',
    );
    const files = unzipSync(toQtiPackage([sample[0]!]));
    expect(strFromU8(files["imsmanifest.xml"]!)).toContain(`type="imsqti_item_xmlv3p0" href="items/${item.id}.xml"`);
  });

  it("the whole sample bank round-trips: package → files equal, every character of code and prose kept", () => {
    const back = fromQtiPackage(toQtiPackage(sample));
    expect(back.problems).toEqual([]);
    expect(back.files).toEqual(sample);
    expect(sample.reduce((n, f) => n + f.items.length, 0)).toBeGreaterThan(400);
  });

  it("reports every problem of a package, item by item", () => {
    const entries = unzipSync(toQtiPackage([sample[0]!]));
    const [a, b, c] = sample[0]!.items;
    entries[`items/${a!.id}.xml`] = strToU8(
      strFromU8(entries[`items/${a!.id}.xml`]!).replace(/<qti-correct-response>[\s\S]*?<\/qti-correct-response>/, ""),
    );
    entries[`items/${b!.id}.xml`] = strToU8(
      strFromU8(entries[`items/${b!.id}.xml`]!)
        .replace(/<qti-simple-choice identifier="D">[^<]*<\/qti-simple-choice>/, "")
        .replace("match_correct", "map_response"),
    );
    delete entries[`items/${c!.id}.xml`];
    const { problems } = fromQtiPackage(zipSync(entries));
    expect(problems).toEqual(
      [
        `items/${a!.id}.xml: the qti-correct-response must name exactly one of the choices`,
        `items/${b!.id}.xml: qti-response-processing must use the match_correct template`,
        `items/${b!.id}.xml: 3 qti-simple-choice, 4 needed`,
        `items/${b!.id}.xml: the qti-correct-response must name exactly one of the choices`,
        `items/${c!.id}.xml: named in imsmanifest.xml but not in the package`,
      ].filter((p) => !(p.startsWith(`items/${b!.id}.xml: the qti-correct`) && b!.key !== 3)),
    );
    expect(fromQtiPackage(strToU8("not a zip")).problems[0]).toMatch(/^not a zip package/);
  });
});

describe("export from and import into the database", () => {
  let db: FreshDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
    await importBank(db.db, { dir: sampleBankDir });
  }, 180_000);
  afterAll(() => db.drop());

  it("exports the stored bank; a fresh database importing the package stores the same items", async () => {
    const zip = toQtiPackage(await storedBankFiles(db.db));
    await withFreshDatabase(async (other) => {
      const summary = await importQtiPackage(other.db, zip);
      const content = (rows: (typeof examItems.$inferSelect)[]) =>
        rows
          .filter((r) => r.state === "approved")
          .map((r) => ({ itemId: r.itemId, certId: r.certId, ...fieldsOf(r), bank: r.bank }))
          .sort((a, b) => (a.itemId < b.itemId ? -1 : 1));
      const source = content(await db.db.select().from(examItems));
      expect(summary).toMatchObject({ bank: "public-sample", added: source.length, changed: 0, retired: 0 });
      expect(content(await other.db.select().from(examItems))).toEqual(source);
    });
  }, 120_000);

  it("an import with a problem stores nothing and lists every problem", async () => {
    const files = await storedBankFiles(db.db);
    const edited = files.map((f, i) =>
      i === 0
        ? { ...f, items: f.items.map((it, j) => (j === 0 ? { ...it, stem: "Changed stem: which is right?" } : it)) }
        : f,
    );
    const entries = unzipSync(toQtiPackage(edited));
    const bad = edited[1]!.items[0]!.id;
    entries[`items/${bad}.xml`] = strToU8("<qti-assessment-item");
    const before = await db.db.select().from(examItems);
    const err = await importQtiPackage(db.db, zipSync(entries)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BankProblemsError);
    expect((err as BankProblemsError).problems).toEqual([
      expect.stringMatching(new RegExp(`^items/${bad}.xml: not well-formed XML`)),
    ]);
    expect(await db.db.select().from(examItems)).toEqual(before);
  });
});
