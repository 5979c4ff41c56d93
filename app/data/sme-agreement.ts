/**
 * What a subject-matter expert accepts before first access to the item bank (issue 30.1): the
 * non-disclosure agreement and the declaration of no conflict of interest. Each text has a version; an
 * acceptance is stored with the version it accepted (server/items/agreement.ts), and a new version here
 * asks every SME to accept again. Change a text only by giving it a new version and date (document
 * control policy: a controlled document says which revision is in force and since when).
 */

/** The policy rule the declaration enforces, as the policies state it (policies §5). */
export const SME_ELIGIBILITY_RULE =
  "Subject matter experts agree to a non-disclosure agreement; trainers or authors who could profit are ineligible.";

export interface AgreementText {
  version: string;
  /** the day this version took effect (YYYY-MM-DD) */
  effective: string;
  title: string;
  paragraphs: string[];
}

export const SME_NDA: AgreementText = {
  version: "nda-1",
  effective: "2026-11-28",
  title: "Non-disclosure agreement for subject-matter experts",
  paragraphs: [
    "The coalition's exams are fair only while their questions stay unknown to the people who take them. As a subject-matter expert you will read, write and review questions, answer keys, rationales and item statistics that no candidate may see. This agreement sets out how you keep them confidential.",
    "Confidential material means every exam item in any state (draft, in review, approved or retired), its options, key, rationale and reference, the key checks that test it, the forms assembled from it, the statistics about it, and the discussions about any of these. It stays confidential after an item is retired and after your work for the coalition ends.",
    "You will use confidential material only for your work on the coalition's exams, inside the staff console. You will not copy it out of the console, photograph it, store it on your own devices or services, paste it into other software or services (including tools that generate or check text), or describe it to anyone, in person or online, except to the coalition's staff and other subject-matter experts through the console.",
    "You will not take part in writing, selling or teaching material that prepares candidates for the coalition's exams, and you will not tell anyone which topics or questions an exam contains beyond its published outline.",
    "If you learn or suspect that confidential material has been disclosed, by you or anyone else, you will tell the coalition's staff at once, through the support address, and help them find out what happened.",
    "Your access can be withdrawn at any time. When it ends you keep no confidential material, and this agreement continues to bind you. A breach may lead to the end of your work for the coalition, the withdrawal of any certification you hold, and the remedies the law allows.",
  ],
};

export const SME_COI: AgreementText = {
  version: "coi-1",
  effective: "2026-11-28",
  title: "Declaration of no conflict of interest",
  paragraphs: [
    `The coalition's policy says: "${SME_ELIGIBILITY_RULE}" An item writer who also trains candidates, or who writes preparation material, could profit from knowing the bank, so such a person cannot serve.`,
    "By accepting, you declare that you do not train, tutor or coach candidates for the coalition's exams, that you do not write, publish, sell or contribute to preparation courses, practice tests or study guides for them, and that you have no other interest (a business, an employer or a relative) that would gain from what you learn of the bank.",
    "You also declare that you will tell the coalition's staff at once if this changes, and that you will stop working on the bank until they decide whether you may continue.",
  ],
};
