/**
 * The text of "Appendix A: CEU Scoring", the appendix of the Recertification Requirement Policy
 * (/policy/recert-policy). scripts/appendix/build-pdf.ts (run by scripts/postbuild.ts) turns it into /Appendix_A_CEU_Scoring.pdf at
 * build time. The policy facts (3 years, 20 CEUs, 30-day notice, 90-day grace period, retake after
 * expiry) come from the specification; the activity categories, unit values and caps are this
 * appendix's own scoring rules. Keep the text in WinAnsi characters (plain ASCII): the PDF uses the
 * standard Helvetica font.
 */
import { org } from "../../data/org";

/** How the appendix is listed in the document table of /policy/recert-policy (spec: policies.md §9). */
export const appendixDocument = {
  fileName: "Appendix_A_CEU_Scoring.pdf",
  href: "/Appendix_A_CEU_Scoring.pdf",
  item: "Appendix A: CEU Scoring",
  postedBy: "Administration",
  datePosted: "10/2/2023",
  /** 142.25 KB, the size the policy page states; the generator pads the file to exactly this. */
  sizeBytes: 145_664,
  sizeLabel: "142.25 KB",
} as const;

export interface AppendixTable {
  columns: string[];
  /** relative column widths, summing to 1 */
  widths: number[];
  rows: string[][];
}

export interface AppendixSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  table?: AppendixTable;
  /** text after the table or list */
  after?: string[];
}

export interface Appendix {
  title: string;
  subtitle: string;
  meta: string;
  sections: AppendixSection[];
  footer: string;
}

export const ceuScoring: Appendix = {
  title: "Appendix A: CEU Scoring",
  subtitle: `Recertification Requirement Policy - ${org.name} (${org.shortName})`,
  meta: `Posted by ${appendixDocument.postedBy}, ${appendixDocument.datePosted}`,
  sections: [
    {
      heading: "1. Purpose",
      paragraphs: [
        "Every CITB certification is valid for 3 years. To recertify, a certified person earns 20 continuing education units (CEUs) during that three-year cycle, uploads evidence of them to their account and pays the recertification fee. This appendix explains which activities count, how many units each one earns, the most that each kind of activity may contribute, and the evidence to keep.",
      ],
    },
    {
      heading: "2. What one unit means",
      paragraphs: [
        "One CEU stands for one hour of active learning or professional contribution in information technology. Units are counted in halves: an activity of 90 minutes earns 1.5 CEUs, and anything shorter than 30 minutes earns no units.",
      ],
    },
    {
      heading: "3. Qualifying activities",
      paragraphs: [
        "An activity qualifies when it was completed within the current three-year cycle and relates to the subject of the certification or to the wider field of information technology. The table gives the value of each kind of activity and the most it may contribute toward the 20 CEUs.",
      ],
      table: {
        columns: ["Activity", "Units earned", "Most per cycle"],
        widths: [0.5, 0.3, 0.2],
        rows: [
          [
            "Training courses, workshops and boot camps, in person or online, with a certificate of completion",
            "1 CEU per hour of instruction",
            "20 CEUs",
          ],
          [
            "Academic course at a college, university or technical college, completed with a passing grade",
            "10 CEUs per course",
            "20 CEUs",
          ],
          ["Another industry certification earned, including a further CITB certification", "10 CEUs each", "10 CEUs"],
          ["Conferences, webinars and professional meetups attended", "1 CEU per hour attended", "8 CEUs"],
          [
            "Teaching or presenting an IT course, workshop or conference session (first delivery only)",
            "2 CEUs per hour delivered",
            "8 CEUs",
          ],
          [
            "Publishing an article, book chapter or technical guide, or a substantial accepted open-source contribution",
            "3 CEUs per item",
            "6 CEUs",
          ],
          [
            "Serving CITB as a volunteer subject matter expert (item writing or review) or advisory board member",
            "1 CEU per hour",
            "6 CEUs",
          ],
          ["Mentoring apprentices, veterans or transitioning service members in IT skills", "1 CEU per hour", "4 CEUs"],
          ["Self-study without an assessment, such as technical books or tutorials", "0.5 CEU per hour", "4 CEUs"],
        ],
      },
    },
    {
      heading: "4. Counting rules",
      bullets: [
        "Each activity is counted once, in one category only.",
        "Units above a category's maximum do not count toward the 20 CEUs.",
        "Units earned above 20 in one cycle are not carried over into the next cycle.",
        "Time spent sitting an exam does not earn units; the certification it leads to may (section 3).",
        "Retaking the same course or presenting the same session again in one cycle earns no further units.",
        "A subject matter expert who writes or reviews exam items keeps the non-disclosure agreement they signed; the units are recorded by CITB from its own records.",
      ],
    },
    {
      heading: "5. Evidence to keep",
      paragraphs: ["Upload one piece of evidence for each activity, showing your name, the date and the duration:"],
      bullets: [
        "courses and workshops: a certificate of completion or a statement from the provider;",
        "academic courses: an official transcript or grade report;",
        "certifications: the certificate or a verification link;",
        "conferences and webinars: a registration receipt with the agenda or an attendance confirmation;",
        "teaching and presenting: the programme or a letter from the organiser;",
        "publishing: a copy of, or a link to, the published work or the accepted contribution;",
        "mentoring: a letter from the organisation that arranged it, giving the hours;",
        "self-study: a log of dates, titles and hours, with a short note of what was learned.",
      ],
      after: [
        "Keep your evidence until the end of the next cycle. CITB may ask for it at any time during an audit of uploaded units; units that cannot be supported are removed, and you are told how many units are still needed.",
      ],
    },
    {
      heading: "6. Deadlines",
      bullets: [
        "CITB sends written notice at least 30 days before the renewal date.",
        "By the renewal date, upload your 20 CEUs and pay the recertification fee.",
        "A 90-day grace period follows the renewal date, in which the fee can still be paid and units uploaded.",
        "After the grace period the certification lapses and recertification is needed.",
        "An expired certification requires retaking and passing the exam.",
      ],
    },
    {
      heading: "7. Worked example",
      paragraphs: [
        "A certified web developer records the following activities during the three-year cycle: a 12-hour online course (12 CEUs), 6 hours of webinars (6 CEUs) and a published technical article (3 CEUs). The total is 21 CEUs, so the requirement of 20 CEUs is met; the extra unit is not carried over. The developer uploads the course certificate, the webinar confirmations and a link to the article, and pays the fee before the renewal date.",
      ],
    },
    {
      heading: "8. Questions",
      paragraphs: [
        `Questions about whether an activity qualifies can be sent to ${org.email} (${org.hours}) before the activity takes place.`,
      ],
    },
  ],
  footer: "Appendix A: CEU Scoring - CITB Recertification Requirement Policy",
};
