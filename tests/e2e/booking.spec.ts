import { expect, test } from "@playwright/test";
import { buyByApi, expectNoAxeViolations, signedInCandidate, visit, WIDTHS } from "./helpers";

/**
 * Booking a time for an online proctored exam (issue 28.1) from /account/exams, in the candidate's own time
 * zone (this browser says Europe/Berlin): book, reschedule, cancel, each stating the deadline; the mails with
 * their calendar file are checked in server/booking/booking.test.ts.
 */
const password = "Sup3r$ecret";

test.use({ timezoneId: "Europe/Berlin" });
test.describe.configure({ timeout: 90_000 });

test("book a time, reschedule it and cancel it, in the candidate's own time zone", async ({ page }) => {
  const email = `booking-${Date.now()}@example.com`;
  await signedInCandidate(page, email, password);
  await buyByApi(page.request, 1);

  await visit(page, "/account/exams");
  const form = page.getByRole("form", { name: "Book a time" });
  await expect(form).toBeVisible();
  await expect(form.getByText("Times are shown in your time zone, Central European")).toBeVisible();
  await expect(form.getByText("Mon-Fri 9AM-5PM CST")).toBeVisible();
  await expect(form.getByText("You can reschedule or cancel up to the start time.")).toBeVisible();
  // nothing chosen: said so
  await form.getByRole("button", { name: "Book this time" }).click();
  await expect(form.getByRole("alert")).toHaveText("Choose a start time.");
  // Central 9:00 is 16:00 in Berlin (15:00 in the weeks the two zones' summer times differ)
  const first = form.getByRole("radio").first();
  await expect(form.getByText(/seats? left/).first()).toBeVisible();
  await first.check();
  await form.getByRole("button", { name: "Book this time" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your exam is booked for" })).toContainText(
    "Central European",
  );
  await expect(page.getByText(/^Booked for .*Central European/)).toBeVisible();
  await expect(page.getByText("You can reschedule or cancel until the start time,")).toBeVisible();
  await expect(page.getByText("Check-in opens 30 minutes before the start")).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/booking-${width}.png`, fullPage: true });
  }
  await expectNoAxeViolations(page);

  // reschedule: the current time cannot be chosen again
  await page.getByRole("button", { name: "Reschedule" }).click();
  const move = page.getByRole("form", { name: "Choose a new time" });
  await expect(move.getByRole("heading", { name: "Choose a new time" })).toBeFocused();
  const free = move.getByRole("radio", { disabled: false });
  await free.first().check();
  await move.getByRole("button", { name: "Move to this time" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your exam is moved to" })).toBeVisible();

  // cancel, confirmed; the voucher can be booked again
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("button", { name: "Keep my time" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, cancel the booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your booking is cancelled." })).toBeVisible();
  await expect(page.getByRole("form", { name: "Book a time" })).toBeVisible();
});
