import { expect, test } from "@playwright/test";
import { servedFacts } from "./content-facts";
import { allRoutes as builtRoutes, visit } from "./helpers";

const policyRoutes = [
  "/policy/appeal-process-policy",
  "/policy/outsourcing-and-collaborative-partnership-policy",
  "/policy/internal-audit-policy",
  "/policy/invalidating-a-certification-policy",
  "/policy/candidate-certification-use-and-recertification-policy",
  "/policy/complaint-process-policy",
  "/policy/advisory-board-composition-and-responsibilities",
  "/policy/nondiscrimination-policy",
  "/policy/document-control-policy",
  "/policy/internal-personnel-policy",
  "/policy/management-review-policy",
  "/policy/privacy-confidentiality-and-security-policy",
  "/policy/recert-policy",
];
const allRoutes = ["/policies-page", ...policyRoutes, "/code-of-ethics", "/policy-renewal-page"];

test("every policy page is prerendered, so site.spec.ts checks it with axe and for sideways scrolling at both widths", () => {
  expect(builtRoutes()).toEqual(expect.arrayContaining(allRoutes));
});

test("the policies index lists the 13 organisational policies, each linking to its page", async ({ page }) => {
  await visit(page, "/policies-page");
  await expect(page.getByRole("heading", { level: 1, name: "Policies" })).toBeVisible();
  const list = page.getByRole("region", { name: "All policies" }).getByRole("listitem");
  await expect(list).toHaveCount(13);
  await expect(page.getByText("13 policies.", { exact: true })).toBeVisible();
  const hrefs = await list.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs.sort()).toEqual([...policyRoutes].sort());

  await page.getByRole("link", { name: "Appeal Process Policy" }).click();
  await expect(page).toHaveURL("/policy/appeal-process-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Appeal Process Policy" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Policies" }).first().click();
  await expect(page).toHaveURL("/policies-page");
});

test("searching the policies index narrows the list", async ({ page }) => {
  await visit(page, "/policies-page");
  await page.getByLabel("Search policies").fill("penetration");
  await expect(
    page.getByRole("link", { name: "Privacy, Confidentiality and Security Policy", exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Nondiscrimination Policy" })).toHaveCount(0);
});

test("the recertification policy shows the document table and opens the CEU appendix PDF in a new tab", async ({
  page,
  request,
}) => {
  await visit(page, "/policy/recert-policy");
  const table = page.getByRole("table", { name: "Recertification documents" });
  await expect(table.getByRole("columnheader")).toHaveText(["Item", "Posted by", "Date posted"]);
  const cells = table.getByRole("row").nth(1).getByRole("cell");
  await expect(cells).toHaveText([/^Appendix A: CEU Scoring/, "Administration", "10/2/2023"]);

  const link = table.getByRole("link", { name: "Appendix A: CEU Scoring (PDF, 142.25 KB, opens in a new tab)" });
  await expect(link).toHaveAttribute("href", "/Appendix_A_CEU_Scoring.pdf");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  const [popup] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect.poll(() => popup.url()).toContain("/Appendix_A_CEU_Scoring.pdf");
  await popup.close();
  await expect(page).toHaveURL("/policy/recert-policy");

  const pdf = await request.get("/Appendix_A_CEU_Scoring.pdf");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(body.length).toBe(145_664);
});

test("the complaint policy offers a mail link to the support address", async ({ page }) => {
  await visit(page, "/policy/complaint-process-policy");
  const main = page.getByRole("main");
  await expect(main.getByText("within 30 days of the issue", { exact: true })).toBeVisible();
  const mail = main.locator(".prose-policy a[href^='mailto:']");
  await expect(mail).toHaveCount(1);
  const href = await mail.getAttribute("href");
  expect(href).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
  await expect(mail).toHaveText(href!.slice("mailto:".length));
});

test("the certification use policy links to /credentials for the passing scores", async ({ page }) => {
  await page.goto("/policy/candidate-certification-use-and-recertification-policy");
  await expect(page.getByRole("main").getByRole("link", { name: "Credentials", exact: true })).toHaveAttribute(
    "href",
    "/credentials",
  );
});

test("the privacy policy has the quarterly penetration testing section in its table of contents", async ({ page }) => {
  await visit(page, "/policy/privacy-confidentiality-and-security-policy");
  await page
    .getByRole("navigation", { name: "On this page" })
    .getByRole("link", { name: "Penetration testing" })
    .click();
  await expect(page).toHaveURL(/#penetration-testing$/);
  // the section's sub-headings, as the served-facts list states them
  const { headings } = servedFacts.find((f) => f.route === "/policy/privacy-confidentiality-and-security-policy")!;
  const subsections = headings!.slice(headings!.indexOf("Penetration testing") + 1);
  expect(subsections).toHaveLength(6);
  for (const name of subsections) await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
});

test("the renewal policy shows the lifetime of a certification as an ordered list of states", async ({ page }) => {
  await page.goto("/policy-renewal-page");
  const states = page.getByRole("main").locator(".prose-policy ol > li");
  await expect(states).toHaveCount(5);
  await expect(states.first()).toContainText("valid for 3 years");
  await expect(states.nth(2)).toContainText("90-day grace period");
  await expect(states.last()).toContainText("retaking and passing the exam");
  await expect(page.getByRole("link", { name: "Back to Policies" }).first()).toHaveAttribute("href", "/policies-page");
});
