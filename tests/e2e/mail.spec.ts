import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, mailLink, signUpByApi } from "./helpers";

test.setTimeout(60_000);

test("forgot password: the link from the mail sets a new password, then the new one logs in", async ({
  page,
  request,
}) => {
  const email = `reset${Date.now()}@example.com`;
  await signUpByApi(request, email, "Old#pass123");

  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that address, we have sent it a link");
  await expectNoAxeViolations(page, "/forgot-password sent");

  const link = await mailLink(request, email, "/reset-password");
  await page.goto(link);
  await hydrated(page);
  await page.getByLabel("New password", { exact: true }).fill("weak");
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page.getByText("Password must be at least 8 characters long.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("New#pass456");
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page).toHaveURL("/login?reset=1");
  await expect(page.getByRole("status")).toContainText("Your password was changed");

  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("New#pass456");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/account");

  // the link works once
  await page.goto(link);
  await hydrated(page);
  await page.getByLabel("New password", { exact: true }).fill("Other#pass789");
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This link is invalid, has expired or was already used. Ask for a new one.",
  );
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
});
