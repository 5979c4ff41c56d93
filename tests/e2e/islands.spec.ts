import { expect, test, type Page } from "@playwright/test";
import { confirmAddress, hydrated, pageAt, signedInCandidate, signUpByApi, visit } from "./helpers";

/**
 * Content pages are served as islands (app/islands, docs/decisions/0026): no React Router in the
 * browser, the navigation, footer and the page's own controls hydrated each on its own.
 */

/** Console errors and uncaught exceptions of a page (React reports a hydration mismatch as one). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

/** Opens `path` and waits until it has hydrated, its problems (problemsOf) recorded from the start: answers them. */
async function openWatched(page: Page, path: string): Promise<string[]> {
  const problems = problemsOf(page);
  await visit(page, path);
  return problems;
}

/** The paths of the scripts the page requests from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  return scripts;
}

/** A prerendered document served as islands: it loads the islands script and carries no React Router context. */
function expectIslandsDocument(html: string, path?: string) {
  expect(html, path).toMatch(/<script type="module" src="\/assets\/islands-[\w-]+\.js"><\/script>/);
  expect(html, path).not.toContain("__reactRouterContext");
}

test("a policy page loads the islands script and none of the router's, and hydrates without a mismatch", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/testing/refund-policy")).text();
  expectIslandsDocument(html);
  expect(html).not.toMatch(/\/assets\/(router|entry\.client|manifest)-/);
  expect(html).not.toContain("/app/islands/entry.client.tsx");

  const scripts = scriptsOf(page);
  const problems = await openWatched(page, "/testing/refund-policy");
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
  const problems = await openWatched(page, "/policy/appeal-process-policy");
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
  // the link loaded the page (/about is served as islands too: no React Router there either)
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Building Oklahoma's IT community");
  expect(problems).toEqual([]);
  await page.context().close();
});

test("from the staff console, the login page and a policy page load as documents served as islands", async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  // the staff console is the one page that runs React Router (the SPA page): signed out, it sends the
  // visitor to the login page, a public page, which loads as a document served as islands
  await page.goto("/staff");
  // the console's scripts load, read the session back and then load the login page
  await expect(page).toHaveURL(/\/login\?next=%2Fstaff$/, { timeout: 15_000 });
  await hydrated(page);
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
  expect(scripts.some((s) => /\/islands-[\w-]+\.js$/.test(s))).toBe(true);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Privacy");
  await hydrated(page);
  // a plain link: the policy page is a new document
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
});

test("a signed-in candidate sees their name on a policy page and can log out from it", async ({ page }) => {
  const email = `islands-${Date.now()}@example.com`;
  const password = "Island-Pass-2026!";
  await signedInCandidate(page, email, password, { firstName: "Marie" });

  const problems = await openWatched(page, "/special-accommodations");
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

  await visit(page, "/special-accommodations");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Request an accommodation" })).toContainText("create an account");
});

test("on a page where only the navigation reads the store, persistence loads when a user is saved, not for a new visitor", async ({
  page,
}) => {
  // a new visitor: nothing saved and nothing to write, so redux-persist (a chunk of its own) is not attached
  await visit(page, "/");
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => localStorage.getItem("persist:root"))).toBeNull();

  // a signed-in candidate: the saved user is read back on the same page
  await signedInCandidate(page, `home-nav-${Date.now()}@example.com`, "Island-Pass-2026!", { firstName: "Ada" });
  await visit(page, "/");
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Signed in as Ada");
  expect(await page.evaluate(() => localStorage.getItem("persist:root"))).toContain("Ada");
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
    expectIslandsDocument(html, path);
  }
  const problems = await openWatched(page, "/login?registered=1&email=grace%40example.com");
  await expect(page.getByRole("status")).toContainText("Your account is ready.");
  await expect(page.getByLabel("E-mail address")).toHaveValue("grace@example.com");
  // the label still names its field: the ids of the prerendered form survive hydration
  await page.getByText("Password", { exact: true }).click();
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  expect(problems).toEqual([]);
});

/** The pages of the exams (home, /credentials and the four outlines) are served as islands too. */
const EXAM_PAGES = [
  "/",
  "/credentials",
  "/jsexam-details-page",
  "/htmlcssexam-details-page",
  "/reactexam-details-page",
  "/mysqlexam-details-page",
];

test("the home page, /credentials and the exam outlines are served as islands and hydrate without a mismatch", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const problems = problemsOf(page);
  const scripts = scriptsOf(page);
  for (const path of EXAM_PAGES) {
    const html = await (await request.get(path)).text();
    expectIslandsDocument(html, path);
    await visit(page, path);
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window), path).toBe(false);
  }
  expect(scripts.filter((s) => /\/(router|entry\.client)-/.test(s))).toEqual([]);
  expect(problems).toEqual([]);
});

test("on the home page served as islands the headline types and the inquiry form checks and sends", async ({
  page,
}) => {
  const problems = await openWatched(page, "/");
  const visible = page.getByTestId("typing-visible");
  const headline = "Coalition of Information Technology Businesses";
  // the full text for 1000 ms, then the erasing starts
  await expect(visible).not.toHaveText(headline, { timeout: 5000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(headline);

  const form = page.locator('form[data-inquiry-form="contact"]');
  await expect(form).toHaveAccessibleName("Send us a message");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Please enter your name.")).toBeVisible();
  await expect(form.getByLabel("Your name")).toBeFocused();
  await expect(form.getByLabel("Your name")).toHaveAccessibleDescription("Please enter your name.");
  await form.getByLabel("Your name").fill("Dana Reyes");
  await form.getByLabel("E-mail address").fill("dana@example.com");
  await form.getByLabel("How can we help?").fill("Which exam should I take first as a new web developer?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toContainText(/Reference: INQ-[A-Z0-9]{8}/);
  expect(problems).toEqual([]);
});

test("an exam outline served as islands: a visitor is sent to log in and back, and buys after a document load", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = `islands-buyer-${Date.now()}@example.com`;
  const password = "Island-Pass-2026!";
  await signUpByApi(request, email, password, "Ruth");
  await confirmAddress(request, email);

  const problems = await openWatched(page, "/jsexam-details-page");
  const dialog = page.getByRole("dialog", { name: "JavaScript Professional Developer Online Exam" });
  await page.getByRole("button", { name: "Buy Exam" }).first().click();
  await expect(dialog.getByRole("heading", { name: "Log in to buy this exam" })).toBeVisible();
  await dialog.getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL("/login?next=%2Fjsexam-details-page");
  await hydrated(page);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/jsexam-details-page");
  await hydrated(page);

  // the log-in page is served as islands too: the way back is a document load, and the islands' store
  // reads the signed-in candidate back, so the lower Buy Exam button opens the order form
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Signed in as Ruth");
  const lower = page.getByRole("button", { name: "Buy Exam" }).last();
  await lower.click();
  await expect(dialog.getByText("Test mode: no real charge. Use card 4242 4242 4242 4242.")).toBeVisible();
  await expect(dialog.getByLabel("E-mail address")).toHaveValue(email);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(lower).toBeFocused();
  expect(problems).toEqual([]);
});

test("on /credentials served as islands the exam cards' tabs, note and carousel work, and the badges advance", async ({
  page,
}) => {
  const problems = await openWatched(page, "/credentials");
  const exams = page.getByRole("region", { name: "Certification exams" });
  const card = exams.locator("[data-exam-card]").first();
  await card.getByRole("tab", { name: "Outline" }).click();
  await expect(card.getByRole("tab", { name: "Outline" })).toHaveAttribute("aria-selected", "true");
  await expect(card.getByRole("tabpanel")).toContainText("outline");
  await card.getByRole("tab", { name: "Exam" }).click();
  const info = card.getByRole("button", { name: /Exam requirements/ });
  await expect(info).toHaveAccessibleDescription(/No prior training or membership is required/);
  await info.hover();
  await expect(page.locator("[data-info-note]")).toBeVisible();
  await page.keyboard.press("Escape");
  await exams.getByRole("button", { name: "Next slide (Certification exams)" }).click();
  await expect(exams.locator("button[aria-current=true]")).toHaveAccessibleName(/^Slide 2:/);

  const badges = page.getByRole("region", { name: "Badges" });
  await expect(badges.locator("button[aria-current=true]")).toHaveAccessibleName(/^Slide 2:/, { timeout: 8000 });
  await badges.getByRole("button", { name: "Pause Badges" }).click();
  await expect(badges.getByRole("button", { name: "Play Badges" })).toBeVisible();
  expect(problems).toEqual([]);
});

// the public pages with a part of their own (helper-b2): each one is served as islands, and what works on it
// hydrates without a mismatch (the inquiry forms' ids come from their headings, not useId)
for (const [path, check] of [
  ["/about", (page: Page) => page.getByRole("button", { name: "Reveal Inspiration" }).click()],
  ["/contact", (page: Page) => page.getByRole("button", { name: "Send message" }).click()],
  ["/partners", (page: Page) => page.getByRole("button", { name: /send/i }).click()],
  ["/board", (page: Page) => page.getByRole("button", { name: "Next board member" }).click()],
  ["/blog", async () => {}],
  ["/about/challenge", (page: Page) => page.getByRole("button", { name: "Next", exact: true }).click()],
] as const) {
  test(`${path} is served as islands and hydrates without errors`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    expectIslandsDocument(html);
    const scripts = scriptsOf(page);
    const problems = await openWatched(page, path);
    // the forms' code loads as they hydrate: wait for it before looking for a mismatch
    await page.waitForLoadState("networkidle");
    await check(page);
    await page.waitForTimeout(300);
    expect(scripts.filter((s) => /\/(router|entry\.client)-/.test(s))).toEqual([]);
    expect(problems).toEqual([]);
  });
}
