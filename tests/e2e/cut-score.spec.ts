import { expect, test, type Page } from "@playwright/test";
import { ANGOFF_MESSAGES } from "../../app/schemas/bank";
import { expectNoAxeViolations, visit } from "./helpers";
import { logIn, newAdmin, smeJoins } from "./sme";

/**
 * Issue 30.6 in the browser (decision 0025): two subject-matter experts give modified Angoff ratings, the
 * console shows the recommended cut score beside the published passing score, and an admin records a
 * passing score decision, which needs a reason, is listed as awaiting publication and is in the audit log.
 * The React exam (certId 3), which no other journey rates.
 */
const stamp = Date.now();
const EXAM = "ReactJS Framework Developer Online Exam";

/** The study of the React exam, on `page`. */
async function openStudy(page: Page) {
  await visit(page, "/staff/items/cut-score");
  await expect(page.getByRole("heading", { level: 1, name: "Cut-score study" })).toBeVisible();
  await page.getByLabel("Exam", { exact: true }).selectOption({ label: EXAM });
  await expect(page.getByRole("region", { name: /^Items \(\d+ approved scored items\)/ })).toBeVisible();
  return page.getByRole("table", { name: "Angoff ratings of each item" });
}

/** The rater's rating of one item, saved from its row. */
async function rate(page: Page, itemId: string, rating: number, expected = "Saved.") {
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: itemId, exact: true }) });
  await row.getByLabel(`Your rating of ${itemId.split(" ")[0]} (0 to 100)`).fill(String(rating));
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText(expected)).toBeVisible();
  return row;
}

test("SMEs rate items; the recommended cut score shows beside the published one; a decision needs a reason and is audited", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminEmail = `cut-chief${stamp}@example.org`;
  const admin = await newAdmin(browser, adminEmail);
  const first = await smeJoins(browser, admin, `cut-first${stamp}@example.org`, "Ada");
  const second = await smeJoins(browser, admin, `cut-second${stamp}@example.org`, "Grace");

  // the first SME rates two items; a rating outside 0-100 is refused with the study's message
  const table = await openStudy(first);
  const heads = table.getByRole("rowheader");
  const [a, b] = [(await heads.nth(0).textContent())!.trim(), (await heads.nth(1).textContent())!.trim()];
  const rowA = await rate(first, a, 120, ANGOFF_MESSAGES.rating);
  await expect(rowA.getByRole("spinbutton")).toHaveAccessibleDescription(ANGOFF_MESSAGES.rating);
  await rate(first, a, 60);
  await rate(first, b, 80);
  await expect(first.getByTestId("cut-score")).toContainText(
    /Recommended cut score70% \(2 of \d+ items rated, 1 rater\)/,
  );
  // the passing score decision is staff's: an SME has no form for it
  await expect(first.getByRole("heading", { name: "Record a passing score decision" })).toHaveCount(0);

  // the second rates the first item: its mean is 65, the cut (65 + 80) / 2
  await openStudy(second);
  await rate(second, a, 70);
  await expect(second.getByTestId("cut-score")).toContainText(
    /Recommended cut score72\.5% \(2 of \d+ items rated, 2 raters\)/,
  );

  // the admin reads the study beside the published score and records a decision
  await logIn(admin, adminEmail);
  await openStudy(admin);
  const summary = admin.getByTestId("cut-score");
  await expect(summary).toContainText("Published passing score73%");
  await expect(summary).toContainText(/Recommended cut score72\.5% \(2 of \d+ items rated, 2 raters\)/);
  await expect(summary).toContainText("Latest decisionNone recorded");
  const form = admin.getByRole("form", { name: "Record a passing score decision" });
  await form.getByLabel("Passing score (%)").fill("101");
  await form.getByRole("button", { name: "Record decision" }).click();
  await expect(form.getByText(ANGOFF_MESSAGES.passingScore)).toBeVisible();
  await expect(form.getByText(ANGOFF_MESSAGES.reason)).toBeVisible();
  await expect(form.getByLabel("Passing score (%)")).toBeFocused();
  await form.getByLabel("Passing score (%)").fill("72");
  await form.getByRole("button", { name: "Record decision" }).click();
  // no reason, no decision
  await expect(form.getByText(ANGOFF_MESSAGES.reason)).toBeVisible();
  await expect(form.getByLabel(/^Reason/)).toBeFocused();
  await expect(summary).toContainText("Latest decisionNone recorded");
  const reason = `Angoff study of ${stamp}: two raters recommend 72.5%; the board rounds down to 72%.`;
  await form.getByLabel(/^Reason/).fill(reason);
  await form.getByRole("button", { name: "Record decision" }).click();
  await expect(form.getByRole("status")).toHaveText(/^Decision \d+ recorded: 72%\.$/);
  await expect(summary).toContainText(/Latest decision72% on .+ by Chief Admin \(awaiting publication\)/);
  // the published score stays until a release changes it
  await expect(summary).toContainText("Published passing score73%");
  const decisions = admin.getByRole("region", { name: "Decisions" });
  await expect(decisions.getByRole("listitem").first()).toContainText("72% (published 73%, recommended 72.5%)");
  await expect(decisions.getByRole("listitem").first()).toContainText(reason);
  await expectNoAxeViolations(admin, "cut-score study");
  // the page's top: the summary, the decision form and the decisions (the 150-row table follows)
  await admin.screenshot({ path: "test-results/cut-score-1280.png", clip: { x: 0, y: 0, width: 1280, height: 1400 } });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: "test-results/cut-score-390.png", clip: { x: 0, y: 0, width: 390, height: 2600 } });
  await admin.setViewportSize({ width: 1280, height: 900 });

  // audited: who, the change from the published score, the reason
  await visit(admin, "/staff/audit?action=exam.cut_score_decision");
  const entry = admin.getByRole("row").filter({ hasText: reason });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(adminEmail);
  await expect(entry).toContainText("73% → 72%");
});
