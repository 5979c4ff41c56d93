import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir, contentFiles, readFrontmatter } from "../../../scripts/content";

/**
 * Every fact of spec/policies.md (§2, §4, §5, §9) that belongs to a testing page, checked against
 * the MDX source (frontmatter + body). Removing a fact from a page makes this test fail.
 */
const BACK_TESTING = { href: "/testing-policies", label: "Back to Testing Policies" };
const BACK_POLICIES = { href: "/policies-page", label: "Back to Policies" };

interface PageFacts {
  file: string;
  route: string;
  backLink?: { href: string; label: string };
  facts: string[];
}

const pages: PageFacts[] = [
  {
    file: "testing/accommodations.mdx",
    route: "/testing/accommodations",
    backLink: BACK_TESTING,
    facts: [
      "30-minute extension",
      "English exam",
      "non-English-speaking nation",
      "automatic",
      "Quebec",
      "contact support",
      "/special-accommodations",
    ],
  },
  {
    file: "testing/exam-scoring.mdx",
    route: "/testing/exam-scoring",
    backLink: BACK_TESTING,
    facts: [
      "indeterminate",
      "invalid for certification",
      "free retake",
      "<PassingScores />",
      "<ExamLength />",
      "<ExamItems />",
      "/credentials",
      "/jsexam-details-page",
      "/mysqlexam-details-page",
      "/reactexam-details-page",
      "/htmlcssexam-details-page",
      "score report",
    ],
  },
  {
    file: "testing/exam-content.mdx",
    route: "/testing/exam-content",
    backLink: BACK_TESTING,
    facts: [
      "not share exam content",
      "subject matter expert",
      "non-disclosure agreement",
      "NDA",
      "trainers and authors who could profit",
      "ineligible",
    ],
  },
  {
    file: "testing/exam-feedback.mdx",
    route: "/testing/exam-feedback",
    backLink: BACK_TESTING,
    facts: ["formal feedback ticket", "{org.email}", "/testing/exam-content"],
  },
  {
    file: "testing/candidate-retesting.mdx",
    route: "/testing/candidate-retesting",
    backLink: BACK_TESTING,
    facts: [
      "After an unsuccessful attempt, wait at least **7 days** before you retest",
      "Before a **third or later attempt** at the same exam, wait at least **14 days**",
      "bars you from retaking it",
      "consent",
      "new version of the exam",
      "/testing/retesting-policy",
    ],
  },
  {
    file: "testing/candidate-photograph.mdx",
    route: "/testing/candidate-photograph",
    backLink: BACK_TESTING,
    facts: [
      "test center administrator",
      "photographs each candidate",
      "refuses the photograph is ineligible",
      "appears on your score report",
    ],
  },
  {
    file: "testing/test-center-policy.mdx",
    route: "/testing/test-center-policy",
    backLink: BACK_TESTING,
    facts: [
      "at least 24 hours (one business day) before",
      "the exam fee is lost",
      "may take up to 3 days",
      "suspended",
      "reinstated",
      "corrective plan",
      "five integrity audits within a year",
      "fails an audit",
      "closed indefinitely",
    ],
  },
  {
    file: "testing/online-exam-policy.mdx",
    route: "/testing/online-exam-policy",
    backLink: BACK_TESTING,
    facts: [
      "up to the scheduled start time",
      "support e-mail",
      "the exam fee is forfeited",
      "front and back",
      "by e-mail",
      "four photos of your testing area",
      "room scan",
      "system test takes 5 to 10 minutes",
      "1 Mbps",
      "webcam",
      "100%",
    ],
  },
  {
    file: "testing/id-policy.mdx",
    route: "/testing/id-policy",
    backLink: BACK_TESTING,
    facts: [
      "match the first and last names on your ID exactly",
      "two original, valid, unexpired IDs",
      "Primary ID",
      "name, photo and signature",
      "Secondary ID",
      "issued by the country where you take the test",
      "international passport\nplus a secondary ID",
      "aged 17 and under",
      "photo ID",
      "guardian",
      "government-issued ID",
      "signs the log-in sheet",
      "authorization for each test",
      "country of residence",
    ],
  },
  {
    file: "testing/testing-agreement.mdx",
    route: "/testing/testing-agreement",
    backLink: BACK_TESTING,
    facts: [
      "accept this agreement before your exam",
      "the exam fee is forfeited",
      "valid and active",
      "1 Mbps down and up",
      "webcam",
      "100% scaling on Windows",
      "on Mac",
      "English language is required",
      "scribe may not have a cybersecurity background",
      "Confidentiality",
      "Conduct during the exam",
      "two original, valid, unexpired IDs",
      "photograph",
      "country of residence",
      "5 to 10 minutes",
      "four photos of your testing area and a room scan",
      "30-minute extension",
      "indeterminate",
      "free retake",
      "24 hours (one business day)",
      "non-refundable",
      "at least 7 days after the unsuccessful attempt",
      "before a third or later\nattempt the wait is at least 14 days",
      "new exam version",
      "/testing/id-policy",
      "/testing/candidate-photograph",
      "/testing/retesting-policy",
    ],
  },
  {
    file: "testing/delivery-of-exam.mdx",
    route: "/testing/delivery-of-exam",
    backLink: BACK_TESTING,
    facts: [
      "Length:** <ExamLength />",
      "Number of items:** <ExamItems />",
      "multiple choice",
      "English",
      "/testing/online-exam-policy",
      "/testing/test-center-policy",
      "/testing-options",
    ],
  },
  {
    file: "testing/retesting-policy.mdx",
    route: "/testing/retesting-policy",
    backLink: BACK_TESTING,
    facts: [
      "7-day retest wait",
      "After an unsuccessful attempt, wait at least **7 days** before you retest",
      "Before a **third or later attempt**, wait at least **14 days**",
      "/testing/candidate-retesting",
      "/credentials",
    ],
  },
  {
    file: "testing/refund-policy.mdx",
    route: "/testing/refund-policy",
    backLink: BACK_TESTING,
    facts: ["only within 24 hours of purchase", "5-7 business days", "exam registration fee is non-refundable"],
  },
  {
    file: "info/special-accommodations.mdx",
    route: "/special-accommodations",
    backLink: BACK_POLICIES,
    facts: [
      "at least 20 days before you register",
      "within 7 days",
      "7 business days",
      "ready 15 minutes early",
      "1. **Submission:**",
      "2. **Acknowledgement e-mail:**",
      "3. **Review:**",
      "4. **Determination e-mail:**",
      "5. **Registration:**",
      "/testing/accommodations",
      "30-minute extension",
    ],
  },
  {
    file: "info/testing-options.mdx",
    route: "/testing-options",
    facts: [
      "1. **Choose your exam.**",
      "2. **Read the testing policies.**",
      "3. **Check your equipment.**",
      "4. **Buy and schedule your exam.**",
      "5. **Check in and take your exam.**",
      "](/testing-policies)",
      "](/testing/testing-agreement)",
      "**<ExamLength />**",
      "online proctoring",
      "system test",
      "5 to 10 minutes",
      "1 Mbps",
      "webcam",
    ],
  },
];

const TESTING_ROUTES = [
  "/testing/accommodations",
  "/testing/exam-scoring",
  "/testing/exam-content",
  "/testing/exam-feedback",
  "/testing/candidate-retesting",
  "/testing/candidate-photograph",
  "/testing/test-center-policy",
  "/testing/online-exam-policy",
  "/testing/id-policy",
  "/testing/testing-agreement",
  "/testing/delivery-of-exam",
  "/testing/retesting-policy",
  "/testing/refund-policy",
];

const source = (file: string) => fs.readFileSync(path.join(contentDir, file), "utf8");

describe.each(pages)("$route", (page) => {
  const file = path.join(contentDir, page.file);
  const src = source(page.file);
  const fm = readFrontmatter(file);

  it("has the route and back link of the spec", () => {
    expect(fm.route).toBe(page.route);
    expect(fm.kind).toBe("page");
    expect(fm.backLink).toEqual(page.backLink);
    expect(fm.effectiveDate).toBe("2024-08-01");
    // The layout reads the MDX `frontmatter` export, which has no zod defaults: state the kind.
    expect(src).toMatch(/^kind: page$/m);
  });

  it.each(page.facts)("states %j", (fact) => {
    expect(src).toContain(fact);
  });

  it("takes the support contact from app/data/org.ts instead of typing it", () => {
    expect(src).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(src).not.toMatch(/\(\d{3}\) \d{3}-\d{4}/);
    if (src.includes("org.")) expect(src).toContain('import { org } from "~/data/org";');
  });

  it("has several sections and no h1 in the body", () => {
    const body = src.replace(/^---[\s\S]*?\n---/, "");
    expect(body.match(/^## /gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(body).not.toMatch(/^# /m);
  });
});

describe("the testing agreement", () => {
  it("has 14 numbered sections, in order", () => {
    const headings = [...source("testing/testing-agreement.mdx").matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
    expect(headings).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });
});

describe("the testing policies index", () => {
  const all = contentFiles().map((file) => ({ file, fm: readFrontmatter(file) }));

  it("is served at /testing-policies and /testing and lists testing pages", () => {
    const index = all.find((p) => p.fm.route === "/testing-policies");
    expect(index?.fm.kind).toBe("index");
    expect(index?.fm.lists).toBe("testing");
    expect(index?.fm.aliases).toEqual(["/testing"]);
  });

  it("lists exactly the 13 testing policy routes of the spec", () => {
    const listed = all
      .filter((p) => p.fm.kind === "page" && (p.fm.listedIn ?? p.fm.section) === "testing")
      .map((p) => p.fm.route);
    expect([...listed].sort()).toEqual([...TESTING_ROUTES].sort());
  });

  it("orders the 13 pages with distinct order numbers", () => {
    const orders = all.filter((p) => TESTING_ROUTES.includes(p.fm.route)).map((p) => p.fm.order);
    expect(new Set(orders).size).toBe(13);
    expect(orders.every((o) => typeof o === "number")).toBe(true);
  });

  it("keeps the info pages out of the policy indexes", () => {
    for (const r of ["/special-accommodations", "/testing-options"]) {
      const p = all.find((x) => x.fm.route === r);
      expect(p?.fm.section).toBe("info");
      expect(p?.fm.listedIn).toBeUndefined();
    }
  });
});
