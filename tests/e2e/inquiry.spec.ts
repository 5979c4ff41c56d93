import { expect, test } from "@playwright/test";
import { visit } from "./helpers";

test("the contact form shows field messages for an empty or invalid submission and confirms a valid one", async ({
  page,
}) => {
  await visit(page, "/contact");
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

// /contact and the home page: both serve the form as an island of their own (docs/decisions/0016); on the home
// page it is at the bottom, and its code loads when a visitor comes near it (docs/decisions/0028)
for (const path of ["/contact", "/"]) {
  test(`on ${path}, what a visitor types and sends before the form's code arrives is kept and sent`, async ({
    page,
  }) => {
    // Hold the form's own code (react-hook-form, the schema) until the visitor has typed into the prerendered
    // form and pressed Send.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested!: () => void;
    const formCodeRequested = new Promise<void>((resolve) => (requested = resolve));
    await page.route(/\/assets\/InquiryForm-[\w-]+\.js$/, async (route) => {
      requested();
      await held;
      await route.continue();
    });
    const posted: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posted.push(new URL(r.url()).pathname));
    await page.goto(path);
    const form = page.locator('form[data-inquiry-form="contact"]');
    await form.getByLabel("Your name").fill("Early Typist");
    await formCodeRequested;
    await form.getByLabel("E-mail address").fill("early@example.com");
    await form.getByLabel("How can we help?").fill("I typed this before the form could validate anything.");
    await form.getByRole("button", { name: "Send message" }).click();
    // held by the page, not posted to it
    await expect(form).toHaveAttribute("data-submit", "waiting");
    expect(posted).toEqual([]);
    release();
    await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toContainText(/Reference: INQ-/);
    expect(posted).toEqual(["/api/inquiries"]);
  });
}
