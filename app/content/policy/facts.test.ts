/**
 * The organisational policy library against the specification (policies.md §2, §4, §6, §9 and
 * site.md §2): every page is at its route with its back link, and every number, rule and link the
 * spec gives it is in its MDX source. Each fact is also removed from the source once, to prove that
 * the check would catch it going missing.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { org } from "~/data/org";
import { appendixDocument } from "../../../scripts/appendix/ceu-scoring";
import { contentDir, contentFiles, readFrontmatter } from "../../../scripts/content";

type Fact = string | RegExp;

interface PageFacts {
  route: string;
  section: "policy" | "info";
  backToPolicies: boolean;
  facts: Fact[];
}

const back = { href: "/policies-page", label: "Back to Policies" };
const mailLink = "<a href={`mailto:${org.email}`}>{org.email}</a>";
const orgImport = 'import { org } from "~/data/org";';

const pages: Record<string, PageFacts> = {
  "policy/index.mdx": {
    route: "/policies-page",
    section: "policy",
    backToPolicies: false,
    facts: [
      "**Candidates**",
      "**Certified persons**",
      "**Auditors and partners**",
      "effective date and version",
      "[Certification Renewal Policy](/policy-renewal-page)",
      "[Special Accommodations](/special-accommodations)",
    ],
  },
  "policy/appeal-process-policy.mdx": {
    route: "/policy/appeal-process-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      "submitted within 72 hours of the decision",
      "processed within 72 hours",
      "sanction imposed under the [Code of Ethics](/code-of-ethics) has its own deadline",
      "**within 30 days of notification**",
      "Appeals Committee",
      "Decisions of the Appeals Committee are final and binding",
      "Provider staff",
      "score report",
    ],
  },
  "policy/outsourcing-and-collaborative-partnership-policy.mdx": {
    route: "/policy/outsourcing-and-collaborative-partnership-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      "never outsourced",
      "written agreement",
      "five passed integrity audits within a year",
      "closed indefinitely",
    ],
  },
  "policy/internal-audit-policy.mdx": {
    route: "/policy/internal-audit-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      "five integrity audits within a year",
      "corrective plan",
      "closed indefinitely",
      "proctors, exam/proctor coordinators and test center administrators",
      "subject matter experts",
      "(/policy/management-review-policy)",
    ],
  },
  "policy/invalidating-a-certification-policy.mdx": {
    route: "/policy/invalidating-a-certification-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      "**after an investigation**",
      "**Fraud**",
      "**Misconduct**",
      "**Non-compliance**",
      "**A legal requirement**",
      "written **notice**",
      "(/policy/appeal-process-policy)",
      "within 72 hours of the decision and is processed within 72 hours",
    ],
  },
  "policy/candidate-certification-use-and-recertification-policy.mdx": {
    route: "/policy/candidate-certification-use-and-recertification-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      "[Credentials](/credentials)",
      "passing score",
      "**valid for <RecertificationYears /> years**",
      "**90-day grace period**",
      "**20 continuing education units (20 CEUs)**",
      "at least 30 days before the renewal date",
      "**expired certification requires retaking and passing the exam**",
      "lapses and recertification is needed",
    ],
  },
  "policy/complaint-process-policy.mdx": {
    route: "/policy/complaint-process-policy",
    section: "policy",
    backToPolicies: true,
    facts: ["**within 30 days of the issue**", orgImport, mailLink, "{org.hours}", "test center administrator"],
  },
  "policy/advisory-board-composition-and-responsibilities.mdx": {
    route: "/policy/advisory-board-composition-and-responsibilities",
    section: "policy",
    backToPolicies: true,
    facts: [
      "subject matter experts",
      "non-disclosure agreement",
      "trainer or author who could profit",
      "Appeals Committee",
    ],
  },
  "policy/nondiscrimination-policy.mdx": {
    route: "/policy/nondiscrimination-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      "a scribe may not have a cybersecurity background",
      "(/special-accommodations)",
      "No prior training or membership is required",
      "veteran",
    ],
  },
  "policy/document-control-policy.mdx": {
    route: "/policy/document-control-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      "an **effective date**",
      "a **version** number",
      "an **owner**",
      "its **review** history",
      "its **approval**",
      "## Archiving",
      "This site shows the effective date and version on each policy page",
    ],
  },
  "policy/internal-personnel-policy.mdx": {
    route: "/policy/internal-personnel-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      "**Provider staff**",
      "**Proctors**",
      "**Exam/proctor coordinators**",
      "**Test center administrators**",
      "photograph candidates",
      "**Scribes**",
      "**Subject matter experts**",
      "**The Appeals Committee**",
      "non-disclosure agreement",
    ],
  },
  "policy/management-review-policy.mdx": {
    route: "/policy/management-review-policy",
    section: "policy",
    backToPolicies: true,
    facts: ["**at least annually**", "quarterly penetration tests", "appeals and complaints"],
  },
  "policy/privacy-confidentiality-and-security-policy.mdx": {
    route: "/policy/privacy-confidentiality-and-security-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      "## Penetration testing",
      "**quarterly** penetration test",
      "### Scope",
      "### Methodology",
      "### Vulnerability remediation",
      "### Reporting",
      "### Compliance with a cybersecurity maturity certification framework",
      "### Continuous improvement",
      "non-disclosure agreement",
      mailLink,
    ],
  },
  "policy/recert-policy.mdx": {
    route: "/policy/recert-policy",
    section: "policy",
    backToPolicies: true,
    facts: [
      '<th scope="col">Item</th>',
      '<th scope="col">Posted by</th>',
      '<th scope="col">Date posted</th>',
      /<a href="\/Appendix_A_CEU_Scoring\.pdf" target="_blank" rel="noopener noreferrer">Appendix A: CEU Scoring [^<]*<span[^>]*>\(PDF, 142\.25 KB, opens in a new tab\)<\/span><\/a>/,
      "<td>Administration</td>",
      "<td>10/2/2023</td>",
      "valid for <RecertificationYears /> years",
      "**20 continuing education units (CEUs)**",
      "90-day grace period",
      "at least 30 days before the renewal date",
      "retaking and passing the exam",
    ],
  },
  "info/code-of-ethics.mdx": {
    route: "/code-of-ethics",
    section: "info",
    backToPolicies: false,
    facts: [
      "## Principles",
      "**written notice**",
      "**30 days to appeal**",
      "**at least 12 months**",
      "**within 30 days of notification**",
      "final and binding",
      mailLink,
    ],
  },
  "info/policy-renewal-page.mdx": {
    route: "/policy-renewal-page",
    section: "info",
    backToPolicies: true,
    facts: [
      "**valid for <RecertificationYears /> years**",
      "**written notice at least 30 days before renewal**",
      "A 90-day grace period follows the renewal date, in which you can still pay the fee and upload your units",
      "**20 continuing education units**",
      "After the grace period the certification lapses and recertification is needed",
      "An expired certification requires retaking and passing the exam",
      /<ol>\s*(<li>[\s\S]*?<\/li>\s*){5}<\/ol>/,
    ],
  },
};

/** Page source with whitespace runs collapsed, so facts may wrap across lines in the MDX. */
function normalise(src: string) {
  return src.replace(/\s+/g, " ");
}

function has(src: string, fact: Fact) {
  return typeof fact === "string" ? src.includes(fact) : fact.test(src);
}

/** The facts a page source lacks. */
function missingFacts(src: string, facts: Fact[]): Fact[] {
  const text = normalise(src);
  return facts.filter((f) => !has(text, f) && !has(src, f));
}

function without(src: string, fact: Fact) {
  const text = normalise(src);
  return typeof fact === "string"
    ? text.split(fact).join(" ")
    : text.replace(new RegExp(fact.source, fact.flags.includes("g") ? fact.flags : fact.flags + "g"), " ");
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

  it("states every fact the specification gives it", () => {
    expect(missingFacts(read(rel), page.facts)).toEqual([]);
  });

  it("would be caught if any of those facts were removed", () => {
    const src = read(rel);
    for (const fact of page.facts) expect(missingFacts(without(src, fact), [fact]), String(fact)).toEqual([fact]);
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
