import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, pageAt, sitemapRoutes, WIDTHS } from "./helpers";

const routes = sitemapRoutes();

test.describe("every public route", () => {
  test("is in the sitemap with the core pages", () => {
    for (const r of ["/", "/about", "/contact", "/testing-policies", "/testing"]) expect(routes).toContain(r);
  });

  test("answers 200 with its heading, title, description and canonical URL in the served HTML", async ({ request }) => {
    for (const route of routes) {
      const res = await request.get(route, { headers: { "accept-encoding": "gzip" } });
      expect(res.status(), route).toBe(200);
      const html = await res.text();
      expect(html.match(/<h1[\s>]/g)?.length, `${route} has exactly one h1`).toBe(1);
      expect(html, route).toMatch(/<title>[^<]{5,}<\/title>/);
      expect(html, route).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, route).toMatch(/<link rel="canonical" href="https:\/\/[^"]+"/);
      expect(html, route).toMatch(/<meta property="og:title"/);
      expect(res.headers()["content-security-policy"], route).toContain("frame-ancestors 'none'");
    }
  });

  for (const width of WIDTHS) {
    test(`has no axe violations at ${width} px`, async ({ browser }) => {
      test.setTimeout(60_000 + routes.length * 10_000);
      const page = await pageAt(browser, width);
      for (const route of routes) {
        await page.goto(route);
        await hydrated(page);
        await expectNoAxeViolations(page, `${route} at ${width}px`);
      }
      await page.context().close();
    });
  }
});

test("an unknown path answers 404 with a way back home", async ({ page, request }) => {
  const res = await request.get("/no-such-page");
  expect(res.status()).toBe(404);
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL("/");
});

test("unknown API paths answer JSON 404", async ({ request }) => {
  const res = await request.get("/api/nope");
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: "not_found", message: expect.any(String) });
});

test("sitemap.xml and robots.txt are served", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain("<loc>https://www.citb.example/about</loc>");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Sitemap: https://www.citb.example/sitemap.xml");
});
