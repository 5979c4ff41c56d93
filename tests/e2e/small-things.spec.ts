import { expect, test, type Page } from "@playwright/test";
import { accommodationByApi, adminFromCommandLine, buyByApi, pageAt, signedInCandidate, visit } from "./helpers";

/**
 * The small things candidates and staff met (issue 25.20), in Chromium: the sign-up's focus and its
 * confirmation notice, the About hero at 390 px, a refused evidence file said once, and the console's one
 * header, plurals, a prefilled reply subject and a decision with no outcome chosen in advance.
 */
const password = "Sup3r$ecret";
const stamp = Date.now();
const email = `small${stamp}@example.com`;
const adminEmail = `small-admin${stamp}@example.com`;

test("sign-up: a refused form focuses its first invalid field, and success says a confirmation link was sent", async ({
  browser,
}) => {
  const page = await pageAt(browser, 390);
  await visit(page, "/signup");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("First name")).toBeFocused();
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Small");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("E-mail address")).toBeFocused();
  const address = `signup${stamp}@example.com`;
  await page.getByLabel("E-mail address").fill(address);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText(`We sent a confirmation link to ${address}`);
  await page.context().close();
});

test("the About hero's text does not run over its illustration at 390 px", async ({ browser }) => {
  const page = await pageAt(browser, 390);
  await page.goto("/about");
  const hero = page.locator("section", { has: page.locator("#about-h1") });
  const picture = await hero.locator("img").boundingBox();
  for (const text of [hero.locator("h1"), hero.locator("p").first(), hero.locator("p").nth(1)]) {
    const box = (await text.boundingBox())!;
    expect(box.y, "the text starts below the illustration").toBeGreaterThanOrEqual(picture!.y + picture!.height - 1);
  }
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/about-390.png` });
  await page.context().close();
});

test.describe.serial("a certified candidate and the console", () => {
  test.describe.configure({ timeout: 90_000 });
  let phone: Page;
  let admin: Page;
  let requestRef = "";
  test.beforeAll(async ({ browser }) => {
    phone = await pageAt(browser, 390);
    admin = await pageAt(browser, 1280);
    await signedInCandidate(phone, email, password, { firstName: "Sol", next: "/account" });
    await buyByApi(phone.request, 1, { firstName: "Sol", email });
    expect(
      (await phone.request.post("/api/test-fixtures/result", { data: { certId: 1, scorePercent: 90 } })).status(),
    ).toBe(201);
    requestRef = await accommodationByApi(phone.request);
  });
  test.afterAll(async () => {
    await phone.context().close();
    await admin.context().close();
  });

  test("a refused evidence file is named, once, at its field, which gets the focus", async () => {
    await visit(phone, "/account/education");
    await expect(phone.getByLabel("Date of the activity")).toBeVisible();
    await phone.getByLabel("Activity title").fill("Evening course");
    await phone.getByLabel("Provider").fill("Academy");
    await phone.getByLabel("Date of the activity").fill(new Date().toISOString().slice(0, 10));
    await phone.getByLabel("Units earned").fill("2");
    await phone.getByLabel("Category").selectOption("Course or training");
    const file = phone.getByLabel(/^Evidence/);
    await file.setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just some text") });
    await phone.getByRole("button", { name: "Add activity" }).click();
    await expect(phone.getByText("The file “notes.pdf” was refused.")).toHaveCount(1);
    await expect(phone.getByText("Attach the evidence: a PDF, PNG or JPEG file up to 5 MB.")).toHaveCount(1);
    await expect(file).toBeFocused();
    // the date field says from which day activities count
    await expect(phone.getByText(/start of this certification's current cycle/)).toBeVisible();
  });

  test("the purchase dialog: another exam in the selector changes the title and is checked at once (25.17)", async () => {
    await visit(phone, "/credentials");
    await phone.getByRole("button", { name: "Buy Exam: MySQL Backend Developer Online Exam" }).click();
    const dialog = phone.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "MySQL Backend Developer Online Exam" })).toBeVisible();
    await expect(
      dialog.getByText(/Keep these contact details \(telephone and postal address\) on my CITB profile/),
    ).toBeVisible();
    // this candidate holds the JavaScript certification (passed above): choosing it is refused before any card
    await dialog.getByLabel("Certification exam").selectOption("1");
    await expect(dialog.getByRole("heading", { name: "JavaScript Professional Developer Online Exam" })).toBeVisible();
    await expect(dialog.getByText(/You already hold this certification/)).toBeVisible();
    await expect(dialog.getByLabel("Card number")).toHaveValue("");
    if (process.env.SHOTS_DIR) await phone.screenshot({ path: `${process.env.SHOTS_DIR}/purchase-390.png` });
    await dialog.getByLabel("Certification exam").selectOption("2");
    await expect(dialog.getByRole("heading", { name: "MySQL Backend Developer Online Exam" })).toBeVisible();
    await expect(dialog.getByText(/You already hold this certification/)).toHaveCount(0);
  });

  test("the console: one header, plurals, a reply subject, and a decision with no outcome chosen", async () => {
    await adminFromCommandLine(admin, adminEmail, password, { firstName: "Ann" });
    await expect(admin.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(admin.getByRole("button", { name: "Log out" })).toHaveCount(1);
    await expect(admin.getByText(/Signed in as/).filter({ visible: true })).toHaveCount(1);
    // this file's request may not be the only one open: the words agree with the number shown
    const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: "Accommodations" }) });
    const n = Number(await card.locator("strong").textContent());
    await expect(card).toContainText(n === 1 ? "1 open request" : `${n} open requests`);
    if (n === 1) await expect(card).not.toContainText("open requests");

    const inq = await admin.request.post("/api/inquiries", {
      data: {
        kind: "partner",
        name: "Pat Partner",
        email: `pat${stamp}@example.com`,
        message: "We would like to join.",
      },
    });
    expect(inq.status()).toBe(201);
    const reference = (await inq.json()).inquiry.reference as string;
    await admin.goto("/staff/inbox");
    await admin.getByLabel("Search").fill(reference);
    await admin.getByRole("button", { name: "Search" }).click();
    await admin.getByRole("link", { name: reference }).click();
    await expect(admin.getByRole("heading", { level: 1, name: `Message ${reference}` })).toBeVisible();
    await expect(admin.getByLabel("Subject")).toHaveValue("Re: your partnership enquiry");

    await admin.goto("/staff/accommodations");
    await admin.getByRole("button", { name: requestRef }).click();
    const decide = admin.getByRole("form", { name: `Decide ${requestRef}` });
    await expect(decide.getByRole("radio")).toHaveCount(2);
    for (const radio of await decide.getByRole("radio").all()) await expect(radio).not.toBeChecked();
    await decide.getByLabel("What the candidate reads").fill("Line one.\nLine two.\n\nA second paragraph.");
    await decide.getByRole("button", { name: "Send the decision" }).click();
    // refused before sending: no outcome was chosen, said under the choice, whose first option takes the focus
    await expect(decide.getByText("Choose the decision.")).toBeVisible();
    await expect(decide.getByLabel("Grant")).toBeFocused();
    await decide.getByLabel("Grant").check();
    await decide.getByRole("button", { name: "Send the decision" }).click();
    await expect(admin.getByRole("status").filter({ hasText: `${requestRef} is granted` })).toBeVisible();
    if (process.env.SHOTS_DIR)
      await admin.screenshot({ path: `${process.env.SHOTS_DIR}/staff-decided-1280.png`, fullPage: true });
  });
});
