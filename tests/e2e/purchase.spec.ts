import { expect, test, type Locator, type Page } from "@playwright/test";
import { confirmAddress, expectNoAxeViolations, hydrated, pageAt, signUpByApi, visit } from "./helpers";

const examCarousel = (page: Page) => page.getByRole("region", { name: "Certification exams" });
const badgeCarousel = (page: Page) => page.getByRole("region", { name: "Badges", exact: true });
const currentDot = (carousel: Locator) => carousel.locator("button[aria-current=true]");

async function fill(dialog: Locator, year: number) {
  await dialog.getByLabel("First name").fill("Dana");
  await dialog.getByLabel("Last name").fill("Reyes");
  await dialog.getByLabel("Phone number").fill("405 555 0123");
  await dialog.getByLabel("E-mail address").fill("dana@example.com");
  await dialog.getByLabel("Address", { exact: true }).fill("12 Elm Street");
  await dialog.getByLabel("City", { exact: true }).fill("Oklahoma City");
  await dialog.getByLabel("State", { exact: true }).fill("OK");
  await dialog.getByLabel("Zip code", { exact: true }).fill("73102");
  await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
  await dialog.getByLabel("Expiration month").selectOption("8");
  await dialog.getByLabel("Expiration year").selectOption(String(year));
  await dialog.getByLabel("Security code (CVV)").fill("123");
  await dialog.getByLabel("Billing address is the same as my address").check();
}

const PASSWORD = "Sup3r$ecret";
let accounts = 0;
/** A candidate account whose address is confirmed (made through the API, then signed out of the context). */
async function confirmedAccount(page: Page) {
  const email = `buyer${Date.now()}-${++accounts}@example.com`;
  await signUpByApi(page.request, email, PASSWORD, "Dana");
  await confirmAddress(page.request, email);
  await page.context().clearCookies();
  return email;
}
async function logIn(page: Page, email: string) {
  await hydrated(page);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
}
/** Signed in with a confirmed address, on /credentials: an exam can be bought from this page. */
async function signedInToBuy(page: Page) {
  const email = await confirmedAccount(page);
  await page.goto("/login?next=/credentials");
  await logIn(page, email);
  await expect(page).toHaveURL("/credentials");
  await hydrated(page);
}

test("a visitor is asked to log in first; then buys the JavaScript exam: errors, Confirm Purchase and the order reference", async ({
  page,
}) => {
  const email = await confirmedAccount(page);
  await visit(page, "/credentials");
  const buy = page.getByRole("button", { name: "Buy Exam: JavaScript Professional Developer Online Exam" });
  await buy.click();
  const dialog = page.getByRole("dialog", { name: "JavaScript Professional Developer Online Exam" });
  await expect(dialog.getByRole("heading", { name: "Log in to buy this exam" })).toBeVisible();
  await expect(dialog.getByLabel("Card number")).toHaveCount(0);
  await dialog.getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL("/login?next=%2Fcredentials");
  await logIn(page, email);
  await expect(page).toHaveURL("/credentials");
  await hydrated(page);

  await buy.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Test mode: no real charge. Use card 4242 4242 4242 4242.")).toBeVisible();
  // the account fills in the candidate's name and address
  await expect(dialog.getByLabel("E-mail address")).toHaveValue(email);

  // Submitting with the names emptied and no card shows the spec's messages and sends nothing.
  await dialog.getByLabel("First name").clear();
  await dialog.getByLabel("Last name").clear();
  await dialog.getByRole("button", { name: /Review and pay/ }).click();
  for (const msg of [
    "First name is required.",
    "Last name is required.",
    "Phone number is required.",
    "Address is required.",
    "City is required.",
    "State is required.",
    "5-digit zip code is required.",
    "Card number is required.",
    "3-4 digit cvv is required",
    "Expiration month is required",
    "Expiration year is required",
    "Address is required",
    "City is required",
    "State is required",
    "Zip code is required",
  ]) {
    await expect(dialog.getByText(msg, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByLabel("First name")).toBeFocused();

  const year = new Date().getFullYear() + 2;
  await fill(dialog, year);
  await dialog.getByRole("button", { name: /Review and pay/ }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText("Are you sure you want to confirm this purchase?")).toBeVisible();

  // Cancel returns to the form without sending anything.
  let posted = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/orders")) posted++;
  });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByLabel("First name")).toHaveValue("Dana");
  expect(posted).toBe(0);

  await dialog.getByRole("button", { name: /Review and pay/ }).click();
  await page.getByRole("dialog", { name: "Confirm Purchase" }).getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText(/Order reference: ORD-[A-Z0-9]{8}/)).toBeVisible();
  await expect(dialog).toContainText("$999.00 charged to Visa ending in 4242");
  expect(posted).toBe(1);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
});

test("a declined test card shows the processor's message in the form", async ({ page }) => {
  await signedInToBuy(page);
  await page.getByRole("button", { name: "Buy Exam: JavaScript Professional Developer Online Exam" }).click();
  const dialog = page.getByRole("dialog", { name: "JavaScript Professional Developer Online Exam" });
  await fill(dialog, new Date().getFullYear() + 1);
  await dialog.getByLabel("Card number").fill("4000 0000 0000 0002");
  await dialog.getByRole("button", { name: /Review and pay/ }).click();
  await page.getByRole("dialog", { name: "Confirm Purchase" }).getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Your card was declined. No charge was made; try another card.");
});

test("the exam carousel moves with its buttons, the arrow keys and a swipe, and never by itself", async ({ page }) => {
  await visit(page, "/credentials");
  const carousel = examCarousel(page);
  await expect(currentDot(carousel)).toHaveAccessibleName(/^Slide 1:/);
  await carousel.getByRole("button", { name: "Next slide (Certification exams)" }).press("Enter");
  await expect(currentDot(carousel)).toHaveAccessibleName("Slide 2: MySQL Backend Developer Online Exam");
  await page.keyboard.press("ArrowRight");
  await expect(currentDot(carousel)).toHaveAccessibleName("Slide 3: ReactJS Framework Developer Online Exam");
  await carousel.getByRole("button", { name: "Previous slide (Certification exams)" }).click();
  await carousel.getByRole("button", { name: "Previous slide (Certification exams)" }).click();
  await expect(currentDot(carousel)).toHaveAccessibleName(/^Slide 1:/);
  await carousel.getByRole("button", { name: "Slide 5: Technical Sales Specialist Online Exam" }).click();
  await expect(currentDot(carousel)).toHaveAccessibleName(/^Slide 5:/);
  await carousel.getByRole("button", { name: /^Slide 1:/ }).click();
  await expect(currentDot(carousel)).toHaveAccessibleName(/^Slide 1:/);

  // Swipe left with the pointer: the next card. First let the move back from slide 5 finish (the
  // current dot changes when a move starts), so the swipe does not land in the middle of it.
  const viewport = carousel.locator("[data-carousel-viewport]");
  await viewport.scrollIntoViewIfNeeded();
  const firstSlide = carousel.locator("[data-slide-index='0']");
  await expect
    .poll(async () => Math.abs((await firstSlide.boundingBox())!.x - (await viewport.boundingBox())!.x))
    .toBeLessThan(1);
  const box = (await viewport.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.85, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.1, y, { steps: 8 });
  await page.mouse.up();
  await expect(currentDot(carousel)).toHaveAccessibleName(/^Slide 2:/);

  // No auto-advance.
  await page.waitForTimeout(6000);
  await expect(currentDot(carousel)).toHaveAccessibleName(/^Slide 2:/);
});

test("the exam card tabs, the info popover on focus and hover", async ({ page }) => {
  await visit(page, "/credentials");
  const card = page.locator("[data-exam-card='1']");
  await card.getByRole("tab", { name: "Outline" }).click();
  await expect(card.getByText("Interested in a prep course? Check out what some of our partners have!")).toBeVisible();
  await expect(card.getByRole("link", { name: "Partners" })).toHaveAttribute("href", "/partners");
  await expect(card.getByText("Iterators", { exact: true })).toBeVisible();
  await card.getByRole("tab", { name: "Outline" }).press("ArrowLeft");
  await expect(card.getByRole("tab", { name: "Exam" })).toHaveAttribute("aria-selected", "true");
  await expect(card.getByRole("link", { name: /learn more/ })).toHaveAttribute("href", "/jsexam-details-page");
  await expect(card.locator("strong").first()).toBeVisible();

  const info = card.getByRole("button", { name: /Exam requirements/ });
  const note = page.getByText("Re-certification is required every 3 years.", { exact: true });
  await expect(note).toBeHidden();
  await info.focus();
  await expect(note).toBeVisible();
  await expect(
    page.getByText("No prior training or membership is required to take this exam.", { exact: true }),
  ).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(note).toBeHidden();
  await info.hover();
  await expect(note).toBeVisible();
  // WCAG 1.4.13: the pointer can move onto the note without it closing, and Escape dismisses it.
  await note.hover();
  await expect(note).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(note).toBeHidden();
  await info.hover();
  await expect(note).toBeVisible();
  // Leaving both closes it (Radix checks the pointer's path on the moves that follow the leave).
  await page.mouse.move(5, 5, { steps: 5 });
  await page.mouse.move(8, 8);
  await expect(note).toBeHidden();
});

test("the badge carousel advances every 5 s, pauses with its button, and stays still under reduced motion", async ({
  browser,
}) => {
  const page = await pageAt(browser, 1280);
  await visit(page, "/credentials");
  const badges = badgeCarousel(page);
  // the badges start when a visitor comes near them (docs/decisions/0028)
  await badges.scrollIntoViewIfNeeded();
  await expect(currentDot(badges)).toHaveAccessibleName(/^Slide 1:/);
  await expect(currentDot(badges)).toHaveAccessibleName(/^Slide 2:/, { timeout: 8000 });
  await badges.getByRole("button", { name: "Pause Badges" }).click();
  await page.mouse.move(5, 5);
  await page.waitForTimeout(6000);
  await expect(currentDot(badges)).toHaveAccessibleName(/^Slide 2:/);
  await page.context().close();

  const still = await pageAt(browser, 1280, { reducedMotion: "reduce" });
  await visit(still, "/credentials");
  await badgeCarousel(still).scrollIntoViewIfNeeded();
  await still.waitForTimeout(6500);
  await expect(currentDot(badgeCarousel(still))).toHaveAccessibleName(/^Slide 1:/);
  await expect(badgeCarousel(still).getByRole("button", { name: "Play Badges" })).toBeVisible();
  await still.context().close();
});

test("an exam detail page shows the data module's facts and opens the purchase dialog", async ({ page }) => {
  await visit(page, "/jsexam-details-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("JavaScript Professional Developer Online Exam");
  const info = page.locator("[data-info-table]");
  await expect(info).toContainText("90 minutes");
  await expect(info).toContainText("73%");
  await expect(page.locator("[data-weights-table] tbody tr").first()).toContainText("22.94%");
  await expect(page.getByRole("img", { name: /Domain weights of the JavaScript/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Testing options" }).first()).toHaveAttribute("href", "/testing-options");
  const buy = page.getByRole("button", { name: "Buy Exam" }).first();
  await buy.click();
  await expect(page.getByRole("dialog", { name: "JavaScript Professional Developer Online Exam" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(buy).toBeFocused();
});

test("the open purchase dialog, with its field messages and the confirm dialog, has no axe violations", async ({
  browser,
}) => {
  test.setTimeout(120_000); // two widths, six axe runs, two log-ins
  for (const width of [390, 1280]) {
    const page = await pageAt(browser, width);
    await visit(page, "/credentials");
    const buy = page.getByRole("button", { name: "Buy Exam: JavaScript Professional Developer Online Exam" });
    const dialog = page.getByRole("dialog", { name: "JavaScript Professional Developer Online Exam" });
    // a visitor's dialog: the way to log in
    await buy.click();
    await expect(dialog.getByRole("heading", { name: "Log in to buy this exam" })).toBeVisible();
    await page.waitForTimeout(350);
    await expectNoAxeViolations(page, `purchase dialog for a visitor at ${width}px`);
    await page.keyboard.press("Escape");
    await signedInToBuy(page);
    await buy.click();
    await expect(dialog.getByText(/Test mode/)).toBeVisible();
    await dialog.getByLabel("First name").clear();
    await dialog.getByRole("button", { name: /Review and pay/ }).click();
    await expect(dialog.getByText("First name is required.")).toBeVisible();
    await page.waitForTimeout(350);
    await expectNoAxeViolations(page, `purchase dialog at ${width}px`);
    await fill(dialog, new Date().getFullYear() + 1);
    await dialog.getByRole("button", { name: /Review and pay/ }).click();
    await expect(page.getByRole("dialog", { name: "Confirm Purchase" })).toBeVisible();
    await page.waitForTimeout(350);
    await expectNoAxeViolations(page, `confirm dialog at ${width}px`);
    await page.context().close();
  }
});
