import { expect, type Browser, type Page } from "@playwright/test";
import { mailLink, visit } from "./helpers";

/**
 * The item bank's journeys (items.spec, item-pretest.spec, cut-score.spec) share their people: an admin made
 * by the test fixture (what `npm run admin:create` does) and subject-matter experts the admin invites.
 */
export const password = "Sup3r$ecret";

export async function newPage(browser: Browser, width = 1280) {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}

/** A signed-in admin (the fixture's invitation accepted), on a page of its own. */
export async function newAdmin(browser: Browser, email: string) {
  const admin = await newPage(browser);
  const fixture = await admin.request.post("/api/test-fixtures/admin-invitation", { data: { email } });
  const token = new URL((await fixture.json()).path, "http://x").searchParams.get("token");
  const accepted = await admin.request.post("/api/invitations/accept", {
    data: { token, firstName: "Chief", lastName: "Admin", password },
  });
  expect(accepted.status()).toBe(200);
  return admin;
}

/** Signs `page` in through the login form (the console reads the signed-in user the form stores). */
export async function logIn(page: Page, email: string) {
  await visit(page, "/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}

/**
 * An SME: invited by the admin, sets name and password, accepts both texts; lands on the item bank. With
 * `asserting`, it also checks what the agreement screen asks (both texts required) and that the console's
 * navigation shows the SME the bank's pages and none of the staff's.
 */
export async function smeJoins(browser: Browser, admin: Page, email: string, first: string, asserting = false) {
  const invited = await admin.request.post("/api/staff/members/invitations", { data: { email, role: "sme" } });
  expect(invited.status()).toBe(201);
  const page = await newPage(browser);
  await visit(page, await mailLink(page.request, email, "/invitation"));
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill("Expert");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set password and open the console" }).click();
  await expect(page).toHaveURL("/staff/items", { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Before you open the item bank" })).toBeVisible();
  if (asserting) {
    await expect(page.getByText("trainers or authors who could profit are ineligible", { exact: false })).toBeVisible();
    // both are required
    await page.getByLabel(/I accept the non-disclosure agreement/).check();
    await page.getByRole("button", { name: "Accept and continue" }).click();
    await expect(page.getByRole("alert")).toHaveText("Declare that you have no conflict of interest to continue.");
  }
  await page.getByLabel(/I accept the non-disclosure agreement/).check();
  await page.getByLabel(/I declare that I have no conflict of interest/).check();
  await page.getByRole("button", { name: "Accept and continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Item bank" })).toBeVisible();
  if (asserting) {
    const nav = page.getByRole("navigation", { name: "Staff console" });
    await expect(nav.getByRole("link", { name: "Item bank" })).toBeVisible();
    for (const staffOnly of ["Dashboard", "Orders", "Candidates", "Members"])
      await expect(nav.getByRole("link", { name: staffOnly })).toHaveCount(0);
  }
  return page;
}

/** An item as an SME writes it in the console's editor: four options, A the key; `exam` unless it is the editor's first. */
export interface ItemDraft {
  exam?: string;
  domain: string;
  stem: string;
  options: [string, string, string, string];
  rationale: string;
}

/** From the bank, "Write an item": the editor, filled in with `item`. */
export async function writeItem(author: Page, item: ItemDraft) {
  await author.getByRole("link", { name: "Write an item" }).click();
  await expect(author.getByRole("heading", { level: 1, name: "Write an item" })).toBeVisible();
  if (item.exam) await author.getByLabel("Exam").selectOption({ label: item.exam });
  await author.getByLabel("Domain").selectOption(item.domain);
  await author.getByLabel(/^Stem/).fill(item.stem);
  for (const [i, text] of item.options.entries())
    await author.getByLabel(`Option ${"ABCD"[i]}`, { exact: true }).fill(text);
  await author.getByLabel("Key: option A is correct").check();
  await author.getByLabel(/^Rationale/).fill(item.rationale);
}

/**
 * Saves the editor's draft: the message says `saved`, then the console moves to the saved item's page (a
 * client-side navigation), whose heading names the item once its record has loaded (`heading`). Answers
 * that page's path and the item's id.
 */
export async function saveDraft(author: Page, saved: RegExp, heading: RegExp) {
  await author.getByRole("button", { name: "Save draft" }).click();
  await expect(author.getByRole("status")).toContainText(saved);
  await expect(author).toHaveURL(/\/staff\/items\/\d+$/);
  const itemUrl = new URL(author.url()).pathname;
  const title = author.getByRole("heading", { level: 1 });
  await expect(title).toHaveText(heading);
  return { itemUrl, itemId: (await title.textContent())!.split(",")[0]! };
}

/** The author sends version 1 of the item for review. */
export async function submitForReview(author: Page, itemId: string) {
  await author.getByRole("button", { name: "Submit for review" }).click();
  await expect(author.getByRole("status")).toHaveText(`${itemId} version 1 is now in review.`);
}
