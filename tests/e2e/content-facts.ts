/**
 * Every fact of spec/policies.md (§2, §4, §5, §6, §9) and site.md §2 that belongs to a policy, testing or
 * information page, checked against what a reader gets: the served, prerendered HTML of the page (its
 * <main>, tags stripped), its links, its headings, and for tables the cells of the table rows. A table
 * shown as a paragraph of `|` characters, a fact lost in rendering or a broken link fails here even when
 * the MDX source still holds it. (The source-level checks that remain are in app/content/{policy,testing}/facts.test.ts.)
 */
import { appendixDocument } from "../../app/content/appendix/ceu-scoring";
import { org } from "../../app/data/org";

export interface ServedFacts {
  route: string;
  /** phrases in the page's text (whitespace collapsed) */
  text: string[];
  /** hrefs of links in the page's main content */
  links?: string[];
  /** headings (h2 or h3) by their text */
  headings?: string[];
  /** table rows: the cells of one <tr>, in order (th or td) */
  rows?: string[][];
}

export const servedFacts: ServedFacts[] = [
  {
    route: "/testing/accommodations",
    text: [
      "30-minute extension",
      "English exam",
      "non-English-speaking nation",
      "automatic",
      "Quebec",
      "contact support",
    ],
    links: ["/special-accommodations"],
  },
  {
    route: "/testing/exam-scoring",
    text: [
      "indeterminate",
      "invalid for certification",
      "free retake",
      "90 minutes long with 90 multiple-choice items",
      "score report",
      // issue 30.3: the pretest items every form carries (PRETEST_ITEMS)
      "Of the 90 items on your exam, 5 are unscored pretest items",
      "the share of the other 85 items you answered correctly",
    ],
    rows: [
      ["Exam", "Passing score"],
      ["JavaScript", "73%"],
      ["MySQL", "70%"],
      ["React", "73%"],
      ["HTML and CSS", "75%"],
    ],
    links: [
      "/credentials",
      "/jsexam-details-page",
      "/mysqlexam-details-page",
      "/reactexam-details-page",
      "/htmlcssexam-details-page",
    ],
  },
  {
    route: "/testing/exam-content",
    text: [
      "not share exam content",
      "subject matter expert",
      "non-disclosure agreement",
      "NDA",
      "trainers and authors who could profit",
      "ineligible",
    ],
  },
  {
    route: "/testing/exam-feedback",
    text: ["formal feedback ticket", `${org.email}`],
    links: ["/testing/exam-content"],
  },
  {
    route: "/testing/candidate-retesting",
    text: [
      "After an unsuccessful attempt, wait at least 7 days before you retest",
      "Before a third or later attempt at the same exam, wait at least 14 days",
      "bars you from retaking it",
      "consent",
      "new version of the exam",
    ],
    links: ["/testing/retesting-policy"],
  },
  {
    route: "/testing/candidate-photograph",
    text: [
      "test center administrator",
      "photographs each candidate",
      "refuses the photograph is ineligible",
      "appears on your score report",
    ],
  },
  {
    route: "/testing/test-center-policy",
    text: [
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
    route: "/testing/online-exam-policy",
    text: [
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
    route: "/testing/id-policy",
    text: [
      "match the first and last names on your ID exactly",
      "two original, valid, unexpired IDs",
      "Primary ID",
      "name, photo and signature",
      "Secondary ID",
      "issued by the country where you take the test",
      "international passport plus a secondary ID",
      "aged 17 and under",
      "photo ID",
      "guardian",
      "government-issued ID",
      "signs the log-in sheet",
      "authorization for each test",
      "country of residence",
    ],
    rows: [
      ["ID", "Requirements"],
      [
        "Primary ID",
        "Issued by a government, showing your name, photo and signature (for example a passport or a driver's license)",
      ],
      ["Secondary ID", "A second original, valid and unexpired ID"],
    ],
  },
  {
    route: "/testing/testing-agreement",
    text: [
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
      "before a third or later attempt the wait is at least 14 days",
      "new exam version",
    ],
    links: ["/testing/id-policy", "/testing/candidate-photograph", "/testing/retesting-policy"],
  },
  {
    route: "/testing/delivery-of-exam",
    text: ["Length: 90 minutes", "Number of items: 90", "multiple choice", "English"],
    links: ["/testing/online-exam-policy", "/testing/test-center-policy", "/testing-options"],
  },
  {
    route: "/testing/retesting-policy",
    text: [
      "7-day retest wait",
      "After an unsuccessful attempt, wait at least 7 days before you retest",
      "Before a third or later attempt, wait at least 14 days",
    ],
    links: ["/testing/candidate-retesting", "/credentials"],
  },
  {
    route: "/testing/refund-policy",
    text: ["only within 24 hours of purchase", "5-7 business days", "exam registration fee is non-refundable"],
  },
  {
    route: "/special-accommodations",
    text: [
      "at least 20 days before you register",
      "within 7 days",
      "7 business days",
      "ready 15 minutes early",
      "Submission:",
      "Acknowledgement e-mail:",
      "Review:",
      "Determination e-mail:",
      "Registration:",
      "30-minute extension",
    ],
    links: ["/testing/accommodations"],
  },
  {
    route: "/testing-options",
    text: [
      "Choose your exam.",
      "Read the testing policies.",
      "Check your equipment.",
      "Buy and schedule your exam.",
      "Check in and take your exam.",
      "90 minutes",
      "online proctoring",
      "system test",
      "5 to 10 minutes",
      "1 Mbps",
      "webcam",
    ],
    links: ["/testing-policies", "/testing/testing-agreement", "/testing/id-policy"],
    rows: [
      ["Requirement", "Details"],
      ["Internet", "At least 1 Mbps download and upload"],
      ["Camera", "A webcam"],
      ["Display", "100% scaling on Windows, default on Mac"],
      ["Identification", "Two original, valid, unexpired IDs (ID policy)"],
      ["Language", "English"],
      ["System test", "5 to 10 minutes, before exam day"],
    ],
  },
  {
    route: "/policies-page",
    text: [
      "Candidates",
      "Certified persons",
      "Auditors and partners",
      "effective date and version",
      "Certification Renewal Policy",
      "Special Accommodations",
    ],
    links: ["/policy-renewal-page", "/special-accommodations"],
  },
  {
    route: "/policy/appeal-process-policy",
    text: [
      "submitted within 72 hours of the decision",
      "processed within 72 hours",
      "sanction imposed under the Code of Ethics has its own deadline",
      "within 30 days of notification",
      "Appeals Committee",
      "Decisions of the Appeals Committee are final and binding",
      "Provider staff",
      "score report",
    ],
    links: ["/code-of-ethics"],
  },
  {
    route: "/policy/outsourcing-and-collaborative-partnership-policy",
    text: [
      "never outsourced",
      "written agreement",
      "five passed integrity audits within a year",
      "closed indefinitely",
    ],
  },
  {
    route: "/policy/internal-audit-policy",
    text: [
      "five integrity audits within a year",
      "corrective plan",
      "closed indefinitely",
      "proctors, exam/proctor coordinators and test center administrators",
      "subject matter experts",
    ],
    links: ["/policy/management-review-policy"],
  },
  {
    route: "/policy/invalidating-a-certification-policy",
    text: [
      "after an investigation",
      "Fraud",
      "Misconduct",
      "Non-compliance",
      "A legal requirement",
      "written notice",
      "within 72 hours of the decision and is processed within 72 hours",
    ],
    links: ["/policy/appeal-process-policy"],
  },
  {
    route: "/policy/candidate-certification-use-and-recertification-policy",
    text: [
      "Credentials",
      "passing score",
      "valid for 3 years",
      "90-day grace period",
      "20 continuing education units (20 CEUs)",
      "at least 30 days before the renewal date",
      "expired certification requires retaking and passing the exam",
      "lapses and recertification is needed",
    ],
    links: ["/credentials"],
  },
  {
    route: "/policy/complaint-process-policy",
    text: ["within 30 days of the issue", `${org.email}`, `${org.hours}`, "test center administrator"],
    links: [`mailto:${org.email}`],
  },
  {
    route: "/policy/advisory-board-composition-and-responsibilities",
    text: [
      "subject matter experts",
      "non-disclosure agreement",
      "trainer or author who could profit",
      "Appeals Committee",
    ],
  },
  {
    route: "/policy/nondiscrimination-policy",
    text: [
      "a scribe may not have a cybersecurity background",
      "No prior training or membership is required",
      "veteran",
    ],
    links: ["/special-accommodations"],
  },
  {
    route: "/policy/document-control-policy",
    text: [
      "an effective date",
      "a version number",
      "an owner",
      "its review history",
      "its approval",
      "This site shows the effective date and version on each policy page",
    ],
    headings: ["Archiving"],
  },
  {
    route: "/policy/internal-personnel-policy",
    text: [
      "Provider staff",
      "Proctors",
      "Exam/proctor coordinators",
      "Test center administrators",
      "photograph candidates",
      "Scribes",
      "Subject matter experts",
      "The Appeals Committee",
      "non-disclosure agreement",
    ],
  },
  {
    route: "/policy/management-review-policy",
    text: ["at least annually", "quarterly penetration tests", "appeals and complaints"],
  },
  {
    route: "/policy/privacy-confidentiality-and-security-policy",
    text: ["quarterly penetration test", "non-disclosure agreement", `${org.email}`],
    links: [`mailto:${org.email}`],
    headings: [
      "Penetration testing",
      "Scope",
      "Methodology",
      "Vulnerability remediation",
      "Reporting",
      "Compliance with a cybersecurity maturity certification framework",
      "Continuous improvement",
    ],
  },
  {
    route: "/policy/recert-policy",
    text: [
      "valid for 3 years",
      "20 continuing education units (CEUs)",
      "90-day grace period",
      "at least 30 days before the renewal date",
      "retaking and passing the exam",
    ],
    links: [appendixDocument.href],
    rows: [
      ["Item", "Posted by", "Date posted"],
      [
        `${appendixDocument.item} (PDF, ${appendixDocument.sizeLabel}, opens in a new tab)`,
        appendixDocument.postedBy,
        appendixDocument.datePosted,
      ],
    ],
  },
  {
    route: "/code-of-ethics",
    text: [
      "written notice",
      "30 days to appeal",
      "at least 12 months",
      "within 30 days of notification",
      "final and binding",
      `${org.email}`,
    ],
    links: [`mailto:${org.email}`],
    headings: ["Principles"],
  },
  {
    route: "/policy-renewal-page",
    text: [
      "valid for 3 years",
      "written notice at least 30 days before renewal",
      "A 90-day grace period follows the renewal date, in which you can still pay the fee and upload your units",
      "20 continuing education units",
      "After the grace period the certification lapses and recertification is needed",
      "An expired certification requires retaking and passing the exam",
    ],
  },
  {
    route: "/testing-policies",
    text: ["online-proctored exams", `${org.hours}`, `${org.email}`],
    links: ["/testing/id-policy", "/testing/testing-agreement", "/testing-options", `mailto:${org.email}`],
  },
  {
    route: "/accessibility",
    text: ["WCAG) 2.2, level AA", "390 pixels", "1280 pixels", `${org.email}`, `${org.phone.display}`],
    links: [`mailto:${org.email}`, org.phone.href, "/special-accommodations"],
    headings: ["The standard we aim for", "How we test it", "Known limits", "Report a barrier"],
  },
];
