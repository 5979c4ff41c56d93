import { expect, test } from "@playwright/test";
import { allRoutes, expectNoAxeViolations, hydrated, pageAt, sitemapRoutes, visit, WIDTHS, working } from "./helpers";

const routes = sitemapRoutes();

test.describe("every public route", () => {
  test("is in the sitemap with the core pages, aliases left out", () => {
    for (const r of ["/", "/about", "/contact", "/testing-policies"]) expect(routes).toContain(r);
    expect(routes).not.toContain("/testing"); // its canonical URL is /testing-policies
  });

  test("answers 200 with its heading, title, description and canonical URL in the served HTML", async ({
    request,
    baseURL,
  }) => {
    for (const route of routes) {
      const res = await request.get(route, { headers: { "accept-encoding": "gzip" } });
      expect(res.status(), route).toBe(200);
      const html = await res.text();
      expect(html.match(/<h1[\s>]/g)?.length, `${route} has exactly one h1`).toBe(1);
      expect(html, route).toMatch(/<title>[^<]{5,}<\/title>/);
      expect(html, route).toMatch(/<meta name="description" content="[^"]{20,}"/);
      // the server's public address (PUBLIC_URL, here the default http://HOST:PORT), not the build's
      expect(html, route).toContain(`<link rel="canonical" href="${baseURL}${route === "/" ? "/" : route}`);
      expect(html, route).toMatch(/<meta property="og:title"/);
      expect(res.headers()["content-security-policy"], route).toContain("frame-ancestors 'none'");
      // The first paint waits for the document only: its critical CSS is inline, the full stylesheet and the
      // hydration scripts load without blocking it.
      expect(html, route).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
      const blocking = [...html.replace(/<noscript>.*?<\/noscript>/gs, "").matchAll(/<link rel="stylesheet"[^>]*>/g)];
      expect(
        blocking.filter((m) => !m[0].includes('media="print"')).map((m) => m[0]),
        route,
      ).toEqual([]);
      expect(html, route).not.toMatch(/<link rel="modulepreload" href=/);
      // Every part is in place in the HTML: React would otherwise move a large or late Suspense boundary to the
      // end of the page behind its fallback (<template id="B:…">), swapped in later by a script (app/entry.server.tsx).
      expect(html, route).not.toMatch(/<template id="B:/);
    }
  });

  test("the deferred stylesheet switches on under the CSP, and pages are styled without JavaScript", async ({
    browser,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      // Layout shifts (other than the home page's typing caret): a rule missing from the critical CSS shows
      // up as content moving when the full stylesheet arrives.
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
            const caret = e.sources.every((s) => (s.node as Element | undefined)?.classList?.contains("animate-pulse"));
            if (!caret) w.shifts += e.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      const problems: string[] = [];
      page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
      page.on("pageerror", (e) => problems.push(e.message));
      for (const route of ["/", "/credentials", "/testing/refund-policy"]) {
        await page.goto(route);
        if (javaScriptEnabled) {
          await hydrated(page);
          await expect(page.locator('link[rel="stylesheet"][href^="/assets/"]').first()).toHaveAttribute(
            "media",
            "all",
          );
        }
        // A rule that only the full stylesheet holds: the footer's styles are critical, a hidden dialog's are not.
        const sheets = await page.evaluate(
          () =>
            [...document.styleSheets].filter(
              (s) =>
                s.href?.includes("/assets/") &&
                !s.disabled &&
                (s.media.mediaText === "" || s.media.mediaText === "all"),
            ).length,
        );
        expect(sheets, `${route} with JavaScript ${javaScriptEnabled ? "on" : "off"}`).toBeGreaterThan(0);
        expect(await page.locator("footer").evaluate((f) => getComputedStyle(f).display)).not.toBe("inline");
        // Before any script has run (a carousel's slides wait for Embla), nothing widens the page sideways.
        if (!javaScriptEnabled)
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route} without JavaScript`).toBe(
            390,
          );
        if (javaScriptEnabled)
          expect(
            await page.evaluate(() => (window as unknown as { shifts: number }).shifts),
            `${route} shifts`,
          ).toBeLessThan(0.001);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

// Every route at both widths, in four parts that run side by side (the two Playwright workers): axe with
// every rule, and no sideways scrolling. The policy pages' own tests rely on this.
test.describe("every route is axe clean and fits the screen", () => {
  test.describe.configure({ mode: "parallel" });
  const PARTS = 2;
  for (const width of WIDTHS) {
    for (let part = 0; part < PARTS; part++) {
      test(`at ${width} px, part ${part + 1} of ${PARTS}`, async ({ browser }) => {
        const every = allRoutes();
        expect(every).toEqual(expect.arrayContaining([...routes, "/login", "/signup", "/accessibility"]));
        const mine = every.filter((_, i) => i % PARTS === part);
        test.setTimeout(60_000 + mine.length * 15_000);
        const page = await pageAt(browser, width);
        for (const route of mine) {
          await visit(page, route);
          await expectNoAxeViolations(page, `${route} at ${width}px`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${route} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
        }
        await page.context().close();
      });
    }
  }
});

test.describe("open menus and notes are axe clean", () => {
  // up to two axe runs of a long page each, beside the other worker's pages
  test.describe.configure({ timeout: 90_000 });
  test("the open mobile menu with its Certification list, at 390 px", async ({ browser }) => {
    const page = await pageAt(browser, 390);
    await visit(page, "/credentials");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    await menu.getByRole("button", { name: "Certification" }).click();
    await expect(menu.getByRole("link", { name: "Testing Policies" })).toBeVisible();
    await expectNoAxeViolations(page, "open mobile menu at 390px");
    await page.context().close();
  });

  test("the open Certification menu of the navigation bar and the footer, at 1280 px", async ({ browser }) => {
    const page = await pageAt(browser, 1280);
    await visit(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Certification" }).click();
    await expectNoAxeViolations(page, "open Certification menu at 1280px");
    await page.locator("footer").getByRole("button", { name: "Certification" }).click();
    await expectNoAxeViolations(page, "open footer Certification list at 1280px");
    await page.context().close();
  });

  for (const width of WIDTHS) {
    test(`the exam information note: hover, move onto it, Escape, at ${width} px`, async ({ browser }) => {
      const page = await pageAt(browser, width);
      await visit(page, "/credentials");
      const info = page.getByRole("button", { name: /^Exam requirements: JavaScript/ });
      const note = page.locator("[data-info-note]");
      await info.scrollIntoViewIfNeeded();
      // the cards hydrate as they come near the screen (docs/decisions/0028); a hover is no press to hold
      await working(page, "exam-cards");
      await info.hover();
      await expect(note).toBeVisible();
      await expect(note).toContainText("No prior training or membership is required to take this exam.");
      // WCAG 1.4.13: the pointer can move from the icon onto the note without it closing
      const box = (await note.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
      await expect(note).toBeVisible();
      await expectNoAxeViolations(page, `open exam note at ${width}px`);
      await page.keyboard.press("Escape");
      await expect(note).toBeHidden();
      await page.mouse.move(0, 0);
      // keyboard: focus opens it, Escape closes it and keeps the focus
      await info.focus();
      await expect(note).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(note).toBeHidden();
      await expect(info).toBeFocused();
      await page.context().close();
    });
  }
});

test("the logo link is named by its visible text", async ({ browser }) => {
  const page = await pageAt(browser, 1280);
  await page.goto("/");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^CITB Coalition of IT Businesses/ }),
  ).toHaveAttribute("href", "/");
  await page.context().close();
});

test("a form sent before its page's code ran puts nothing in the address: forms post, and the page answers 303", async ({
  page,
  request,
}) => {
  let forms = 0;
  for (const route of allRoutes()) {
    const html = await (await request.get(route)).text();
    for (const [form] of html.matchAll(/<form[^>]*>/g)) {
      forms++;
      // the verification lookup is a search (GET /verify?id=…), the one form meant to put its fields in the
      // address; /verify's other form (a credential file to check) posts like every other
      if (route === "/verify" && form.includes('role="search"')) continue;
      expect(form, route).toContain('method="post"');
    }
  }
  expect(forms).toBeGreaterThanOrEqual(7);
  // with scripts off, a sent log-in form comes back as the log-in page, and no password is in the address
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto("/login");
  await noScript.getByLabel("E-mail address").fill("ada@example.com");
  await noScript.getByLabel("Password", { exact: true }).fill("not-in-the-address");
  await noScript.getByRole("button", { name: "Log in" }).click();
  await expect(noScript).toHaveURL("/login");
  await expect(noScript.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});

test("an unknown path answers 404 with a way back home", async ({ page, request }) => {
  const res = await request.get("/no-such-page");
  expect(res.status()).toBe(404);
  const messages: string[] = [];
  page.on("console", (m) => messages.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL("/");
  // neither React Router's "Hey developer" notice nor any other message or error (the browser's own line
  // about the document's 404 status aside)
  expect(messages.filter((m) => !/Failed to load resource: .* 404/.test(m))).toEqual([]);
});

test("the 404 page is a real prerendered page: title, heading, navigation and a way back, without scripts", async ({
  browser,
  request,
}) => {
  for (const path of ["/no-such-page", "/policy/no-such-policy", "/404", "/%E2%9C%93-unknown"]) {
    const res = await request.get(path);
    expect([path, res.status()]).toEqual([path, 404]);
    const html = await res.text();
    expect(html).toContain("<title>Page not found | CITB</title>");
    expect(html).toContain("We could not find that page");
    expect(html).toContain('<meta name="robots" content="noindex');
    // served as islands: the page's own HTML, no React Router in the browser
    expect(html).not.toMatch(/__reactRouterContext|window\.__reactRouter/);
  }
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  const answer = await noScript.goto("/no-such-page");
  expect(answer?.status()).toBe(404);
  await expect(noScript).toHaveTitle("Page not found | CITB");
  await expect(noScript.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  await expect(noScript.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(noScript.getByRole("contentinfo")).toBeVisible();
  await noScript.getByRole("link", { name: "Contact us" }).first().click();
  await expect(noScript).toHaveURL("/contact");
  await context.close();
});

test("unknown API paths answer JSON 404", async ({ request }) => {
  const res = await request.get("/api/nope");
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: "not_found", message: expect.any(String) });
});

test("sitemap.xml, robots.txt, the blog feed, link previews and structured data are served", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain(`<loc>${baseURL}/about</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).not.toMatch(/^Disallow: \/(login|signup|account)/m);

  const feed = await request.get("/blog/feed.atom");
  expect(feed.headers()["content-type"]).toMatch(/^application\/atom\+xml/);
  expect(await feed.text()).toContain(
    `<link rel="alternate" type="text/html" href="${baseURL}/blog/Workforce-Innovation-Act"/>`,
  );
  const blog = await (await request.get("/blog")).text();
  expect(blog).toContain('<link rel="alternate" type="application/atom+xml" title="CITB blog" href="/blog/feed.atom">');
  expect(blog).toMatch(/<a [^>]*href="\/blog\/feed.atom"/);

  const types: Record<string, string> = {
    "/": "Organization",
    "/jsexam-details-page": "EducationalOccupationalCredential",
    "/policy/appeal-process-policy": "BreadcrumbList",
  };
  for (const [route, type] of Object.entries(types)) {
    const html = await (await request.get(route)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    expect(
      blocks.map((b) => b["@type"]),
      route,
    ).toEqual([type]);
    const image = new RegExp(`<meta property="og:image" content="${baseURL}([^"]+)"`).exec(html)![1]!;
    const png = await request.get(image);
    expect(png.headers()["content-type"], `${route} og:image`).toBe("image/png");
  }
});
