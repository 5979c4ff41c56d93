import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, mailLink } from "./helpers";

/**
 * Issue 30.1 and 30.2 in the browser, one journey: an admin invites two subject-matter experts; each accepts
 * the non-disclosure agreement and declares no conflict of interest before the bank opens; the first writes
 * an item (its key check runs on save, its preview is the candidate's question), submits it for review; the
 * second approves it, and it is listed as approved. (Issue 30.3's pretest part extends this journey.)
 */
const stamp = Date.now();
const password = "Sup3r$ecret";
const program = "console.log([1, 2, 3].map((n) => n * 2).join());";

async function newPage(browser: Browser) {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}

/** An SME: invited by the admin, sets name and password, accepts both texts; lands on the item bank. */
async function smeJoins(browser: Browser, admin: Page, email: string, first: string) {
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
  await expect(page.getByText("trainers or authors who could profit are ineligible", { exact: false })).toBeVisible();
  // both are required
  await page.getByLabel(/I accept the non-disclosure agreement/).check();
  await page.getByRole("button", { name: "Accept and continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("Declare that you have no conflict of interest to continue.");
  await page.getByLabel(/I declare that I have no conflict of interest/).check();
  await page.getByRole("button", { name: "Accept and continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Item bank" })).toBeVisible();
  // an SME sees only the bank's pages in the console's navigation, none of the staff's
  const nav = page.getByRole("navigation", { name: "Staff console" });
  await expect(nav.getByRole("link", { name: "Item bank" })).toBeVisible();
  for (const staffOnly of ["Dashboard", "Orders", "Candidates", "Members"])
    await expect(nav.getByRole("link", { name: staffOnly })).toHaveCount(0);
  return page;
}

test("one SME writes an item, a second approves it, and it is listed as approved", async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await newPage(browser);
  const fixture = await admin.request.post("/api/test-fixtures/admin-invitation", {
    data: { email: `chief${stamp}@example.org` },
  });
  const token = new URL((await fixture.json()).path, "http://x").searchParams.get("token");
  const accepted = await admin.request.post("/api/invitations/accept", {
    data: { token, firstName: "Chief", lastName: "Admin", password },
  });
  expect(accepted.status()).toBe(200);

  const author = await smeJoins(browser, admin, `author${stamp}@example.org`, "Ada");
  const reviewer = await smeJoins(browser, admin, `reviewer${stamp}@example.org`, "Grace");

  // the author writes the item
  await author.getByRole("link", { name: "Write an item" }).click();
  await expect(author.getByRole("heading", { level: 1, name: "Write an item" })).toBeVisible();
  await author.getByLabel("Domain").selectOption("Arrays");
  await author.getByLabel(/^Stem/).fill(`What does this program log?\n\n\`\`\`js\n${program}\n\`\`\``);
  for (const [i, text] of ["2,4,6", "[2, 4, 6]", "1,2,3", "undefined"].entries())
    await author.getByLabel(`Option ${"ABCD"[i]}`, { exact: true }).fill(text);
  await author.getByLabel("Key: option A is correct").check();
  await author
    .getByLabel(/^Rationale/)
    .fill("map doubles each element and join() with no argument joins them with commas, without brackets.");
  await author.getByLabel(/^Reference/).fill("MDN Web Docs: Array.prototype.join()");
  await author.getByLabel(/^Key check/).fill(JSON.stringify({ engine: "js", mode: "output", code: program }, null, 2));
  // the preview is the candidate's question: the stem's code block and the four options as radio buttons
  const preview = author.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("region", { name: "JavaScript code" })).toContainText("join()");
  await expect(preview.getByRole("radio")).toHaveCount(4);
  await author.screenshot({ path: "test-results/items-editor-1280.png", fullPage: true });

  await author.getByRole("button", { name: "Save draft" }).click();
  await expect(author.getByRole("status")).toContainText(
    /Saved js-arrays-\d{3} version 1 as a draft\. Key check: passed\./,
  );
  await expect(author).toHaveURL(/\/staff\/items\/\d+$/);
  const itemUrl = new URL(author.url()).pathname;
  const itemId = (await author.getByRole("heading", { level: 1 }).textContent())!.split(",")[0]!;
  await expect(author.locator("[data-check-status=passed]")).toContainText("Passed");
  await expectNoAxeViolations(author, "item editor");
  await author.getByRole("button", { name: "Submit for review" }).click();
  await expect(author.getByRole("status")).toHaveText(`${itemId} version 1 is now in review.`);
  // the author cannot approve their own item
  await expect(author.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(author.getByText("Waiting for a second subject-matter expert to review it.")).toBeVisible();

  // the second SME approves it
  await reviewer.goto(itemUrl);
  await expect(reviewer.getByRole("heading", { level: 1, name: `${itemId}, version 1` })).toBeVisible();
  await expect(reviewer.getByText("Key: option A (2,4,6)")).toBeVisible();
  await reviewer.getByRole("button", { name: "Approve" }).click();
  await expect(reviewer.getByRole("status")).toHaveText(`${itemId} version 1 is now approved.`);

  // listed as approved in the bank
  await reviewer.goto("/staff/items?exam=js&state=approved");
  await expect(reviewer.getByRole("link", { name: `${itemId} v1` })).toBeVisible();
  await author.setViewportSize({ width: 390, height: 844 });
  await author.goto(itemUrl);
  await expect(author.getByRole("heading", { level: 1, name: `${itemId}, version 1` })).toBeVisible();
  await author.screenshot({ path: "test-results/items-item-390.png", fullPage: true });
});
