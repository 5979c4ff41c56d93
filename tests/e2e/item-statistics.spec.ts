import { expect, test, type Page } from "@playwright/test";
import { adminFromCommandLine, expectNoAxeViolations } from "./helpers";

/**
 * Issue 30.4: a simulated cohort with a known response pattern (the six candidates of
 * server/testing/cohort.ts, on MySQL) is scored through the engine; the console shows the statistics worked
 * out by hand for that matrix (the same values server/items/statistics.test.ts checks).
 */
const password = "Sup3r$ecret";
const adminEmail = `stats-admin${Date.now()}@example.com`;

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`,
      fullPage: true,
    });
}

test("the console shows the hand-computed statistics of a known response matrix", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await adminFromCommandLine(page, adminEmail, password, { firstName: "Stat" });

  const cohort = await page.request.post("/api/test-fixtures/bank-cohort", { data: { certId: 2 } });
  expect(cohort.status()).toBe(201);
  const items = ((await cohort.json()) as { items: { itemId: string; version: number }[] }).items;

  await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Item statistics" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Item statistics" })).toBeVisible();
  await page.getByLabel("Exam", { exact: true }).selectOption({ label: "MySQL Backend Developer Online Exam" });
  const exam = page.getByTestId("exam-statistics");
  // totals 4, 3, 3, 2, 2, 2 of 5: mean 8/3, σ = √(5/9), KR-20 = 5/4 × (1 − (5/6)/(5/9)) = −0.625,
  // SEM = σ √(1.625) = 0.950; one of six passes 70 %
  const value = (term: string) => exam.locator(`dt:text-is("${term}") + dd`);
  await expect(value("Scored sittings")).toHaveText("6");
  await expect(value("Mean score (items)")).toHaveText("2.667");
  await expect(value("Standard deviation (items)")).toHaveText("0.745");
  await expect(value("KR-20 reliability")).toHaveText("-0.625");
  await expect(value("Standard error of measurement (items)")).toHaveText("0.950");
  await expect(value("Pass rate")).toHaveText("16.7%");

  const dist = page.getByTestId("distribution-table");
  await expect(dist.getByRole("row", { name: "40–49% 3" })).toBeVisible();
  await expect(dist.getByRole("row", { name: "60–69% 2" })).toBeVisible();
  await expect(dist.getByRole("row", { name: "80–89% 1" })).toBeVisible();
  await expect(page.getByRole("figure", { name: /Score distribution: 6 scored sittings/ })).toBeVisible();

  const row = (n: number) =>
    page
      .getByTestId("item-statistics")
      .getByRole("row", { name: new RegExp(`^${items[n - 1]!.itemId} v${items[n - 1]!.version}`) });
  // p, corrected point-biserial, review: 1 and none (too easy); 4/6 and 0; 1/2 and 1/√5; 1/6 and 1/√5 (too hard);
  // 1/3 and −0.853 (negative); the pretest item 1/2 and 1/√5
  const expected: [number, string, string, string][] = [
    [1, "1.000", "—", "p above 0.95"],
    [2, "0.667", "0.000", ""],
    [3, "0.500", "0.447", ""],
    [4, "0.167", "0.447", "p below 0.2"],
    [5, "0.333", "-0.853", "negative point-biserial"],
    [6, "0.500", "0.447", ""],
  ];
  for (const [n, p, r, review] of expected) {
    const cells = row(n).getByRole("cell");
    await expect(cells.nth(2)).toHaveText(p);
    await expect(cells.nth(3)).toHaveText(r);
    await expect(cells.nth(6)).toHaveText(review);
    await expect(cells.nth(5)).toHaveText(/^100\.0% \(\d+\)$/);
  }
  await expect(row(6).getByRole("rowheader")).toContainText("pretest");
  // item 2 (k k k k a b): the key chosen by 4 of 6, the two options after it by one each, the other by none
  const shares = (await row(2).getByRole("cell").nth(4).textContent())!.match(/[\d.]+%/g)!;
  expect(shares.map((v) => parseFloat(v)).sort((x, y) => x - y)).toEqual([0, 16.7, 16.7, 66.7]);
  await expectNoAxeViolations(page);
  await shot(page, "item-statistics");
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, "item-statistics");
});
