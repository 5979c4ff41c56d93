import { expect, test } from "@playwright/test";
import { hydrated } from "./helpers";

test("the contact form shows field messages for an empty or invalid submission and confirms a valid one", async ({
  page,
}) => {
  await page.goto("/contact");
  await hydrated(page);
  const form = page.locator('form[data-inquiry-form="contact"]');
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Please enter your name.")).toBeVisible();
  await expect(form.getByText("Please enter your e-mail address.")).toBeVisible();
  await expect(form.getByText("Please write a message of at least 10 characters.")).toBeVisible();
  await expect(form.getByLabel("Your name")).toBeFocused();

  await form.getByLabel("Your name").fill("Dana Reyes");
  await form.getByLabel("E-mail address").fill("dana@not-an-email");
  await form.getByLabel("How can we help?").fill("Which exam should I take first as a new web developer?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Please enter a valid e-mail address, like name@example.com.")).toBeVisible();
  await expect(form.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("E-mail address").fill("dana@example.com");
  await form.getByRole("button", { name: "Send message" }).click();
  const status = page.getByRole("status").filter({ hasText: "Thank you" });
  await expect(status).toBeVisible();
  await expect(status).toContainText(/Reference: INQ-[A-Z0-9]{8}/);
});
