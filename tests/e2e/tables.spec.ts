import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminFromCommandLine, allRoutes, buyByApi, pageAt, signedInCandidate, visit } from "./helpers";

/**
 * Tables never hide the column that matters (issue 25.16): on a 390 px phone the results of
 * /account/results and every exam's domain weights show every column (each row becomes a card), and at
 * 1280 px the console's continuing-education queue shows its Review column. A table that still has to
 * scroll sideways says so in a visible note its region names (aria-describedby).
 */
const password = "Sup3r$ecret";
const email = `tables${Date.now()}@example.com`;
const adminEmail = `tables-admin${Date.now()}@example.com`;

/** Each cell of each row lies inside the table's region, or the region announces that it scrolls. */
async function expectColumnsShownOrScrollAnnounced(region: Locator) {
  const report = await region.evaluate((el) => {
    const hintId = el.getAttribute("aria-describedby");
    const hint = hintId ? document.getElementById(hintId) : null;
    const announced = !!hint && hint.getBoundingClientRect().height > 0;
    const box = el.getBoundingClientRect();
    const right = Math.min(box.right, document.documentElement.clientWidth);
    const cut = [...el.querySelectorAll("tbody tr > *")]
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.width === 0 || r.right > right + 1 || r.left < box.left - 1;
      })
      .map((c) => (c.getAttribute("data-label") ?? "") + ": " + (c.textContent ?? "").trim().slice(0, 30));
    return { announced, cut };
  });
  if (!report.announced) expect(report.cut, "cells cut off with no hint that the table scrolls").toEqual([]);
  return report;
}

/** SHOTS_DIR=folder: also saves full-page screenshots of the screens checked, to look at. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`,
      fullPage: true,
    });
}

const buyExam = (page: Page, certId: number) => buyByApi(page.request, certId, { firstName: "Tabitha", email });

test.describe.serial("tables at 390 and 1280 px", () => {
  test.describe.configure({ timeout: 90_000 });
  let phone: Page;
  test.beforeAll(async ({ browser }) => {
    phone = await pageAt(browser, 390);
    await signedInCandidate(phone, email, password, { firstName: "Tabitha", next: "/account" });
    await buyExam(phone, 1);
    const pass = await phone.request.post("/api/test-fixtures/result", { data: { certId: 1, scorePercent: 88 } });
    expect(pass.status()).toBe(201);
  });
  test.afterAll(() => phone.context().close());

  test("/account/results at 390 px: the result column is on screen", async () => {
    await visit(phone, "/account/results");
    const region = phone.getByRole("region", { name: "Your exam results" });
    await expect(region.locator("tbody tr")).toHaveCount(1);
    const report = await expectColumnsShownOrScrollAnnounced(region);
    expect(report.cut).toEqual([]);
    await expect(region.getByText("Pass", { exact: true })).toBeInViewport();
    // the card names the column: the cell's label is drawn before its value
    const label = await region
      .locator('td[data-label="Result"]')
      .evaluate((td) => getComputedStyle(td, "::before").content);
    expect(label).toBe('"Result"');
    await shot(phone, "account-results");
  });

  test("every exam's weights table at 390 px: all four columns are on screen", async () => {
    const outlines = allRoutes().filter((r) => r.endsWith("exam-details-page"));
    const pages: string[] = [];
    for (const path of outlines) {
      await phone.goto(path);
      if ((await phone.locator("[data-weights-table]").count()) === 0) continue;
      pages.push(path);
      const region = phone.getByRole("region", { name: "Domain weights table" });
      const report = await expectColumnsShownOrScrollAnnounced(region);
      expect(report.cut, path).toEqual([]);
      const fourth = region.locator("tbody tr").first().locator("> *").nth(3);
      await fourth.scrollIntoViewIfNeeded();
      await expect(fourth, `${path}: the number of questions`).toBeInViewport({ ratio: 1 });
      await shot(phone, path.slice(1));
    }
    expect(pages.length, "exam outline pages with a weights table").toBeGreaterThanOrEqual(1);
  });

  test("the staff continuing-education queue at 1280 px: the Review column is on screen", async ({ browser }) => {
    // the candidate (certified above) sends an activity with its evidence
    const certs = (await (await phone.request.get("/api/me/certifications")).json()) as {
      certifications: { id: number; cycleStartsOn: string }[];
    };
    const added = await phone.request.post("/api/me/education", {
      multipart: {
        certificationId: String(certs.certifications[0]!.id),
        title: "Responsive tables workshop",
        provider: "Academy",
        activityDate: new Date().toISOString().slice(0, 10),
        category: "Course or training",
        units: "3",
        evidence: {
          name: "workshop-certificate.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4\n%tables\n"),
        },
      },
    });
    expect(added.status()).toBe(201);

    const admin = await pageAt(browser, 1280);
    await adminFromCommandLine(admin, adminEmail, password, { firstName: "Tab" });
    await admin.goto("/staff/continuing-education");
    const region = admin.getByRole("region", { name: /Continuing-education activities/ });
    await expect(region.locator("p", { hasText: "Responsive tables workshop" })).toBeVisible();
    const report = await expectColumnsShownOrScrollAnnounced(region);
    expect(report.cut, "every column fits at 1280 px").toEqual([]);
    const approve = region.getByRole("button", { name: "Approve Responsive tables workshop" });
    await expect(approve).toBeInViewport({ ratio: 1 });
    await shot(admin, "staff-continuing-education");
    await admin.context().close();
  });
});
