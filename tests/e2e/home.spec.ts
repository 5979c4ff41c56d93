import { expect, test } from "@playwright/test";
import { pageAt, visit } from "./helpers";

const HEADLINE = "Coalition of Information Technology Businesses";

test("the served home page holds the full headline, the mission and the contact section", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain(HEADLINE);
  expect(html).toContain("Learn More");
  expect(html).toContain("/images/office-map.svg");
});

test("the headline types: pauses 1000 ms, erases and retypes, forever", async ({ page }) => {
  test.setTimeout(60_000);
  await visit(page, "/");
  // The page records every change of the animated text with its time, so a slow test runner cannot miss a
  // step between two looks (the exact timing is unit-tested in app/components/TypingHeadline.test.tsx).
  await page.getByTestId("typing-visible").evaluate((el) => {
    const w = window as unknown as { typed: [number, number][] };
    const length = () => el.textContent!.replace(/\u200b/g, "").length;
    w.typed = [[performance.now(), length()]];
    new MutationObserver(() => w.typed.push([performance.now(), length()])).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  const n = HEADLINE.length;
  const typed = () => page.evaluate(() => (window as unknown as { typed: [number, number][] }).typed);
  // The recording may start anywhere in a cycle: find the end of a retyping (full text after n - 1), the
  // first keystroke of the next erasing, and the end of the retyping after it.
  const cycle = (lengths: number[]) => {
    const retyped = lengths.findIndex((len, i) => len === n && lengths[i - 1] === n - 1);
    const erasing = retyped < 0 ? -1 : lengths.findIndex((len, i) => i > retyped && len < n);
    const done = erasing < 0 ? -1 : lengths.findIndex((len, i) => i > erasing && len === n);
    return { retyped, erasing, done };
  };
  await expect
    .poll(async () => cycle((await typed()).map(([, len]) => len)).done, { timeout: 45_000 })
    .toBeGreaterThan(0);
  const changes = await typed();
  const lengths = changes.map(([, len]) => len);
  const { retyped, erasing, done } = cycle(lengths);
  // Erased (to nothing, unless a timer that fired late skipped the bottom keystrokes) and typed back.
  expect(Math.min(...lengths.slice(erasing, done))).toBeLessThanOrEqual(3);
  // The times are when the page showed a change, which a busy machine delays by up to a few hundred ms
  // (300 allowed here; a pause or keystroke that is missing or too short still fails).
  const late = 300;
  // The full text stays 1000 ms before the erasing starts again.
  expect(changes[erasing]![0] - changes[retyped]![0]).toBeGreaterThanOrEqual(1000 - late);
  // From the first keystroke of erasing (n - 1 shown) to the full text: 91 keystrokes of 60 ms (speed 40).
  expect(changes[done]![0] - changes[erasing]![0]).toBeGreaterThanOrEqual(91 * 60 - late);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(HEADLINE);
});

test("under reduced motion the headline stays whole", async ({ browser }) => {
  const page = await pageAt(browser, 1280, { reducedMotion: "reduce" });
  await visit(page, "/");
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
  await visit(page, "/about");
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
