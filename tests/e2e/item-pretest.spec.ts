import { expect, test, type Browser } from "@playwright/test";
import {
  approvedCheckIn,
  buyByApi,
  confirmAddress,
  expectNoAxeViolations,
  hydrated,
  openStartScreen,
  startExam,
  visit,
} from "./helpers";
import { logIn, newAdmin, newPage, password, saveDraft, smeJoins, submitForReview, writeItem } from "./sme";

/**
 * Issue 30's done-when journey: one SME writes an item, a second approves it, an admin marks it pretest on
 * its page; a candidate then starts a new exam, the item is on the form as a pretest item, and it is not
 * scored: answered right, it counts in neither the number of scored items nor the correct ones.
 *
 * The item is written for the HTML and CSS exam (certId 4), which no other journey sits: a pretest item
 * changes every new form of its exam (the form carries up to PRETEST_ITEMS of them), and exam.spec, running
 * beside this file, counts the JavaScript exam's 90 scored items. At the end it is made scored again.
 */
const stamp = Date.now();
const HTMLCSS = 4;
const EXAM_TITLE = "HTML, CSS Web Designer Online Exam";
const STEM = `Which element marks up the main heading of a page (${stamp})?`;

/** A candidate with a confirmed address, signed in, holding a voucher for the HTML and CSS exam, checked in. */
async function candidateWithVoucher(browser: Browser) {
  const email = `pretest-${stamp}@example.com`;
  const page = await newPage(browser);
  await page.request.post("/api/signup", {
    data: { certUser: { firstName: "Tim", lastName: "Berners", email, password } },
  });
  await confirmAddress(page.request, email);
  await logIn(page, email);
  const bought = await buyByApi(page.request, HTMLCSS, { firstName: "Tim", lastName: "Berners", email });
  await approvedCheckIn(page.request, bought.order.voucherCode);
  return page;
}

test("an item two SMEs approved, marked pretest, is on a new form and is not scored", async ({ browser }) => {
  test.setTimeout(240_000);
  const adminEmail = `pretest-chief${stamp}@example.org`;
  const admin = await newAdmin(browser, adminEmail);
  const author = await smeJoins(browser, admin, `pretest-author${stamp}@example.org`, "Ada");
  const reviewer = await smeJoins(browser, admin, `pretest-reviewer${stamp}@example.org`, "Grace");

  // the first SME writes it (no key check: its key rests on the rationale and the review)
  await writeItem(author, {
    exam: EXAM_TITLE,
    domain: "HTML Structure",
    stem: STEM,
    options: ["<h1>", "<header>", "<title>", "<head>"],
    rationale: "h1 is the top-level section heading; header is a landmark, title and head hold metadata.",
  });
  const { itemUrl, itemId } = await saveDraft(
    author,
    /Saved htmlcss-[\w-]+ version 1 as a draft\./,
    /^htmlcss-[\w-]+, version 1$/,
  );
  await submitForReview(author, itemId);

  // the second approves it; an SME does not set pretest
  await reviewer.goto(itemUrl);
  await reviewer.getByRole("button", { name: "Approve" }).click();
  await expect(reviewer.getByRole("status")).toHaveText(`${itemId} version 1 is now approved.`);
  const panel = reviewer.getByRole("region", { name: "Pretest" });
  await expect(panel).toContainText("A scored item");
  await expect(panel.getByRole("button")).toHaveCount(0);

  // the admin marks it pretest on its page
  await logIn(admin, adminEmail);
  await visit(admin, itemUrl);
  await admin.getByRole("button", { name: "Mark as pretest (unscored)" }).click();
  await expect(admin.getByRole("status")).toHaveText(
    `${itemId} version 1 is now a pretest item: unscored on new forms.`,
  );
  await expect(admin.getByRole("region", { name: "Pretest" })).toContainText("A pretest item");
  await expectNoAxeViolations(admin, "item page, pretest");
  await admin.screenshot({ path: "test-results/item-pretest-1280.png", fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: "test-results/item-pretest-390.png", fullPage: true });
  await admin.setViewportSize({ width: 1280, height: 900 });

  // a candidate starts a new exam
  const candidate = await candidateWithVoucher(browser);
  await openStartScreen(candidate);
  const sittingId = await startExam(candidate);
  await hydrated(candidate);
  await expect(candidate.getByRole("heading", { level: 1, name: "Question 1 of 90" })).toBeVisible();

  // the staff's view of the sitting: the item is on the form, marked as a pretest item
  await admin.goto(`/staff/sittings/${sittingId}`);
  const positions = admin.locator("li[data-position]");
  await expect(positions).toHaveCount(90);
  const ours = positions.filter({ hasText: `Item ${itemId}, version 1` });
  await expect(ours).toHaveCount(1);
  await expect(ours.getByRole("heading")).toContainText("pretest item, unscored");
  const position = Number(await ours.getAttribute("data-position"));
  // the form carries every pretest item of the exam up to PRETEST_ITEMS; the rest are scored
  const pretestCount = await positions.filter({ hasText: "pretest item, unscored" }).count();
  expect(pretestCount).toBeGreaterThanOrEqual(1);

  // the candidate meets it on the exam screen, answers it right, and submits with the rest unanswered
  await candidate.getByRole("button", { name: "Review and submit" }).click();
  await candidate.getByRole("button", { name: `Question ${position}, unanswered` }).click();
  await expect(candidate.getByRole("heading", { level: 1, name: `Question ${position} of 90` })).toBeVisible();
  await expect(candidate.getByText(STEM)).toBeVisible();
  await candidate.getByRole("radio", { name: "<h1>" }).check();
  await expect(candidate.locator("[data-save-status=saved]")).toBeVisible();
  await candidate.getByRole("button", { name: "Review and submit" }).click();
  await expect(candidate.getByText("1 question answered, 89 questions unanswered")).toBeVisible();
  await candidate.getByRole("button", { name: "Submit the exam" }).click();
  await candidate.getByRole("alertdialog").getByRole("button", { name: "Submit and see my score" }).click();
  await expect(candidate).toHaveURL(new RegExp(`/exam/report\\?sitting=${sittingId}$`));
  await hydrated(candidate);

  // not scored: the right answer adds nothing, and the report counts only the scored items
  const scored = 90 - pretestCount;
  await expect(candidate.getByText(`Your score: 0% (0 of ${scored} correct).`, { exact: false })).toBeVisible();
  const table = candidate.getByRole("table", { name: "Questions answered correctly, by domain" });
  await expect(table.getByRole("row", { name: /^HTML Structure 0 of \d+ 0%/ })).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole("heading", { level: 2, name: /^Result:/ })).toHaveText(
    `Result: Fail, 0% (0 of ${scored}; passing 75%)`,
  );
  await expect(admin.locator(`li[data-position="${position}"]`)).toContainText("Correct");

  // made scored again: later forms of the exam draw it as one of their scored items
  await admin.goto(itemUrl);
  await admin.getByRole("button", { name: "Make it a scored item again" }).click();
  await expect(admin.getByRole("status")).toHaveText(`${itemId} version 1 is a scored item again.`);
});
