import { expect, test } from "@playwright/test";
import { servedFacts } from "./content-facts";
import { catalog } from "../../app/content/pipeline.server";

const decode = (s: string) =>
  s
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** The text a reader sees in a piece of HTML: no tags, entities decoded, whitespace collapsed. */
const textOf = (html: string) =>
  decode(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
/** The text of a cell, without the space tag stripping leaves before punctuation. */
const cellText = (html: string) =>
  textOf(html)
    .replace(/ ([.,;:)])/g, "$1")
    .replace(/\( /g, "(");

/** The main content of a served page, and what the checks read from it. */
function read(html: string) {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
  const body = main.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "");
  return {
    text: cellText(body),
    links: [...body.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => decode(m[1]!)),
    headings: [...body.matchAll(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/g)].map((m) => textOf(m[1]!)),
    rows: [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((tr) =>
      [...tr[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => cellText(c[1]!)),
    ),
  };
}

test("every policy, testing and information page has its facts checked on the served page", () => {
  const contentPages = catalog().filter((e) => e.section !== "blog");
  expect(contentPages.length).toBeGreaterThan(30);
  expect(contentPages.map((e) => e.route).sort()).toEqual(servedFacts.map((p) => p.route).sort());
});

for (const page of servedFacts) {
  test(`${page.route} states its facts to the reader`, async ({ request }) => {
    const res = await request.get(page.route);
    expect(res.status()).toBe(200);
    const served = read(await res.text());
    expect(
      page.text.filter((t) => !served.text.includes(t)),
      "phrases missing from the page's text",
    ).toEqual([]);
    expect(
      (page.links ?? []).filter((l) => !served.links.includes(l)),
      "links missing",
    ).toEqual([]);
    expect(
      (page.headings ?? []).filter((h) => !served.headings.includes(h)),
      "headings missing",
    ).toEqual([]);
    const hasRow = (row: string[]) =>
      served.rows.some((r) => r.length === row.length && r.every((c, i) => c === row[i]));
    expect(
      (page.rows ?? []).filter((row) => !hasRow(row)),
      "table rows missing (cells of a <tr>)",
    ).toEqual([]);
  });
}
