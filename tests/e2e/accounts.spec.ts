import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, pageAt } from "./helpers";

const email = `cand${Date.now()}@example.com`;
const password = "Sup3r$ecret";

test.describe.serial("candidate account journey", () => {
  test("sign up, then the 409 alert for the same e-mail", async ({ page }) => {
    await page.goto("/signup");
    await hydrated(page);
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/login\?registered=1/);
    await expect(page.getByRole("status")).toContainText("Your account is ready");

    await page.goto("/signup");
    await hydrated(page);
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
      await page.goto(route);
      await hydrated(page);
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
