import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buyByApi, expectNoAxeViolations, hydrated, signedInCandidate, visit, WIDTHS } from "./helpers";

/**
 * The candidate's side of the certification program in the browser (issue 18), on one account:
 * buy → voucher → (a fixture records a pass) → certificate in the account → public verification;
 * cancelling within 24 hours; a retake bought too early; an accommodation request acknowledged by e-mail.
 * Data that is not the journey's point is set up through the API and /api/test-fixtures.
 */
const email = `cert${Date.now()}@example.com`;
const password = "Sup3r$ecret";
const NOT_FOUND =
  "No certification matches this credential ID and last name. Check both against the certificate and try again.";
let page: Page;
/** the certification the first journey issues */
let certified = "";

const candidate = {
  FirstName: "Grace",
  LastName: "Lovelace",
  Phone: "4055550123",
  Email: email,
  Address: "12 Elm Street",
  City: "Oklahoma City",
  State: "OK",
  Zip: "73102",
};
const year = new Date().getFullYear() + 2;

/** Buys an exam through the API with a test-gateway token (as the browser does). */
const buyExam = (certId: number) =>
  buyByApi(page.request, certId, { firstName: candidate.FirstName, lastName: candidate.LastName, email });

async function fillOrder(dialog: Locator) {
  await dialog.getByLabel("First name").fill(candidate.FirstName);
  await dialog.getByLabel("Last name").fill(candidate.LastName);
  await dialog.getByLabel("Phone number").fill(candidate.Phone);
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByLabel("Address", { exact: true }).fill(candidate.Address);
  await dialog.getByLabel("City", { exact: true }).fill(candidate.City);
  await dialog.getByLabel("State", { exact: true }).fill(candidate.State);
  await dialog.getByLabel("Zip code", { exact: true }).fill(candidate.Zip);
  await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
  await dialog.getByLabel("Expiration month").selectOption("8");
  await dialog.getByLabel("Expiration year").selectOption(String(year));
  await dialog.getByLabel("Security code (CVV)").fill("123");
  await dialog.getByLabel("Billing address is the same as my address").check();
}

const utcDay = (d: Date) =>
  d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

test.describe.serial("a candidate's certification, from purchase to verification", () => {
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // buying needs a confirmed address: signedInCandidate follows the link of the sign-up mail
    await signedInCandidate(page, email, password, { firstName: "Grace", next: "/credentials" });
  });
  test.afterAll(() => page.context().close());

  test("buy → voucher → a recorded pass → certificate in the account → /verify by ID and last name only", async () => {
    await hydrated(page);
    await page.getByRole("button", { name: "Buy Exam: JavaScript Professional Developer Online Exam" }).click();
    const dialog = page.getByRole("dialog", { name: "JavaScript Professional Developer Online Exam" });
    await fillOrder(dialog);
    await dialog.getByRole("button", { name: /Review and pay/ }).click();
    await page.getByRole("dialog", { name: "Confirm Purchase" }).getByRole("button", { name: "Confirm" }).click();
    const voucher = (await dialog.locator("[data-voucher-code]").textContent())!;
    expect(voucher).toMatch(/^V-[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);

    await page.goto("/account/exams");
    const exam = page.locator(`[data-exam="${voucher}"]`);
    await expect(exam).toContainText("Ready to sit");
    await expect(exam.getByRole("link", { name: "Start the exam" })).toBeVisible();

    // the proctoring service's result, recorded through the same service staff use
    const fixture = await page.request.post("/api/test-fixtures/result", { data: { certId: 1, scorePercent: 88 } });
    expect(fixture.status()).toBe(201);
    const { credentialId } = (await fixture.json()) as { credentialId: string };
    certified = credentialId;

    await page.goto("/account/certifications");
    const cert = page.locator(`[data-credential="${credentialId}"]`);
    await expect(cert.locator("[data-state]")).toHaveText("Active");
    await expect(cert).toContainText("0 of 20 units approved");
    const pdf = await page.request.get(
      (await cert.getByRole("link", { name: "Certificate (PDF)" }).getAttribute("href"))!,
    );
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    // the verification link opens /verify with the ID filled in; the employer adds the last name
    await cert.locator("[data-verify-url]").click();
    await expect(page).toHaveURL(`/verify?id=${credentialId}`);
    await hydrated(page);
    await expect(page.getByLabel("Credential ID")).toHaveValue(credentialId);
    await page.getByLabel("Holder's last name").fill("lovelace");
    await page.getByRole("button", { name: "Verify" }).click();
    const result = page.getByRole("region", { name: "Active" });
    await expect(result).toContainText("Grace Lovelace");
    await expect(result).toContainText("JavaScript Professional Developer Online Exam");
    // the signed credential behind it was checked too: signature, status list, dates
    await expect(page.getByRole("region", { name: "Signed credential: Valid" })).toContainText(
      "the coalition issued this credential",
    );

    // a wrong name and an unknown ID get the very same answer
    await page.getByLabel("Holder's last name").fill("Smith");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toHaveText(NOT_FOUND);
    await expect(result).toBeHidden();
    await page.getByLabel("Credential ID").fill("CITB-AAAA-BBBB-CCCC-DDDD");
    await page.getByLabel("Holder's last name").fill("Lovelace");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toHaveText(NOT_FOUND);
  });

  test("an employer checks the signed credential file the holder downloaded: pasted, uploaded, and changed", async () => {
    await page.goto("/account/certifications");
    const cert = page.locator(`[data-credential="${certified}"]`);
    const href = await cert.getByRole("link", { name: "Signed credential with your name (JSON)" }).getAttribute("href");
    const download = await page.request.get(href!);
    expect(download.headers()["content-disposition"]).toContain(`${certified}.json`);
    const text = await download.text();
    const credential = JSON.parse(text);
    expect(JSON.stringify(credential.credentialSubject.identifier)).toContain("Grace Lovelace");
    // the public badge has no name
    const badge = await page.request.get(
      (await cert.getByRole("link", { name: "Public credential, no name (JSON)" }).getAttribute("href"))!,
    );
    expect(await badge.text()).not.toContain("Lovelace");

    const employer = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await employer.newPage();
    try {
      await visit(visitor, "/verify");
      await visitor.getByLabel("Or paste the credential's JSON").fill(text);
      await visitor.getByRole("button", { name: "Check the credential" }).click();
      await expect(visitor.getByRole("region", { name: "Valid", exact: true })).toContainText(
        "nobody has changed it since, it has not been revoked",
      );
      await expectNoAxeViolations(visitor, "/verify with a valid credential");

      // one character of the achievement changed: the signature no longer matches
      const changed = structuredClone(credential);
      changed.credentialSubject.achievement.name = changed.credentialSubject.achievement.name.replace("Java", "Jawa");
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "citb-vc-")), "changed.json");
      fs.writeFileSync(file, JSON.stringify(changed));
      await visitor.getByLabel("Credential file", { exact: true }).setInputFiles(file);
      await expect(visitor.getByLabel("Or paste the credential's JSON")).toHaveValue(JSON.stringify(changed));
      await visitor.getByRole("button", { name: "Check the credential" }).click();
      await expect(visitor.getByRole("region", { name: "Not issued by the coalition" })).toContainText(
        "the signature does not match",
      );
      await expectNoAxeViolations(visitor, "/verify with a forged credential");

      // text that is not JSON gets a sentence, not a stack trace
      await visitor.getByLabel("Or paste the credential's JSON").fill("CITB credential");
      await visitor.getByRole("button", { name: "Check the credential" }).click();
      await expect(visitor.getByRole("alert")).toHaveText(
        "This is not JSON: paste the whole credential file, from its first { to its last }.",
      );
      for (const width of WIDTHS) {
        await visitor.setViewportSize({ width, height: 900 });
        await expect(visitor.getByRole("button", { name: "Check the credential" })).toBeVisible();
        await expectNoAxeViolations(visitor, `/verify at ${width} px`);
      }
    } finally {
      await employer.close();
    }
  });

  test("cancel within 24 hours: the deadline is stated, the refund confirmed, the button gone", async () => {
    await buyExam(2);
    await page.goto("/account/exams");
    const exam = page.locator("[data-exam]", { hasText: "MySQL Backend Developer Online Exam" });
    await expect(exam).toContainText("You can cancel this purchase for a refund until");
    await exam.getByRole("button", { name: "Cancel purchase" }).click();
    await exam.getByRole("button", { name: "Yes, cancel and refund" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your purchase is cancelled" })).toContainText(
      "processed in 5-7 business days",
    );
    await expect(exam).toContainText("Cancelled and refunded");
    await expect(exam.getByRole("button", { name: "Cancel purchase" })).toHaveCount(0);
  });

  test("a retake bought too early is refused in the purchase dialog with the date, before the payment form", async () => {
    await buyExam(3);
    const failed = await page.request.post("/api/test-fixtures/result", { data: { certId: 3, scorePercent: 30 } });
    expect((await failed.json()).result).toBe("fail");
    await visit(page, "/credentials");
    await page.getByRole("button", { name: /^Buy Exam: React/ }).click();
    const dialog = page.getByRole("dialog", { name: /React/ });
    await expect(dialog.getByRole("heading", { name: "You cannot buy this exam yet" })).toBeVisible();
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    await expect(dialog.locator("[data-available-on]")).toHaveText(utcDay(new Date(today.getTime() + 7 * 86_400_000)));
    await expect(dialog.getByRole("alert")).toContainText("retest wait");
    await expect(dialog.getByLabel("Card number")).toHaveCount(0);
  });

  test("an accommodation request is acknowledged at once by e-mail with its reference", async () => {
    await visit(page, "/special-accommodations");
    const form = page.getByRole("form", { name: "Request an accommodation" });
    await form.getByLabel("Exam").selectOption({ label: "HTML, CSS Web Designer Online Exam" });
    const planned = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel("Date you plan to register").fill(planned);
    await form.getByLabel("The accommodation you need, and why").fill("Extra time for a documented reading condition.");
    await form.getByLabel("Supporting documents").setInputFiles({
      name: "letter.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% letter\n"),
    });
    await form.getByRole("button", { name: "Send my request" }).click();
    const ack = form.getByRole("status");
    await expect(ack).toContainText("Special accommodation request received: reference ACC-");
    const reference = /ACC-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec((await ack.textContent())!)![0];
    await expect
      .poll(async () => {
        const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
        const { messages } = (await res.json()) as { messages: { subject: string }[] };
        return messages.map((m) => m.subject);
      })
      .toContain(`We received your special accommodation request (${reference})`);
    await page.goto("/account/requests");
    await expect(page.locator(`[data-request="${reference}"]`)).toContainText("Under review");
  });
});
