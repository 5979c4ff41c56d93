import { expect, test } from "@playwright/test";
import { visit } from "./helpers";

test.describe("testing policies search", () => {
  test.beforeEach(async ({ page }) => {
    await visit(page, "/testing-policies");
  });

  const search = (page: import("@playwright/test").Page) =>
    page.getByRole("searchbox", { name: "Search testing policies" });
  const region = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "All testing policies" });
  const results = (page: import("@playwright/test").Page) => region(page).getByRole("listitem");

  test("lists the 13 testing policies, filters by a title word and clears", async ({ page }) => {
    await expect(results(page)).toHaveCount(13);
    await search(page).fill("refund");
    await expect(region(page).getByRole("link", { name: "Refund Policy" })).toBeVisible();
    await expect(region(page).getByRole("link", { name: "ID Policy" })).toHaveCount(0);
    const count = await results(page).count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThan(13);
    await expect(page.getByText(/of 13 testing policies match “refund”/)).toBeVisible();
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(search(page)).toHaveValue("");
    await expect(search(page)).toBeFocused();
    await expect(results(page)).toHaveCount(13);
  });

  test("shows a no-match message", async ({ page }) => {
    await search(page).fill("zzzz");
    await expect(page.getByText("No testing policy matches “zzzz”.")).toBeVisible();
    await expect(results(page)).toHaveCount(0);
    await search(page).press("Escape");
    await expect(results(page)).toHaveCount(13);
  });

  test("finds a page by a word that is only in its body", async ({ page }) => {
    // "cybersecurity" is in the body of the testing agreement only, not in any title or summary.
    await search(page).fill("cybersecurity");
    await expect(region(page).getByRole("link", { name: "Candidate Testing Agreement" })).toBeVisible();
    await expect(region(page).getByRole("link", { name: "Refund Policy" })).toHaveCount(0);
  });

  test("opens a policy from the results and returns with its back link", async ({ page }) => {
    await search(page).fill("refund");
    await region(page).getByRole("link", { name: "Refund Policy" }).click();
    await expect(page).toHaveURL("/testing/refund-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Refund Policy" })).toBeVisible();
    await expect(page.getByText("5-7 business days").first()).toBeVisible();
    await page.getByRole("link", { name: "Back to Testing Policies" }).first().click();
    await expect(page).toHaveURL("/testing-policies");
    await expect(page.getByRole("heading", { level: 1, name: "Testing Policies" })).toBeVisible();
  });
});
