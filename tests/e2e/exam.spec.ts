import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  adminFromCommandLine,
  approvedCheckIn,
  buyByApi,
  expectNoAxeViolations,
  hydrated,
  openStartScreen,
  signedInCandidate,
  startExam,
  visit,
} from "./helpers";

/**
 * The exam in the browser (issue 27): buy → start (agreement, name, country) → 90 questions on the server's
 * clock → reload and offline midway → review → submit → score report by domain → certification → /verify;
 * a failed exam with its retest date; a deadline passing with the browser closed. The keys come from a test
 * fixture that reads them from the database (/api/test-fixtures/sitting-keys), as the issue allows.
 */
const password = "Sup3r$ecret";

async function newCandidate(browser: Browser, tag: string, lastName = "Lovelace") {
  const email = `exam-${tag}-${Date.now()}@example.com`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInCandidate(page, email, password, { lastName });
  return { email, context, page };
}

/** Buys an exam for the signed-in candidate (helpers.buyByApi) with its check-in approved (helpers.approvedCheckIn). */
async function buy(page: Page, certId: number) {
  const bought = await buyByApi(page.request, certId);
  await approvedCheckIn(page.request, bought.order.voucherCode);
  return bought;
}

/** From /account/exams: Start, the agreement, the name, the country; answers the sitting's id. */
async function start(page: Page, country = "United States") {
  await openStartScreen(page);
  await expect(page.getByRole("heading", { level: 1, name: "Start your exam" })).toBeVisible();
  // nothing chosen: every missing answer is named, focus on the first
  await page.getByRole("button", { name: "Start the exam" }).click();
  await expect(page.getByText("Choose the country you are testing in.")).toBeVisible();
  await expect(page.getByLabel("Testing country")).toBeFocused();
  const sittingId = await startExam(page, country);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: /Question \d+ of 90/ })).toBeVisible();
  return sittingId;
}

async function keysOf(page: Page, sittingId: number): Promise<Map<number, string>> {
  const res = await page.request.post("/api/test-fixtures/sitting-keys", { data: { sittingId } });
  expect(res.status()).toBe(200);
  const { keys } = (await res.json()) as { keys: { position: number; optionId: string }[] };
  return new Map(keys.map((k) => [k.position, k.optionId]));
}

/** Answers the question shown with `optionId` (or another option when `wrong`) and waits for the save. */
async function answer(page: Page, position: number, optionId: string, wrong = false) {
  await expect(page.getByRole("heading", { level: 1, name: `Question ${position} of 90` })).toBeVisible();
  const radios = page.getByRole("radiogroup").getByRole("radio");
  await expect(radios).toHaveCount(4);
  if (wrong) {
    const values = await radios.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await radios.nth(values.findIndex((v) => v !== optionId)).check();
  } else await page.locator(`input[type=radio][value="${optionId}"]`).check();
}

/** A new candidate (see newCandidate) who bought the JavaScript exam and started it: the sitting and its keys. */
async function startedSitting(browser: Browser, tag: string) {
  const { context, page } = await newCandidate(browser, tag);
  await buy(page, 1);
  const sittingId = await start(page);
  return { context, page, sittingId, keys: await keysOf(page, sittingId) };
}

/** Answers questions 1 to `last` in turn (see answer), each followed by Next. */
async function answerFirst(page: Page, keys: Map<number, string>, last: number, wrong = false) {
  for (let p = 1; p <= last; p++) {
    await answer(page, p, keys.get(p)!, wrong);
    await page.getByRole("button", { name: "Next" }).click();
  }
}

const timeLeft = async (page: Page) => (await page.getByRole("timer").textContent())!.trim();
const toSeconds = (t: string) => t.split(":").reduce((s, part) => s * 60 + Number(part), 0);

test.describe.serial("sitting an exam", () => {
  // sixty answers one after another, each saved, on a machine that may be busy
  test.describe.configure({ timeout: 120_000 });
  let context: BrowserContext;
  let page: Page;
  let sittingId = 0;
  let keys: Map<number, string>;
  let credentialId = "";

  test.beforeAll(async ({ browser }) => {
    ({ context, page } = await newCandidate(browser, "pass"));
    await buy(page, 1);
  });
  test.afterAll(() => context.close());

  test("start: the agreement, the name and the testing country; then question 1 of 90 on the server's clock", async () => {
    sittingId = await start(page);
    keys = await keysOf(page, sittingId);
    expect(keys.size).toBe(90);
    await expect(page.getByRole("timer")).toHaveText(/^1:29:\d\d$|^1:30:00$/);
    await expectNoAxeViolations(page, "/exam question");
  });

  test("answers are saved at once; a reload lands on the same question with every answer and the same time left", async () => {
    for (let p = 1; p <= 30; p++) {
      await answer(page, p, keys.get(p)!);
      if (p === 3) await page.getByRole("button", { name: "Flag for review" }).click();
      await page.getByRole("button", { name: "Next" }).click();
    }
    await expect(page.locator("[data-save-status=saved]")).toBeVisible();
    const before = toSeconds(await timeLeft(page));
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Question 31 of 90" })).toBeVisible();
    const after = toSeconds(await timeLeft(page));
    // the same clock: only the seconds the reload took went by
    expect(before - after).toBeGreaterThanOrEqual(0);
    expect(before - after).toBeLessThan(15);
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.locator(`input[value="${keys.get(30)}"]`)).toBeChecked();
    await page.getByRole("button", { name: "Next" }).click();
  });

  test("offline: the page says so, keeps the answers, and sends them when the connection returns", async () => {
    await context.setOffline(true);
    for (let p = 31; p <= 34; p++) {
      await answer(page, p, keys.get(p)!);
      if (p < 34) {
        await page.getByRole("button", { name: "Next" }).click();
        // the next question needs the server: it says it will come back
        if (p === 31)
          await expect(page.getByText(/This question will appear when the connection returns/)).toBeVisible();
        await context.setOffline(false);
        await expect(page.getByRole("heading", { level: 1, name: `Question ${p + 1} of 90` })).toBeVisible();
        await expect(page.getByRole("radiogroup")).toBeVisible();
        await context.setOffline(true);
      }
    }
    await expect(page.locator("[data-save-status=offline]")).toContainText("Offline");
    await context.setOffline(false);
    await expect(page.locator("[data-save-status=saved]")).toBeVisible({ timeout: 15_000 });
    // what was answered offline is on the server: a reload shows it
    await page.reload();
    await hydrated(page);
    await expect(page.locator(`input[value="${keys.get(34)}"]`)).toBeChecked();
  });

  test("a second tab asks before taking over, and the first tab says the exam moved", async () => {
    const second = await context.newPage();
    await visit(second, `/exam?sitting=${sittingId}`);
    await expect(second.getByRole("heading", { name: "Your exam is open elsewhere" })).toBeVisible();
    await second.getByRole("button", { name: "Continue the exam on this page" }).click();
    await expect(second.getByRole("heading", { level: 1, name: /Question \d+ of 90/ })).toBeVisible();
    await second.close();
    // the first tab's next save is refused: it says where the exam went and offers to take it back
    await page.getByRole("button", { name: "Flag for review" }).click();
    await expect(page.getByRole("heading", { name: "This exam moved to another page" })).toBeVisible();
    await page.getByRole("button", { name: "Continue the exam on this page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Question \d+ of 90/ })).toBeVisible();
  });

  test("every question answered, the review screen, submit with its confirmation, and the score report by domain", async () => {
    const current = Number((await page.getByRole("heading", { level: 1 }).textContent())!.match(/Question (\d+)/)![1]);
    for (let p = current; p <= 90; p++) {
      await answer(page, p, keys.get(p)!);
      await page.getByRole("button", { name: p < 90 ? "Next" : "Review", exact: true }).click();
    }
    await expect(page.getByRole("heading", { level: 1, name: "Review your answers" })).toBeVisible();
    await expect(page.getByText(/90 questions answered, 0 questions unanswered/)).toBeVisible();
    await page.getByRole("button", { name: /^Flagged/ }).click();
    await expect(page.getByRole("button", { name: /Question \d+, answered, flagged/ })).toHaveCount(2);
    await expectNoAxeViolations(page, "/exam review");
    await page.getByRole("button", { name: "Submit the exam" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("You have answered every question.");
    await dialog.getByRole("button", { name: "Submit and see my score" }).click();
    await expect(page).toHaveURL(new RegExp(`/exam/report\\?sitting=${sittingId}$`));
    await hydrated(page);
    await expect(
      page.getByRole("heading", { level: 1, name: "JavaScript Professional Developer Online Exam" }),
    ).toBeVisible();
    await expect(page.locator("[data-result=pass]")).toContainText("Pass");
    await expect(page.getByText("Your score: 100% (90 of 90 correct). Passing score: 73%.")).toBeVisible();
    const table = page.getByRole("table", { name: "Questions answered correctly, by domain" });
    for (const [domain, n] of [
      ["Syntax", 29],
      ["Functions", 10],
      ["Objects", 12],
    ] as const)
      await expect(table.getByRole("row", { name: new RegExp(`^${domain} ${n} of ${n} 100%`) })).toBeVisible();
    await expect(page.getByText(/appeal within 72 hours/)).toBeVisible();
    // the report's photograph: the candidate's photo from check-in (the fixture's check-in stores one)
    const photograph = page.getByRole("img", { name: /^Photograph of .+, taken at check-in$/ });
    await expect(photograph).toBeVisible();
    await expect
      .poll(() => photograph.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page, "/exam/report");
    credentialId = (await page
      .getByText(/credential ID/)
      .locator("span.font-mono")
      .textContent())!.trim();
    expect(credentialId).toMatch(/^CITB-/);
    const pdf = await page.request.get(`/api/me/sittings/${sittingId}/report.pdf`);
    expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    expect((await pdf.body()).toString("latin1")).toMatch(/\/Subtype \/Image/);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/score-report-${width}.png` });
    }
  });

  test("the exam's items are no longer served once it has ended", async () => {
    const res = await page.request.get(`/api/me/sittings/${sittingId}/items/1?holderId=${crypto.randomUUID()}`);
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(await res.text()).not.toContain("options");
  });

  test("staff see the sitting's breakdown by domain and open its form with the answers and the keys", async ({
    browser,
  }) => {
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staff = await staffContext.newPage();
    await adminFromCommandLine(staff, `exam-admin-${Date.now()}@example.com`, password, {
      firstName: "Appeals",
      lastName: "Desk",
    });
    const userId = (await (await page.request.get("/api/me")).json()).user.id;
    await staff.goto(`/staff/candidates/${userId}`);
    const table = staff.getByRole("table", { name: "Exam sittings of this account" });
    await expect(table).toContainText("100% (Pass)");
    await expect(table).toContainText("Syntax 100%");
    await table.getByRole("link", { name: `Answers and keys of sitting ${sittingId}` }).click();
    await expect(staff).toHaveURL(`/staff/sittings/${sittingId}`);
    await expect(
      staff.getByRole("heading", { level: 2, name: /Result: Pass, 100% \(90 of 90; passing 73%\)/ }),
    ).toBeVisible();
    const first = staff.locator("[data-position='1']");
    await expect(first).toContainText("Correct");
    await expect(first).toContainText("(key) (candidate's answer)");
    await first.getByText("Rationale").click();
    await expect(first.locator("details p").first()).toBeVisible();
    await expectNoAxeViolations(staff, "/staff/sittings/:id");
    await staffContext.close();
  });

  test("the certification is on /account/certifications and /verify finds it", async () => {
    await visit(page, "/account/certifications");
    await expect(page.getByText(credentialId).first()).toBeVisible();
    await visit(page, `/verify?id=${credentialId}`);
    await page.getByLabel("Holder's last name").fill("Lovelace");
    await page
      .getByRole("main")
      .getByRole("button", { name: /Verify/ })
      .click();
    await expect(page.getByText("JavaScript Professional Developer Online Exam").first()).toBeVisible();
    // the certification issued by the exam carries a signed credential, and /verify says it is valid
    await expect(page.getByRole("main")).toContainText(/Signed credential:?\s*Valid/);
  });
});

test("a failed exam's report gives the score per domain and the date a retest becomes possible", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page, sittingId, keys } = await startedSitting(browser, "fail");
  await answerFirst(page, keys, 5, true);
  await page.getByRole("button", { name: "Review and submit" }).click();
  await page.getByRole("button", { name: "Submit the exam" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(
    "You have 85 unanswered questions: they count as incorrect.",
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Submit and see my score" }).click();
  await expect(page).toHaveURL(/\/exam\/report/);
  await expect(page.locator("[data-result=fail]")).toContainText("Not passed");
  await expect(page.getByText("Your score: 0% (0 of 90 correct). Passing score: 73%.")).toBeVisible();
  const { report } = await (await page.request.get(`/api/me/sittings/${sittingId}/report`)).json();
  expect(report.retestOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const retest = new Date(`${report.retestOn}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  await expect(page.getByText(`You can buy this exam again from ${retest}`)).toBeVisible();
  await visit(page, "/account/exams");
  await expect(page.getByRole("link", { name: "Score report" })).toBeVisible();
  await context.close();
});

test("a deadline that passes with the browser closed: the server closes the exam and scores what was saved", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page, sittingId, keys } = await startedSitting(browser, "deadline");
  await answerFirst(page, keys, 3);
  await expect(page.locator("[data-save-status=saved]")).toBeVisible();
  await page.close();
  // as if it had started 91 minutes ago; nobody has the exam open
  const aged = await context.request.post("/api/test-fixtures/sitting-age", { data: { sittingId, minutes: 91 } });
  expect(aged.status()).toBe(200);
  await expect
    .poll(
      async () =>
        (await (await context.request.post("/api/test-fixtures/sitting-row", { data: { sittingId } })).json()) as {
          status: string;
          endedBy: string | null;
          correct: number | null;
        },
      { timeout: 40_000, intervals: [1000] },
    )
    .toEqual({ status: "expired", endedBy: "deadline", correct: 3 });
  const later = await context.newPage();
  await visit(later, `/exam/report?sitting=${sittingId}`);
  await expect(later.getByText("At the end of the time allowed")).toBeVisible();
  await expect(later.getByText("Your score: 3% (3 of 90 correct). Passing score: 73%.")).toBeVisible();
  await context.close();
});

test("the exam works by keyboard alone, at 390 px and at 200 % zoom, and axe finds nothing", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page, keys } = await startedSitting(browser, "keys");
  // keyboard: from the question's heading, Tab reaches the options; arrows choose; the flag and Next answer Space and Enter
  await page.getByRole("heading", { level: 1, name: "Question 1 of 90" }).focus();
  await page.keyboard.press("Tab");
  // past the code block (it scrolls, so it takes focus) to the first option
  for (let i = 0; i < 3 && !(await page.evaluate(() => document.activeElement?.getAttribute("type") === "radio")); i++)
    await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  const radios = page.getByRole("radiogroup").getByRole("radio");
  await expect(radios.first()).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(radios.nth(1)).toBeChecked();
  await expect(page.locator("[data-save-status=saved]")).toBeVisible();
  await page.getByRole("button", { name: "Flag for review" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Flag for review" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  // the new question's heading takes focus, so a screen reader starts there
  await expect(page.getByRole("heading", { level: 1, name: "Question 2 of 90" })).toBeFocused();
  await page.locator(`input[value="${keys.get(2)}"]`).focus();
  await page.keyboard.press("Space");
  await expect(page.locator(`input[value="${keys.get(2)}"]`)).toBeChecked();
  // strike out an option by keyboard
  await page.getByRole("button", { name: /^Strike out option A$/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: /^Restore option A$/ })).toHaveAttribute("aria-pressed", "true");

  for (const [width, height, label] of [
    [390, 844, "390 px"],
    [640, 450, "1280 px at 200 % zoom"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoAxeViolations(page, `/exam at ${label}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the exam scrolls sideways at ${label}`).toBeLessThanOrEqual(0);
    await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
    await expect(page.getByRole("timer")).toBeVisible();
  }
  // the review screen at 390 px: every question reachable
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Review and submit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review your answers" })).toBeFocused();
  await expectNoAxeViolations(page, "/exam review at 390 px");
  await page.getByRole("button", { name: "Question 1, answered, flagged" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Question 1 of 90" })).toBeVisible();
  await context.close();
});
