import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, mailLink, signUpByApi, visit } from "./helpers";

test.setTimeout(60_000);

test("forgot password: the link from the mail sets a new password, then the new one logs in", async ({
  page,
  request,
}) => {
  const email = `reset${Date.now()}@example.com`;
  await signUpByApi(request, email, "Old#pass123");

  await visit(page, "/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that address, we have sent it a link");
  await expectNoAxeViolations(page, "/forgot-password sent");

  const link = await mailLink(request, email, "/reset-password");
  await visit(page, link);
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
  await visit(page, link);
  await page.getByLabel("New password", { exact: true }).fill("Other#pass789");
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This link is invalid, has expired or was already used. Ask for a new one.",
  );
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
});

test("confirming the address: the account shows it, the purchase dialog asks for it, and a new address is confirmed before it is used", async ({
  page,
  request,
}) => {
  const email = `confirm${Date.now()}@example.com`;
  const next = `moved${Date.now()}@example.com`;
  const password = "Conf1rm#pass";
  await signUpByApi(request, email, password);

  await visit(page, "/login?next=/account");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/account");
  const section = page.getByRole("region", { name: "E-mail address" });
  await expect(section.locator("[data-email-status]")).toHaveText("Not confirmed yet");
  await section.getByRole("button", { name: "Send the confirmation link again" }).click();
  await expect(section.getByRole("status")).toContainText("We sent a new confirmation link");

  // the purchase dialog asks for a confirmed address before the form
  await visit(page, "/credentials");
  await page.getByRole("button", { name: "Buy Exam: JavaScript Professional Developer Online Exam" }).click();
  const dialog = page.getByRole("dialog", { name: "JavaScript Professional Developer Online Exam" });
  await expect(dialog.getByRole("alert")).toHaveText(
    "Please confirm your e-mail address before you buy an exam: follow the link we sent you when you signed up, or send it again.",
  );
  await expect(dialog.getByRole("button", { name: "Send the confirmation link again" })).toBeVisible();
  await expect(dialog.getByLabel("Card number")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto(await mailLink(request, email, "/confirm-email"));
  await expect(page.getByRole("status")).toHaveText("Your e-mail address is confirmed. Thank you!");
  await page.getByRole("link", { name: "Go to your account" }).click();
  await expect(section.locator("[data-email-status]")).toHaveText("Confirmed");

  // a new address: nothing changes until its link is followed
  await section.getByLabel("New e-mail address").fill(next);
  await section.getByLabel("Current password", { exact: true }).fill(password);
  await section.getByRole("button", { name: "Change my e-mail address" }).click();
  await expect(section.getByRole("status")).toContainText("We sent a link to your new address");
  await expect(section.getByText(email, { exact: true })).toBeVisible();
  await page.goto(await mailLink(request, next, "/confirm-email"));
  await expect(page.getByRole("status")).toHaveText("Your new e-mail address is confirmed: your account now uses it.");
  await page.getByRole("link", { name: "Go to your account" }).click();
  await expect(section.getByText(next, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "/account e-mail section");
});
