import { expect, test } from "@playwright/test";
import { hydrated, pageAt } from "./helpers";

const HEADLINE = "Coalition of Information Technology Businesses";

test("the served home page holds the full headline, the mission and the contact section", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain(HEADLINE);
  expect(html).toContain("Learn More");
  expect(html).toContain("/images/office-map.svg");
});

test("the headline types: pauses 1000 ms, erases and retypes, forever", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const visible = page.getByTestId("typing-visible");
  await expect(visible).toHaveText(HEADLINE);
  await expect
    .poll(async () => (await visible.textContent())!.replace(/\u200b/g, "").length, { timeout: 6000 })
    .toBeLessThan(HEADLINE.length - 5);
  await expect
    .poll(async () => (await visible.textContent())!.replace(/\u200b/g, ""), { timeout: 15000 })
    .toBe(HEADLINE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(HEADLINE);
});

test("under reduced motion the headline stays whole", async ({ browser }) => {
  const page = await pageAt(browser, 1280, { reducedMotion: "reduce" });
  await page.goto("/");
  await hydrated(page);
  await page.waitForTimeout(2500);
  await expect(page.getByTestId("typing-visible")).toHaveText(HEADLINE);
  await page.context().close();
});

test("Learn More goes to /about", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: /Learn More/ }).click();
  await expect(page).toHaveURL("/about");
});

test("about mission cards flip with the keyboard", async ({ page }) => {
  await page.goto("/about");
  await hydrated(page);
  const reveal = page.getByRole("button", { name: "Reveal Collaboration" });
  await reveal.focus();
  await page.keyboard.press("Enter");
  const back = page.getByRole("button", { name: "Flip back Collaboration" });
  await expect(back).toBeFocused();
  await expect(page.getByText(/bring IT businesses, schools and employers/)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(reveal).toBeFocused();
  await expect(page.getByRole("link", { name: "Take the Challenge" })).toHaveAttribute("href", "/about/challenge");
});

test("contact page lists hours, address, phone and e-mail links", async ({ page }) => {
  await page.goto("/contact");
  const main = page.locator("main");
  await expect(main.getByText("Mon-Fri 9AM-5PM CST")).toBeVisible();
  await expect(main.locator("address")).toContainText("Oklahoma City");
  await expect(main.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);
});
