import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import config from "../../playwright.config";
import { cardPayload, orderPayload } from "../../server/testing/order-payload";

/** Every public route, as the build's sitemap lists them (the sitemap is made from the prerendered pages). */
export function sitemapRoutes(): string[] {
  const xml = fs.readFileSync(path.resolve("build/client/sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/**
 * Every route of the site: each page the build prerendered (every static route of app/routes.ts,
 * including the ones kept out of the sitemap such as /login), so a new route is checked without
 * being listed here.
 */
export function allRoutes(): string[] {
  const root = path.resolve("build/client");
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => f === "index.html" || f.endsWith(`${path.sep}index.html`))
    .map((f) => "/" + path.dirname(f).split(path.sep).join("/"))
    .map((r) => (r === "/." ? "/" : r))
    .sort();
}

export const WIDTHS = [390, 1280] as const;

/** A page in a fresh context at the given width (AxeBuilder needs a page from browser.newContext()). */
export async function pageAt(
  browser: Browser,
  width: number,
  opts: { reducedMotion?: "reduce" | "no-preference" } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: opts.reducedMotion });
  return context.newPage();
}

/**
 * Rules the current axe-core release ships switched off or as experimental that WCAG 2.2 AA needs:
 * target-size (2.5.8) and label-content-name-mismatch (2.5.3, which Lighthouse also runs).
 */
const WCAG22_EXTRA_RULES = ["target-size", "label-content-name-mismatch"];

/**
 * axe with every rule on by default in the installed axe-core (no tag filter, nothing disabled), plus the rules above.
 * Legacy mode runs axe in the page itself: the default mode finishes every run in a new blank page, which
 * doubled the cost of each check (about 2 s of 4 on a busy CI machine). It cannot look into cross-origin
 * frames, and the site has no frames at all.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  await settled(page);
  expect(await page.locator("iframe, frame").count(), `${label} has no frames for axe to miss`).toBe(0);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: Object.fromEntries(WCAG22_EXTRA_RULES.map((id) => [id, { enabled: true }])) })
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * Waits until no finite CSS animation or transition is running, so axe measures the layout the
 * reader ends up with (an entering screen slides 8 px, the navigation bar slides away on scroll):
 * target-size depends on where targets are, and measuring mid-move made the result vary.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Waits until React has hydrated the page: the router's client script ran, or, on a page served as
 * islands (app/islands), every island of the first screen has hydrated (one that waits to be near the screen,
 * docs/decisions/0028, has been found away from it: `working` waits for such an island once it is reached).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined ||
      document.documentElement.dataset.islands === "hydrated",
  );
  await page.waitForLoadState("networkidle");
}

/** Opens `path` and waits until the page has hydrated (see hydrated). */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** Waits until an island reached on the page works: hydrated, and no part of the page waiting for its code. */
export async function working(page: Page, island: string) {
  await page.locator(`[data-island="${island}"][data-hydrated]`).first().waitFor({ state: "attached" });
  await page.waitForFunction(() => Number(document.documentElement.dataset.laterParts ?? 0) === 0);
}

/**
 * The newest link to `path` (e.g. "/reset-password") in the mail sent to `to`, read from the development
 * mailbox's JSON view (the e2e server has no SMTP_URL: messages stay in the outbox). Polls until the
 * message is there; answers the link's path and query, to visit on the test server.
 */
export async function mailLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await res.json()) as { messages: { links: string[] }[] };
      const link = messages.flatMap((m) => m.links).find((l) => new URL(l).pathname === path);
      found = link && new URL(link).pathname + new URL(link).search;
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** A new candidate account through the API (no form filling); its address is not confirmed yet. */
export async function signUpByApi(
  request: APIRequestContext,
  email: string,
  password: string,
  firstName = "Ada",
  lastName = "Lovelace",
) {
  const res = await request.post("/api/signup", {
    data: { certUser: { firstName, lastName, email, password } },
  });
  expect(res.status()).toBe(201);
}

/**
 * A new candidate on `page`: signed up through the API, the address confirmed by its link, then logged in on
 * the login page as a person does. It lands on `next` when one is given (the page's `?next=`), on /account
 * otherwise.
 */
export async function signedInCandidate(
  page: Page,
  email: string,
  password: string,
  { firstName = "Ada", lastName = "Lovelace", next }: { firstName?: string; lastName?: string; next?: string } = {},
) {
  await signUpByApi(page.request, email, password, firstName, lastName);
  await confirmAddress(page.request, email);
  await visit(page, next ? `/login?next=${next}` : "/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(next ?? "/account", { timeout: 20_000 });
}

/**
 * An admin made the way `npm run admin:create` makes one (the test fixture's invitation), who accepts the
 * invitation on its page with a name and a password and lands on the console's dashboard.
 */
export async function adminFromCommandLine(
  page: Page,
  email: string,
  password: string,
  { firstName, lastName = "Tester" }: { firstName: string; lastName?: string },
) {
  const made = await page.request.post("/api/test-fixtures/admin-invitation", { data: { email } });
  expect(made.status()).toBe(201);
  await visit(page, (await made.json()).path);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set password and open the console" }).click();
  await expect(page).toHaveURL("/staff");
}

/** Chromium's fake camera (a test pattern) and an automatic yes to its permission prompt, with the project's own args. */
export const FAKE_CAMERA = {
  ...config.use?.launchOptions,
  args: [
    ...(config.use?.launchOptions?.args ?? []),
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
  ],
};

/** Confirms an account's address the way a person does: follows the link of the confirmation message. */
export async function confirmAddress(request: APIRequestContext, email: string) {
  const link = await mailLink(request, email, "/confirm-email");
  const token = new URL(link, "http://x").searchParams.get("token");
  const res = await request.post("/api/email/confirm", { data: { token } });
  expect(res.status()).toBe(200);
}

/**
 * Buys an exam through the API as the purchase dialog does: a test-gateway token for the card that succeeds
 * (4242…), then the order. Answers the order as the API returns it.
 */
export async function buyByApi(
  request: APIRequestContext,
  certId: number,
  buyer: { firstName?: string; lastName?: string; email?: string } = {},
) {
  const token = (await (await request.post("/test-gateway/tokens", { data: cardPayload() })).json()).token;
  const res = await request.post("/api/orders", {
    data: orderPayload({
      FirstName: buyer.firstName ?? "Ada",
      LastName: buyer.lastName ?? "Lovelace",
      Phone: "4055550123",
      Email: buyer.email ?? "buyer@example.com",
      courseCertId: String(certId),
      paymentToken: token,
    }),
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { order: { reference: string; voucherCode: string } };
}

/**
 * An accommodation request for exam 3 (extra time, a letter attached) sent through the API with the upload
 * route's multipart/form-data, as the browser's form sends it. Answers the request's reference.
 */
export async function accommodationByApi(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/me/requests/accommodation", {
    multipart: {
      certId: "3",
      plannedRegistrationOn: new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10),
      details: "Extra time for a documented reading condition.",
      documents: { name: "letter.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% letter\n") },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).request.reference;
}

/**
 * The voucher's check-in approved by a test fixture: an exam starts only after a proctor approves its check-in,
 * which tests/e2e/proctoring.spec.ts walks through in the browser.
 */
export async function approvedCheckIn(request: APIRequestContext, voucherCode: string) {
  const res = await request.post("/api/test-fixtures/approved-check-in", { data: { voucherCode } });
  expect(res.status(), await res.text()).toBe(201);
}

/** From My exams, "Start the exam" (a voucher whose check-in is approved): the exam's start screen, hydrated. */
export async function openStartScreen(page: Page) {
  await visit(page, "/account/exams");
  await page.getByRole("link", { name: "Start the exam" }).first().click();
  await expect(page).toHaveURL(/\/exam\?voucher=\d+/);
  await hydrated(page);
}

/**
 * The exam's start screen answered (the testing country, the candidate agreement, the name as on the ID) and
 * sent: the exam opens on its sitting. Answers the sitting's id.
 */
export async function startExam(page: Page, country = "United States") {
  await page.getByLabel("Testing country").selectOption({ label: country });
  await page.getByLabel(/I have read and accept the candidate agreement/).check();
  await page.getByLabel(/matches the first and last names on my ID exactly/).check();
  await page.getByRole("button", { name: "Start the exam" }).click();
  await expect(page).toHaveURL(/\/exam\?sitting=\d+/);
  return Number(new URL(page.url()).searchParams.get("sitting"));
}
