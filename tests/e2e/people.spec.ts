import { expect, test } from "@playwright/test";
import { pageAt, visit } from "./helpers";

const NAMES = ["Dana Whitfield", "Marcus Ellery", "Raymond Okafor", "Linda Torres", "Priya Raman"];
const TITLES = ["Secretary", "Vice Chairman", "Chairman and President", "Treasurer", "Chief Advancement Officer"];

test.describe("board", () => {
  test("the served HTML names all five members", async ({ request }) => {
    const html = await (await request.get("/board")).text();
    for (const n of NAMES) expect(html).toContain(n);
    for (const t of TITLES) expect(html).toContain(t);
  });

  test("buttons wrap both ways, the strip jumps and marks the current member, arrow keys move", async ({ page }) => {
    await visit(page, "/board");
    const name = page.getByTestId("board-slide").getByRole("heading", { level: 2 });
    const strip = page.getByRole("navigation", { name: "All board members" });
    await expect(name).toHaveText(NAMES[0]!);
    await page.getByRole("button", { name: "Previous board member" }).click();
    await expect(name).toHaveText(NAMES[4]!);
    await expect(page.getByTestId("board-slide")).toHaveAttribute("aria-label", "5 of 5");
    await page.getByRole("button", { name: "Next board member" }).click();
    await expect(name).toHaveText(NAMES[0]!);

    await strip.getByRole("button", { name: new RegExp(NAMES[2]!) }).click();
    await expect(name).toHaveText(NAMES[2]!);
    await expect(strip.getByRole("button", { name: new RegExp(NAMES[2]!) })).toHaveAttribute("aria-current", "true");
    await expect(strip.locator('[aria-current="true"]')).toHaveCount(1);

    const toggle = page.getByRole("button", { name: /Read more/ });
    await toggle.click();
    await expect(page.getByRole("button", { name: /Read less/ })).toHaveAttribute("aria-expanded", "true");

    const region = page.getByRole("region", { name: "Board members" });
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await expect(name).toHaveText(NAMES[3]!);
    await expect(page.getByTestId("board-role-duties")).toContainText("The Treasurer oversees");
    await expect(page.getByRole("button", { name: /Read more/ })).toHaveCount(0);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(name).toHaveText(NAMES[0]!);
    await page.keyboard.press("ArrowLeft");
    await expect(name).toHaveText(NAMES[4]!);
    await expect(page.getByTestId("board-live")).toContainText(NAMES[4]!);
  });

  test("the home page shows four board cards and links to /board", async ({ page }) => {
    await page.goto("/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Meet the Board" }) });
    await expect(section.getByText("Our Experts")).toBeVisible();
    await expect(section.getByRole("listitem")).toHaveCount(4);
    for (const t of TITLES.slice(0, 4)) await expect(section.getByText(t, { exact: true })).toBeVisible();
    await expect(section.getByRole("img", { name: /Generic profile silhouette/ })).toBeVisible();
    await section.getByRole("link", { name: "Meet the whole board" }).click();
    await expect(page).toHaveURL("/board");
  });
});

test.describe("partners", () => {
  test("eight cards, each linking out in a new tab safely", async ({ page }) => {
    await page.goto("/partners");
    const cards = page.getByTestId("partner-card");
    await expect(cards).toHaveCount(8);
    for (let i = 0; i < 8; i++) {
      const card = cards.nth(i);
      await expect(card.getByRole("img")).toBeVisible();
      await expect(card.getByRole("heading", { level: 3 })).not.toBeEmpty();
      const link = card.getByRole("link");
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAttribute("href", /^https:\/\/[a-z-]+\.example$/);
      await expect(link).toHaveAccessibleName(/opens in a new tab/);
    }
  });

  test("the partner form confirms a valid inquiry", async ({ page }) => {
    await visit(page, "/partners");
    await expect(
      page.getByRole("heading", { level: 2, name: "Interested in becoming a partner? Contact us!" }),
    ).toBeVisible();
    const form = page.locator('form[data-inquiry-form="partner"]');
    await form.getByLabel("Your name").fill("Avery Lee");
    await form.getByLabel("E-mail address").fill("avery@example.com");
    await form.getByLabel(/Tell us about your organisation/).fill("We run a coding school and would like to partner.");
    await form.getByRole("button", { name: "Send partnership inquiry" }).click();
    const status = page.getByRole("status").filter({ hasText: "Thank you" });
    await expect(status).toBeVisible();
    await expect(status).toContainText(/Reference: INQ-/);
  });
});

test.describe("blog", () => {
  test("the card opens the article in a new tab; the article shows its headings and reference link", async ({
    page,
    context,
  }) => {
    await visit(page, "/blog");
    const card = page.getByTestId("blog-card").first();
    await expect(card).toContainText("01 Aug 2024");
    await expect(card).toContainText("Jordan Avery");
    const link = card.getByRole("link");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const [article] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await article.waitForLoadState();
    await expect(article).toHaveURL(/\/blog\/Workforce-Innovation-Act$/);
    await expect(article.getByRole("heading", { level: 1 })).toContainText("Workforce Innovation Act");
    for (const h of ["What is the Workforce Innovation and Opportunity Act?", "Who is eligible?", "Steps to apply"])
      await expect(article.getByRole("heading", { level: 2, name: h })).toBeVisible();
    await expect(article.locator("time[datetime='2024-08-01']").first()).toHaveText("01 Aug 2024");
    const ref = article.getByRole("link", { name: /Workforce Innovation and Opportunity Act page/ });
    await expect(ref).toHaveAttribute("href", "https://www.dol.gov/agencies/eta/wioa");
    await expect(ref).toHaveAttribute("target", "_blank");
    await expect(ref).toHaveAttribute("rel", "noopener noreferrer");
    await article.getByRole("link", { name: "Back to the blog" }).first().click();
    await expect(article).toHaveURL("/blog");
  });

  test("the served article carries BlogPosting JSON-LD", async ({ request }) => {
    const html = await (await request.get("/blog/Workforce-Innovation-Act")).text();
    const m = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html);
    expect(m).not.toBeNull();
    const data = JSON.parse(m![1]!);
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      datePublished: "2024-08-01",
      author: { name: "Jordan Avery" },
      publisher: { "@type": "Organization" },
    });
    expect(data.headline).toContain("Workforce Innovation Act");
    expect(data.image).toMatch(/workforce-funding\.svg$/);
  });
});

test("under reduced motion the board changes member without animating", async ({ browser }) => {
  const page = await pageAt(browser, 1280, { reducedMotion: "reduce" });
  await visit(page, "/board");
  await page.getByRole("button", { name: "Next board member" }).click();
  const running = await page.getByTestId("board-slide").evaluate((el) => el.getAnimations().length);
  expect(running).toBe(0);
  await page.context().close();
});
