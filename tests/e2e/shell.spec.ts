import { expect, test } from "@playwright/test";
import { pageAt, visit } from "./helpers";

test.describe("navigation bar at 1280 px", () => {
  test("has the spec's links and the Certification dropdown, keyboard operable", async ({ page }) => {
    await visit(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "About", "Partners", "Board", "Contact Us"])
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    const cert = nav.getByRole("button", { name: "Certification" });
    await expect(cert).toHaveAttribute("aria-expanded", "false");
    await cert.focus();
    await page.keyboard.press("Enter");
    await expect(cert).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Credentials", "Testing Options", "Policies", "Testing Policies", "Special Accommodations"])
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(cert).toHaveAttribute("aria-expanded", "false");
    await expect(cert).toBeFocused();
  });

  test("slides away on scroll down and back on scroll up", async ({ page }) => {
    await visit(page, "/");
    const header = page.locator("header[data-site-nav]");
    await expect(header).toHaveAttribute("data-hidden", "false");
    await page.mouse.wheel(0, 900);
    await expect(header).toHaveAttribute("data-hidden", "true");
    await expect.poll(async () => (await header.boundingBox())!.y).toBeLessThan(-30);
    await page.mouse.wheel(0, -300);
    await expect(header).toHaveAttribute("data-hidden", "false");
    await expect.poll(async () => (await header.boundingBox())!.y).toBeGreaterThan(-1);
  });

  test("a skip link jumps to the main content", async ({ page }) => {
    await visit(page, "/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("is hidden on /contact", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.locator("header[data-site-nav]")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Reach Out!" })).toBeVisible();
  });
});

test.describe("navigation bar at 768 px", () => {
  test("is a hamburger menu that slides down", async ({ browser }) => {
    const page = await pageAt(browser, 768);
    await visit(page, "/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Partners" })).toBeHidden();
    // Closed, the menu takes no room (no band under the bar, nothing for the page to shift by).
    const menuHeight = async () => (await page.locator("#mobile-menu").boundingBox())?.height ?? 0;
    expect(await menuHeight()).toBe(0);
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByRole("link", { name: "Partners" })).toBeVisible();
    await menu.getByRole("button", { name: "Certification" }).click();
    await menu.getByRole("link", { name: "Testing Policies" }).click();
    await expect(page).toHaveURL("/testing-policies");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await expect.poll(menuHeight).toBe(0);
    await page.context().close();
  });

  test("is hidden on /about at narrow widths but shown when wide", async ({ browser }) => {
    const narrow = await pageAt(browser, 768);
    await narrow.goto("/about");
    await expect(narrow.locator("header[data-site-nav]")).toBeHidden();
    await narrow.context().close();
    const wide = await pageAt(browser, 1280);
    await wide.goto("/about");
    await expect(wide.locator("header[data-site-nav]")).toBeVisible();
    await wide.context().close();
  });
});

test("footer has the spec's links", async ({ page }) => {
  await visit(page, "/");
  const footer = page.locator("footer");
  for (const [name, href] of [
    ["Home", "/"],
    ["About Us", "/about"],
    ["Board", "/board"],
    ["Partners", "/partners"],
    ["Contact us", "/contact"],
    ["Privacy Policy", "/policy/privacy-confidentiality-and-security-policy"],
    ["Terms of Service", "/policies-page"],
    ["Accessibility", "/accessibility"],
  ])
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  await footer.getByRole("button", { name: "Certification" }).click();
  for (const name of ["Credentials", "Policies", "Testing Policies", "Special Accommodations"])
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  for (const name of [/Facebook/, /Instagram/]) {
    const link = footer.getByRole("link", { name });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(footer).toContainText("© 2024");
});
