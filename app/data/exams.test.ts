import { describe, expect, it } from "vitest";
import {
  badges,
  certificationByPath,
  certifications,
  descriptionParts,
  examCards,
  priceToCents,
  RECERTIFICATION_TEXT,
} from "./exams";

const byTitle = (t: string) => certifications.find((c) => c.title === t)!;

/** policies.md §9, as given (percent, questions). */
const spec: Record<string, { pass: string; path: string; weights: [string, number, number][] }> = {
  "JavaScript Professional Developer Online Exam": {
    pass: "73%",
    path: "/jsexam-details-page",
    weights: [
      ["Syntax", 22.94, 29],
      ["Functions", 7.82, 10],
      ["Controls", 7.83, 10],
      ["Scope", 3.91, 5],
      ["Arrays", 10.27, 13],
      ["Loops", 5.49, 7],
      ["Iterators", 3.13, 4],
      ["Objects", 9.61, 12],
    ],
  },
  "MySQL Backend Developer Online Exam": {
    pass: "70%",
    path: "/mysqlexam-details-page",
    weights: [
      ["Fundamentals", 16.47, 21],
      ["Data Types and Constraints", 8.68, 11],
      ["Data Manipulation", 7.85, 10],
      ["Database Design", 5.52, 7],
      ["Security", 5.51, 7],
      ["User Management", 4.73, 6],
      ["Backup and Recovery", 3.92, 5],
      ["Stored Procedures and Functions", 6.31, 8],
      ["Triggers and Events", 3.14, 4],
      ["Performance Tuning", 5.54, 7],
      ["Advanced SQL", 3.13, 4],
    ],
  },
  "ReactJS Framework Developer Online Exam": {
    pass: "73%",
    path: "/reactexam-details-page",
    weights: [
      ["Components", 32, 29],
      ["State Management", 11, 10],
      ["Event Handling", 11, 10],
      ["Lifecycle and Hooks", 6, 5],
      ["Rendering and Performance", 14, 13],
      ["Routing", 8, 7],
      ["Testing", 5, 4],
      ["Styling", 14, 13],
    ],
  },
  "HTML, CSS Web Designer Online Exam": {
    pass: "75%",
    path: "/htmlcssexam-details-page",
    weights: [
      ["HTML Structure", 20, 18],
      ["CSS Basics", 25, 23],
      ["Layout", 20, 18],
      ["Responsive", 20, 17],
      ["Forms", 10, 9],
      ["Advanced CSS", 5, 5],
    ],
  },
};

describe("the certification data", () => {
  it("has the five exams with their exact titles, all available at $999.00", () => {
    // the four exams of the table above, in its order, then the one without details
    expect(certifications.map((c) => c.title)).toEqual([...Object.keys(spec), "Technical Sales Specialist Online Exam"]);
    expect(new Set(certifications.map((c) => c.id)).size).toBe(5);
    for (const c of certifications) {
      expect(c.available).toBe(true);
      expect(c.nonMemberPrice).toBe("$999.00");
    }
    expect(priceToCents("$999.00")).toBe(99900);
    expect(RECERTIFICATION_TEXT).toBe("Re-certification is required every 3 years.");
  });

  it("has the outline domain counts of site.md §3", () => {
    const counts = certifications.map((c) => c.outline?.domains.length ?? 0);
    expect(counts).toEqual([8, 10, 10, 15, 0]);
    // JavaScript's outline has the domains of its weights table, in the same order
    const js = "JavaScript Professional Developer Online Exam";
    expect(byTitle(js).outline!.domains.map((x) => x.title)).toEqual(spec[js]!.weights.map(([title]) => title));
    const html = byTitle("HTML, CSS Web Designer Online Exam").outline!.domains;
    expect(html[0]!.title).toBe("HTML Basics");
    expect(html.at(-1)!.title).toBe("Responsive Design");
    expect(byTitle("Technical Sales Specialist Online Exam").outline).toBeUndefined();
  });

  it("links four exams to their detail pages and none for the Technical Sales Specialist", () => {
    for (const [title, s] of Object.entries(spec)) {
      expect(byTitle(title).learnMore).toBe(s.path);
      expect(certificationByPath(s.path)?.title).toBe(title);
    }
    expect(byTitle("Technical Sales Specialist Online Exam").learnMore).toBeUndefined();
  });

  it.each(Object.entries(spec))("%s: exam facts and domain weights exactly as policies.md §9", (title, s) => {
    const det = byTitle(title).details!;
    expect(det.length).toBe("90 minutes");
    expect(det.items).toBe(90);
    expect(det.itemFormat).toBe("Multiple choice");
    expect(det.passingScore).toBe(s.pass);
    expect(det.language).toBe("English");
    expect(det.testingOptions).toMatch(/online proctored/i);
    expect(det.weights.map((w) => [w.title, w.percent, w.questions])).toEqual(s.weights);
    for (const w of det.weights) {
      expect(w.tasks.length).toBeGreaterThanOrEqual(2);
      expect(w.tasks.length).toBeLessThanOrEqual(4);
    }
  });

  it("marks key words in every description that really occur in it", () => {
    for (const c of certifications) {
      expect(c.keywords.length).toBeGreaterThan(0);
      const parts = descriptionParts(c);
      expect(parts.map((p) => p.text).join("")).toBe(c.description);
      expect(parts.filter((p) => p.bold).map((p) => p.text)).toEqual(expect.arrayContaining(c.keywords));
    }
  });

  it("has one card per exam and five badges", () => {
    expect(examCards).toHaveLength(5);
    expect(new Set(examCards.map((c) => c.key)).size).toBe(5);
    expect(badges.map((b) => b.key)).toEqual(["htmlcss", "js", "mysql", "react", "tss"]);
    expect(new Set(certifications.map((c) => c.slug)).size).toBe(certifications.length);
  });
});
