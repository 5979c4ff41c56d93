/**
 * The rules of delivering an exam on the site (issue 27), in one place: the server enforces them and the
 * exam screens state them.
 */

/**
 * The version of the candidate agreement (/testing/testing-agreement) a candidate accepts when starting an
 * exam, stored with the acceptance. It must equal the `version` in the page's frontmatter
 * (app/content/testing/testing-agreement.mdx); a test holds them together.
 */
export const TESTING_AGREEMENT_VERSION = "1.0";
export const TESTING_AGREEMENT_PATH = "/testing/testing-agreement";

/**
 * An answer that reaches the server up to this long after the deadline still counts: it was sent in the
 * last moments and spent the time on the network. After it, saves are refused with `attempt_closed`.
 */
export const SAVE_GRACE_SECONDS = 5;

/** The most extra minutes staff may grant on one accommodation decision (a whole second exam's length). */
export const MAX_EXTRA_MINUTES = 240;

/**
 * Unscored pretest items on every form (issue 30.3): approved items marked pretest are tried on candidates
 * before they count. They sit among the exam's items, look like every other item, and are left out of the
 * score and of the domain report. When the bank holds fewer pretest items for the exam, the form takes all it
 * has and fills the rest with scored items (none: every item is scored, as before).
 */
export const PRETEST_ITEMS = 5;
