import { expect, test, type Page } from "@playwright/test";
import { buyByApi, confirmAddress, expectNoAxeViolations, hydrated, pageAt, signUpByApi, visit } from "./helpers";

const email = `cand${Date.now()}@example.com`;
const password = "Sup3r$ecret";

test.describe.serial("candidate account journey", () => {
  test("sign up, then the 409 alert for the same e-mail", async ({ page }) => {
    await visit(page, "/signup");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/login\?registered=1/);
    await expect(page.getByRole("status")).toContainText("Your account is ready");

    await visit(page, "/signup");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("E-mail address").fill(email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill(password);
    const messages: string[] = [];
    page.on("dialog", (d) => {
      messages.push(d.message());
      void d.accept();
    });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => messages).toEqual(["Email already registered to an account, please use a different one."]);
    await expect(page).toHaveURL("/signup");
  });

  test("account sends a signed-out reader to log in and back; reload keeps the user; profile; log out", async ({
    page,
  }) => {
    await page.goto("/account");
    await expect(page).toHaveURL("/login?next=/account");
    await hydrated(page);
    await page.getByLabel("E-mail address").fill("wrong@example.com");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toContainText("The e-mail address or password is incorrect.");

    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toContainText("Grace");
    await expect(nav.getByRole("link", { name: "Account" })).toBeVisible();

    const persisted = await page.evaluate(() => localStorage.getItem("persist:root"));
    expect(persisted).toContain(email);
    expect(persisted).not.toContain('token":"\\"');
    expect(Object.keys(JSON.parse(persisted!))).toEqual(["user", "_persist"]);

    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel("First name")).toHaveValue("Grace");

    await page.getByLabel("Phone number").fill("405-555");
    await page.getByLabel("Address", { exact: true }).fill("1 Main St");
    await page.getByLabel("City").fill("Oklahoma City");
    await page.getByLabel("State").fill("OK");
    await page.getByLabel("Zip code").fill("73102");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Phone number must be a 10-digit number.")).toBeVisible();
    await page.getByLabel("Phone number").fill("4055550123");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your profile has been saved." })).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel("Phone number")).toHaveValue("4055550123");
    await expect(page.getByText("You have not bought an exam yet.")).toBeVisible();
    await expectNoAxeViolations(page, "/account signed in");

    await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
    const after = await page.evaluate(() => localStorage.getItem("persist:root"));
    expect(JSON.parse(after!).user).toBe("null");
    const me = await page.request.get("/api/me");
    expect(me.status()).toBe(401);
  });
});

test("the log-in and sign-up screens have no axe violations at 390 and 1280 px and are kept out of search", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000); // four axe runs on two widths: more than 30 s on a busy machine
  for (const width of [390, 1280]) {
    const page = await pageAt(browser, width);
    for (const route of ["/login", "/signup"]) {
      await visit(page, route);
      await expectNoAxeViolations(page, `${route} at ${width}px`);
    }
    await page.context().close();
  }
  const html = await (await request.get("/login")).text();
  expect(html).toContain('<meta name="robots" content="noindex"');
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/login");
  expect(sitemap).not.toContain("/account");
});

/** The candidate's pages, each served as one island (app/routes/account*.tsx, docs/decisions/0016). */
const ACCOUNT_ISLANDS = {
  "/account": "account",
  "/account/exams": "account-exams",
  "/account/results": "account-results",
  "/account/certifications": "account-certifications",
  "/account/education": "account-education",
  "/account/requests": "account-requests",
} as const;

/** Console errors and uncaught exceptions of a page (React reports a hydration mismatch as one). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

/** Opens a page as a reader does (a document load) and waits for its islands; React Router never runs. */
async function openIsland(page: Page, path: string) {
  await visit(page, path);
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window), path).toBe(false);
}

test("the account pages are served as islands: signed out, sent to log in; signed in, every list, form, upload and download works, and their links load documents", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  for (const [path, island] of Object.entries(ACCOUNT_ISLANDS)) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<script type="module" src="\/assets\/islands-[\w-]+\.js"><\/script>/);
    expect(html, path).not.toContain("__reactRouterContext");
    expect(html, path).not.toMatch(/\/assets\/(router|entry\.client)-/);
    expect(html, path).toContain(`data-island="${island}"`);
  }

  // signed out: once the store has read back (nothing), the page is replaced by the log-in screen
  await page.goto("/account/education");
  await expect(page).toHaveURL("/login?next=%2Faccount%2Feducation");
  // in place of the page (as a redirect): going back does not return to it
  await page.goBack();
  expect(page.url()).toBe("about:blank");
  await page.goto("/login?next=%2Faccount%2Feducation");

  const address = `islands-account${Date.now()}@example.com`;
  await signUpByApi(request, address, password, "Ada");
  await confirmAddress(request, address);
  await hydrated(page);
  await page.getByLabel("E-mail address").fill(address);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/account/education");
  await expect(page.getByText("Continuing education counts toward a certification you hold.")).toBeVisible();

  // an exam bought and passed (through the API and the test fixture), so each page has something to show
  await buyByApi(page.request, 1, { email: address });
  const pass = await page.request.post("/api/test-fixtures/result", { data: { certId: 1, scorePercent: 91 } });
  expect(pass.status()).toBe(201);
  const { credentialId, voucherCode } = (await pass.json()) as { credentialId: string; voucherCode: string };

  const problems = problemsOf(page);
  await openIsland(page, "/account/results");
  await expect(page.locator('[data-result="pass"]')).toContainText("91%");

  await openIsland(page, "/account/certifications");
  const cert = page.locator(`[data-credential="${credentialId}"]`);
  await expect(cert.locator("[data-state]")).toHaveText("Active");
  const pdf = await page.request.get(
    (await cert.getByRole("link", { name: "Certificate (PDF)" }).getAttribute("href"))!,
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  for (const name of ["Signed credential with your name (JSON)", "Public credential, no name (JSON)"]) {
    const badge = await page.request.get((await cert.getByRole("link", { name }).getAttribute("href"))!);
    expect([name, badge.status()]).toEqual([name, 200]);
  }

  // an activity with its evidence: the upload, then the list, then the evidence downloads
  await openIsland(page, "/account/education");
  const add = page.getByRole("form", { name: "Add an activity" });
  await expect(add.getByLabel("Certification")).toHaveValue(/\d+/);
  await add.getByLabel("Activity title").fill("Accessible forms workshop");
  await add.getByLabel("Provider").fill("W3C");
  await add.getByLabel("Date of the activity").fill(new Date().toISOString().slice(0, 10));
  await add.getByLabel("Units earned").fill("2");
  await add.getByLabel("Category").selectOption("Course or training");
  await add.getByLabel(/^Evidence/).setInputFiles({
    name: "attendance.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% attendance\n"),
  });
  await add.getByRole("button", { name: "Add activity" }).click();
  await expect(add.getByRole("status")).toContainText("Your activity was added.");
  const activity = page.locator('[data-activity="pending"]', { hasText: "Accessible forms workshop" });
  await expect(activity).toContainText("Waiting for review");
  const evidence = await page.request.get(
    (await activity.getByRole("link", { name: /^Evidence: evidence-\d+\.pdf$/ }).getAttribute("href"))!,
  );
  expect(evidence.status()).toBe(200);

  // a complaint filed from My requests appears in the list
  await openIsland(page, "/account/requests");
  const send = page.getByRole("form", { name: "Appeal a decision or file a complaint" });
  await send.getByLabel(/^Complaint/).check();
  await send.getByLabel("What is it about?").fill("The check-in took an hour");
  await send.getByLabel("Date of the issue").fill(new Date().toISOString().slice(0, 10));
  await send.getByLabel("Details").fill("The proctor's check-in queue kept me waiting for an hour before the exam.");
  await send.getByRole("button", { name: "Send" }).click();
  await expect(send.getByRole("status")).toBeVisible();
  await expect(page.locator("[data-request]", { hasText: "The check-in took an hour" })).toBeVisible();

  // the account's own links load the page they name, marked as the current one there
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "My exams" }).click();
  await expect(page).toHaveURL("/account/exams");
  await hydrated(page);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  await expect(
    page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "My exams" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.locator(`[data-exam="${voucherCode}"]`)).toContainText("Exam taken");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL("/account");
  await hydrated(page);
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByRole("main")).toContainText(address);

  // Log out in the navigation of an islands page: the home page starts signed out (no stale user to check)
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL("/");
  await hydrated(page);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("persist:root")))!).user).toBe("null");
  expect((await page.request.get("/api/me")).status()).toBe(401);
  expect(problems).toEqual([]);
});

test("log in never follows `next` to another host: backslash and tab tricks land on the account", async ({ page }) => {
  const who = `next${Date.now()}@example.com`;
  await signUpByApi(page.request, who, password);
  for (const next of ["/%5Cevil.example/path", "/%09/evil.example/", "//evil.example/"]) {
    // the account page just reached must not be navigating (it would send a signed-out reader to log in)
    await page.goto("about:blank");
    await page.context().clearCookies();
    await visit(page, `/login?next=${next}`);
    await page.getByLabel("E-mail address").fill(who);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/account$/);
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  }
  // a path of the site is still followed
  await page.goto("about:blank");
  await page.context().clearCookies();
  await visit(page, `/login?next=${encodeURIComponent("/account/exams")}`);
  await page.getByLabel("E-mail address").fill(who);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account\/exams$/);
});
