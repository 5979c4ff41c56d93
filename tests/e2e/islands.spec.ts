import { expect, test, type Page } from "@playwright/test";
import { confirmAddress, hydrated, pageAt, signUpByApi } from "./helpers";

/**
 * Content pages are served as islands (app/lib/islands.tsx, docs/decisions/0016): no React Router in the
 * browser, the navigation, footer and the page's own controls hydrated each on its own.
 */

/** Console errors and uncaught exceptions of a page (React reports a hydration mismatch as one). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

test("a policy page loads the islands script and none of the router's, and hydrates without a mismatch", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/testing/refund-policy")).text();
  expect(html).toMatch(/<script type="module" src="\/assets\/islands-[\w-]+\.js"><\/script>/);
  expect(html).not.toContain("__reactRouterContext");
  expect(html).not.toMatch(/\/assets\/(router|entry\.client|manifest)-/);
  expect(html).not.toContain("/app/islands.client.tsx");

  const problems = problemsOf(page);
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await page.goto("/testing/refund-policy");
  await hydrated(page);
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
  expect(scripts.filter((s) => /\/(router|entry\.client)-/.test(s))).toEqual([]);

  // the page's own control works: Print this page opens the print dialog (stubbed here)
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await page.getByRole("button", { name: "Print this page" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  expect(problems).toEqual([]);
});

test("on a policy page at 390 px the menu opens and closes, and its links load the page they name", async ({
  browser,
}) => {
  const page = await pageAt(browser, 390);
  const problems = problemsOf(page);
  await page.goto("/policy/appeal-process-policy");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("list", { name: "Main menu" });
  await menu.getByRole("button", { name: "Certification" }).click();
  await expect(menu.getByRole("link", { name: "Testing Policies" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("list", { name: "Main menu" }).getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL("/about");
  await hydrated(page);
  // /about is in the app: React Router runs there
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
  expect(problems).toEqual([]);
  await page.context().close();
});

test("reached from the app, a policy page renders in the app without loading the islands script", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await page.goto("/credentials");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Privacy");
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
  expect(scripts.filter((s) => s.includes("/islands-"))).toEqual([]);
});

test("a signed-in candidate sees their name on a policy page and can log out from it", async ({ page, request }) => {
  const email = `islands-${Date.now()}@example.com`;
  const password = "Island-Pass-2026!";
  await signUpByApi(request, email, password, "Marie");
  await confirmAddress(request, email);

  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/account");

  const problems = problemsOf(page);
  await page.goto("/special-accommodations");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toContainText("Signed in as Marie");
  // the page's request form is for a signed-in candidate: its island reads the same store
  const request_ = page.getByRole("region", { name: "Request an accommodation" });
  await expect(request_.getByRole("button", { name: /send/i })).toBeVisible();
  await expect(request_).not.toContainText("create an account");
  expect(problems).toEqual([]);

  await nav.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);

  await page.goto("/special-accommodations");
  await hydrated(page);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Request an accommodation" })).toContainText("create an account");
});

test("the screens of the account's forms are served as islands, and read their query string after hydrating", async ({
  page,
  request,
}) => {
  for (const path of [
    "/login",
    "/signup",
    "/forgot-password",
    "/reset-password",
    "/confirm-email",
    "/invitation",
    "/verify",
  ]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<script type="module" src="\/assets\/islands-[\w-]+\.js"><\/script>/);
    expect(html, path).not.toContain("__reactRouterContext");
  }
  const problems = problemsOf(page);
  await page.goto("/login?registered=1&email=grace%40example.com");
  await hydrated(page);
  await expect(page.getByRole("status")).toContainText("Your account is ready.");
  await expect(page.getByLabel("E-mail address")).toHaveValue("grace@example.com");
  // the label still names its field: the ids of the prerendered form survive hydration
  await page.getByText("Password", { exact: true }).click();
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  expect(problems).toEqual([]);
});
