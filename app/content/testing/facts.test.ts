import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir, contentFiles, readFrontmatter } from "../pipeline.server";

/**
 * The testing pages' sources: route, back link, document control, contact details read from app/data/org.ts,
 * sections. Their facts (spec/policies.md §2, §4, §5, §9) are checked on the served pages, where a reader
 * meets them: tests/e2e/facts.spec.ts with tests/e2e/content-facts.ts.
 */
const BACK_TESTING = { href: "/testing-policies", label: "Back to Testing Policies" };
const BACK_POLICIES = { href: "/policies-page", label: "Back to Policies" };

interface PageSource {
  file: string;
  route: string;
  backLink?: { href: string; label: string };
  /** a page changed after the first edition (document control: version raised, new effective date) */
  effectiveDate?: string;
}

const pages: PageSource[] = [
  {
    file: "testing/accommodations.mdx",
    route: "/testing/accommodations",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/exam-scoring.mdx",
    route: "/testing/exam-scoring",
    backLink: BACK_TESTING,
    // version 1.1: the unscored pretest items (issue 30.3)
    effectiveDate: "2026-11-28",
  },
  {
    file: "testing/exam-content.mdx",
    route: "/testing/exam-content",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/exam-feedback.mdx",
    route: "/testing/exam-feedback",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/candidate-retesting.mdx",
    route: "/testing/candidate-retesting",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/candidate-photograph.mdx",
    route: "/testing/candidate-photograph",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/test-center-policy.mdx",
    route: "/testing/test-center-policy",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/online-exam-policy.mdx",
    route: "/testing/online-exam-policy",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/id-policy.mdx",
    route: "/testing/id-policy",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/testing-agreement.mdx",
    route: "/testing/testing-agreement",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/delivery-of-exam.mdx",
    route: "/testing/delivery-of-exam",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/retesting-policy.mdx",
    route: "/testing/retesting-policy",
    backLink: BACK_TESTING,
  },
  {
    file: "testing/refund-policy.mdx",
    route: "/testing/refund-policy",
    backLink: BACK_TESTING,
  },
  {
    file: "info/special-accommodations.mdx",
    route: "/special-accommodations",
    backLink: BACK_POLICIES,
  },
  {
    file: "info/testing-options.mdx",
    route: "/testing-options",
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
    expect(fm.effectiveDate).toBe(page.effectiveDate ?? "2024-08-01");
    // The layout reads the MDX `frontmatter` export, which has no zod defaults: state the kind.
    expect(src).toMatch(/^kind: page$/m);
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
