/**
 * Issue 15.3-15.5: the pages state only what policies.md states. These phrases were commitments or
 * contradictions of our own making (a deadline, rights, advice, a rule the appendix contradicts);
 * none may come back on any content page.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const invented: [RegExp, string][] = [
  [/Friday before/i, "a weekday deadline the test center policy never set"],
  [/neither page says/i, "the retake waits read together (7 days, then 14 before a third or later attempt)"],
  [/longer wait is always safe/i, "advice of our own about the retake wait"],
  [/relate to the certified subject/i, "a rule Appendix A contradicts (it accepts the wider IT field)"],
  [/do not sell personal information/i, "a privacy promise beyond policies.md"],
  [/correct it, or to have it deleted/i, "privacy rights beyond policies.md"],
  [/encryption in transit/i, "security promises beyond policies.md"],
  [/after the 72-hour window is not considered/i, "a Code of Ethics sanction has 30 days to appeal"],
];

const pages = fs
  .readdirSync(import.meta.dirname, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".mdx"))
  .map((f) => ({ file: f, src: fs.readFileSync(path.join(import.meta.dirname, f), "utf8").replace(/\s+/g, " ") }));

describe("no invented commitments on the content pages", () => {
  it("finds the content pages", () => {
    expect(pages.length).toBeGreaterThan(30);
  });
  it.each(invented)("nothing says %s (%s)", (phrase) => {
    expect(pages.filter((p) => phrase.test(p.src)).map((p) => p.file)).toEqual([]);
  });
});

describe("the appeal process policy", () => {
  const src = pages.find((p) => p.file.endsWith("appeal-process-policy.mdx"))!.src;
  it("keeps a Code of Ethics sanction out of the 72-hour list and gives it 30 days from notification", () => {
    const list = src.slice(src.indexOf("## What can be appealed"), src.indexOf("A score report"));
    expect(list).not.toMatch(/Code of Ethics/);
    expect(src).toContain("may be appealed **within 30 days of notification**");
  });
});
