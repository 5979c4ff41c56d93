import { expect, test, type Page } from "@playwright/test";
import { AUTH_MESSAGES } from "../../app/schemas/auth-messages";
import { visit } from "./helpers";

/** The list's 23rd to 28th entries as they stand side by side in it: a script carrying the list has them. */
const listRun = /qwertyuiop.{0,120}1qaz2wsx/s;

/** Every script the page loads, by URL, with its body. */
function collectScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (res) => {
    if (res.request().resourceType() === "script")
      scripts.set(
        res.url(),
        res.text().catch(() => ""),
      );
  });
  return scripts;
}

test("issue 31.5: sign-up with a common password shows the server's refusal under the password field; no script carries the list", async ({
  page,
}) => {
  const scripts = collectScripts(page);
  await visit(page, "/signup");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("E-mail address").fill(`common${Date.now()}@example.com`);
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("Password1!");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/signup"));
  await page.getByRole("button", { name: "Create account" }).click();
  expect((await answer).status()).toBe(400);
  await expect(password).toHaveAccessibleDescription(
    new RegExp(AUTH_MESSAGES.passwordCommon.replace(/[.()]/g, "\\$&")),
  );
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toBeFocused();
  await expect(page).toHaveURL("/signup");

  await visit(page, "/reset-password?token=x");
  expect(scripts.size).toBeGreaterThan(0);
  for (const [url, body] of scripts) {
    expect(url, url).not.toMatch(/passwords/i);
    expect(listRun.test(await body), url).toBe(false);
  }
});
