import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { certifications, EXAM_MINUTES, examFormat, RECERTIFICATION_YEARS } from "./exams";
import { org } from "./org";

/**
 * Each exam and organisation fact lives once, in app/data/exams.ts or app/data/org.ts. Pages show
 * it through the data module (components/exams/ExamFacts in MDX, imports in route modules); this
 * test fails when one of those numbers is typed into an MDX page or a route module instead.
 */
const root = path.resolve(import.meta.dirname, "..");
const ONES = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
/** A whole number below 100 in words ("ninety", "seventy-three"), or undefined. */
function inWords(n: number): string | undefined {
  if (!Number.isInteger(n) || n <= 0 || n >= 100) return undefined;
  if (n < ONES.length) return ONES[n];
  if (n < 20) return undefined;
  return TENS[Math.floor(n / 10)] + (n % 10 ? `[\\s-]${ONES[n % 10]}` : "");
}
/** The number in digits (not inside a longer number) or in words. */
const num = (n: number | string) => {
  const digits = `(?<![\\d.,])${String(n).replace(".", "\\.")}`;
  const words = inWords(Number(n));
  return words ? `(?:${digits}|\\b${words})` : digits;
};

/** [what the fact is, a pattern that finds it typed out] */
export const typedFactPatterns: [string, RegExp][] = [
  ...[...new Set(certifications.flatMap((c) => (c.details ? [c.details.passingScore] : [])))].map(
    (score): [string, RegExp] => [
      `passing score ${score}`,
      new RegExp(`${num(score.replace("%", ""))}\\s*(?:%|per\\s?cent\\b)`, "i"),
    ],
  ),
  ...[...new Set(certifications.map((c) => c.nonMemberPrice))].map((price): [string, RegExp] => {
    const whole = price.replace(/^\$/, "").replace(/\.00$/, "").replace(",", ",?");
    return [
      `price ${price}`,
      new RegExp(`(?:\\$|\\bUSD)\\s*${whole}(?:\\.00)?(?![\\d])|${num(whole)}(?:\\.00)?\\s*(?:dollars|USD)`, "i"),
    ];
  }),
  [
    `exam length ${examFormat.length}`,
    new RegExp(
      `${num(EXAM_MINUTES)}[\\s-]*(?:minutes?|mins?)\\b` +
        (EXAM_MINUTES % 60 === 30 ? `|${num((EXAM_MINUTES - 30) / 60)}\\s+and\\s+a\\s+half\\s+hours?` : "") +
        `|${num(String(EXAM_MINUTES / 60))}[\\s-]*hours?\\b`,
      "i",
    ),
  ],
  [
    `${examFormat.items} items per exam`,
    new RegExp(
      `${num(examFormat.items)}\\s+(?:[\\w-]+\\s+){0,2}(?:items|questions)\\b|\\b(?:items|questions)\\W{0,8}${examFormat.items}(?![\\d])`,
      "i",
    ),
  ],
  [
    `validity of ${RECERTIFICATION_YEARS} years`,
    new RegExp(`${num(RECERTIFICATION_YEARS)}[\\s-]*years?\\b`, "i"),
  ],
  ["the e-mail address", new RegExp(org.email.replace(/\./g, "\\."), "i")],
  ["the phone number", new RegExp(org.phone.display.slice(-8).replace(/[-]/g, "[-. ]?"))],
  ["the street address", new RegExp(org.address.street.split(",")[0]!, "i")],
  ["the postal code", new RegExp(`\\b${org.address.postalCode}\\b`)],
  ["the office hours", new RegExp(org.hours.replace(/-/g, "\\s*-\\s*").replace(/ /g, "\\s*"), "i")],
];

export function typedFacts(text: string): string[] {
  return typedFactPatterns.filter(([, re]) => re.test(text)).map(([what, re]) => `${what}: "${re.exec(text)![0]}"`);
}

function files(dir: string, test: (name: string) => boolean): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

const pages = [
  ...files("content", (n) => n.endsWith(".mdx")),
  ...files("routes", (n) => n.endsWith(".tsx") && !n.includes(".test.")),
];

describe("the detector", () => {
  it.each([
    "To pass you need 73% on JavaScript.",
    "| MySQL | 70 % |",
    "a score of 75 percent",
    "only $999 per exam",
    "Price: $999.00",
    "Every exam is 90 minutes long.",
    "a single 90-minute sitting",
    "with 90 multiple-choice items",
    "- **Number of items:** 90",
    "valid for 3 years",
    "during the three years",
    "summary: A certification is valid for 3 years; renewal takes 20 units.",
    "summary: The passing score of each exam, from 70% (MySQL) to 75% (HTML and CSS).",
    "a pass mark of seventy-three per cent",
    "ninety minutes to answer ninety questions",
    "one and a half hours",
    "a 1.5-hour exam",
    "USD 999 per exam",
    "Write to support@citb.example.",
    "Call (800) 555-0142.",
    "100 N Broadway Ave, Suite 1200",
    "Oklahoma City, OK 73102",
    "Mon-Fri 9AM-5PM CST",
  ])("finds a fact typed in %j", (text) => {
    expect(typedFacts(text)).not.toEqual([]);
  });

  it.each([
    "A **30-minute extension** on top of the standard exam time.",
    "you have <ExamLength plusMinutes={30} /> to answer",
    "- **Number of items:** <ExamItems />",
    "A 90-day grace period follows the renewal date.",
    "refunds within 5-7 business days",
    "Internet: at least 1 Mbps; 100% scaling on Windows",
    "The policy was last reviewed in 1990.",
    "a 190-minute marathon, 173% growth",
    "summary: How a certification is kept: units earned during its cycle and a grace period.",
    "seventy candidates, ninety days, three attempts",
    "$9990 and $1999",
  ])("lets %j pass", (text) => {
    expect(typedFacts(text)).toEqual([]);
  });
});

describe("pages and route modules take exam and organisation facts from app/data", () => {
  it("scans every MDX page and route module", () => {
    expect(pages.filter((p) => p.endsWith(".mdx")).length).toBeGreaterThan(25);
    expect(pages).toContain("routes/home.tsx");
  });

  it.each(pages)("app/%s types none of them", (file) => {
    // The whole file, frontmatter included: a summary is shown in the page header, the indexes and the meta
    // description, and YAML cannot hold a component, so a summary names the fact without its number.
    expect(typedFacts(fs.readFileSync(path.join(root, file), "utf8"))).toEqual([]);
  });
});
