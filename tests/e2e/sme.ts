import { expect, type Browser, type Page } from "@playwright/test";
import { hydrated, mailLink } from "./helpers";

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
  await page.goto("/login");
  await hydrated(page);
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
  await page.goto(await mailLink(page.request, email, "/invitation"));
  await hydrated(page);
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
