/**
 * The organisational policy library's sources against the specification (policies.md §2, §4, §6, §9 and
 * site.md §2): every page is at its route in its section with its back link and document control, reads
 * the contact details from app/data/org.ts, and the index lists the 13 policies. The facts each page
 * states are checked on the served pages, where a reader meets them: tests/e2e/facts.spec.ts with
 * tests/e2e/content-facts.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { org } from "~/data/org";
import { appendixDocument } from "../appendix/ceu-scoring";
import { contentDir, contentFiles, readFrontmatter } from "../pipeline.server";

interface PageSource {
  route: string;
  section: "policy" | "info";
  backToPolicies: boolean;
}

const back = { href: "/policies-page", label: "Back to Policies" };
const orgImport = 'import { org } from "~/data/org";';

const pages: Record<string, PageSource> = {
  "policy/index.mdx": {
    route: "/policies-page",
    section: "policy",
    backToPolicies: false,
  },
  "policy/appeal-process-policy.mdx": {
    route: "/policy/appeal-process-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/outsourcing-and-collaborative-partnership-policy.mdx": {
    route: "/policy/outsourcing-and-collaborative-partnership-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/internal-audit-policy.mdx": {
    route: "/policy/internal-audit-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/invalidating-a-certification-policy.mdx": {
    route: "/policy/invalidating-a-certification-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/candidate-certification-use-and-recertification-policy.mdx": {
    route: "/policy/candidate-certification-use-and-recertification-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/complaint-process-policy.mdx": {
    route: "/policy/complaint-process-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/advisory-board-composition-and-responsibilities.mdx": {
    route: "/policy/advisory-board-composition-and-responsibilities",
    section: "policy",
    backToPolicies: true,
  },
  "policy/nondiscrimination-policy.mdx": {
    route: "/policy/nondiscrimination-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/document-control-policy.mdx": {
    route: "/policy/document-control-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/internal-personnel-policy.mdx": {
    route: "/policy/internal-personnel-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/management-review-policy.mdx": {
    route: "/policy/management-review-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/privacy-confidentiality-and-security-policy.mdx": {
    route: "/policy/privacy-confidentiality-and-security-policy",
    section: "policy",
    backToPolicies: true,
  },
  "policy/recert-policy.mdx": {
    route: "/policy/recert-policy",
    section: "policy",
    backToPolicies: true,
  },
  "info/code-of-ethics.mdx": {
    route: "/code-of-ethics",
    section: "info",
    backToPolicies: false,
  },
  "info/policy-renewal-page.mdx": {
    route: "/policy-renewal-page",
    section: "info",
    backToPolicies: true,
  },
};

/** Page source with whitespace runs collapsed. */
function normalise(src: string) {
  return src.replace(/\s+/g, " ");
}

const read = (rel: string) => fs.readFileSync(path.join(contentDir, rel), "utf8");

describe.each(Object.entries(pages))("%s", (rel, page) => {
  it("is at its route in its section, with the effective date, version and back link", () => {
    const fm = readFrontmatter(path.join(contentDir, rel));
    expect(fm.route).toBe(page.route);
    expect(fm.section).toBe(page.section);
    expect(fm.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fm.version).toMatch(/^\d+\.\d+$/);
    if (page.backToPolicies) expect(fm.backLink).toEqual(back);
    else expect(fm.backLink).toBeUndefined();
  });

  it("reads the organisation's e-mail and hours from app/data/org instead of typing them", () => {
    const src = read(rel);
    expect(src).not.toContain(org.email);
    expect(src).not.toContain(org.hours);
    if (src.includes("{org.")) expect(src).toContain(orgImport);
  });
});

describe("the policies index", () => {
  it("lists exactly the 13 organisational policies, including /policy/recert-policy", () => {
    // the rule of app/components/ContentIndex.tsx: pages whose listedIn (default: section) is "policy"
    const listed = contentFiles()
      .map((f) => readFrontmatter(f))
      .filter((fm) => fm.kind === "page" && (fm.listedIn ?? fm.section) === "policy")
      .map((fm) => fm.route)
      .sort();
    const expected = Object.values(pages)
      .filter((p) => p.section === "policy" && p.route !== "/policies-page")
      .map((p) => p.route)
      .sort();
    expect(expected).toHaveLength(13);
    expect(expected.filter((r) => r.startsWith("/policy/") && r !== "/policy/recert-policy")).toHaveLength(12);
    expect(listed).toEqual(expected);
  });

  it("is the one policy index page", () => {
    const indexes = contentFiles()
      .map((f) => readFrontmatter(f))
      .filter((fm) => fm.kind === "index" && fm.lists === "policy");
    expect(indexes.map((fm) => fm.route)).toEqual(["/policies-page"]);
  });
});

describe("the recertification document table", () => {
  it("matches the appendix the build generates (size, poster, date, link)", () => {
    const src = normalise(read("policy/recert-policy.mdx"));
    expect(src).toContain(`href="${appendixDocument.href}"`);
    expect(src).toContain(`${appendixDocument.item} `);
    expect(src).toContain(appendixDocument.sizeLabel);
    expect(src).toContain(`<td>${appendixDocument.postedBy}</td>`);
    expect(src).toContain(`<td>${appendixDocument.datePosted}</td>`);
    expect(appendixDocument.sizeBytes / 1024).toBe(142.25);
  });
});
