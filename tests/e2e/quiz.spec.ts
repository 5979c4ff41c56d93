import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { QUESTION_COUNT, quizQuestions, resultMessages } from "../../app/data/quiz";
import { expectNoAxeViolations, pageAt, visit, WIDTHS } from "./helpers";

const ROUTE = "/about/challenge";
const plain = (s: string) => s.replace(/`/g, "");
/** Set QUIZ_SHOTS=/some/dir to save a screenshot of every state. */
const SHOTS = process.env.QUIZ_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const options = (page: Page) => page.locator("[data-option-state]");
const lessonHeading = (page: Page, i: number) =>
  page.getByRole("heading", { level: 2, name: quizQuestions[i]!.topic, exact: true });
const questionHeading = (page: Page, i: number) =>
  page.getByRole("heading", { level: 2, name: plain(quizQuestions[i]!.question), exact: true });
/** Stops the page clock so an answered question stays on screen until the test lets time run. */
async function holdClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2000);
}

/** With the clock held: the quiz still shows question i after 499 ms and moves on at 500 ms. */
async function expectMoveAt500ms(page: Page, i: number) {
  await page.clock.runFor(499);
  await expect(questionHeading(page, i)).toBeVisible();
  await page.clock.runFor(1);
  if (i + 1 < QUESTION_COUNT) {
    await expect(lessonHeading(page, i + 1)).toBeVisible();
    await page.clock.resume();
  } else {
    // The results dialog is loaded on demand; React shows suspended content on a timer, so let time run.
    await expect(page.getByText(`All ${QUESTION_COUNT} questions answered`)).toBeVisible();
    await page.clock.resume();
    await expect(page.getByRole("dialog")).toBeVisible();
  }
}

/**
 * axe on a frozen copy of the page: axe needs running timers, and the live page would move on
 * 500 ms after an answer. The copy is the same DOM without scripts, served from the same origin.
 */
async function expectNoAxeViolationsFrozen(page: Page, label: string) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  const width = page.viewportSize()!.width;
  const copy = await pageAt(page.context().browser()!, width);
  await copy.route("**/__frozen-quiz", (route) => route.fulfill({ body: html, contentType: "text/html" }));
  await copy.goto(`${new URL(page.url()).origin}/__frozen-quiz`);
  await expectNoAxeViolations(copy, label);
  await copy.context().close();
}

const wrongOption = (i: number) => quizQuestions[i]!.options.find((o) => o !== quizQuestions[i]!.correctAnswer)!;

test("the served HTML of /about/challenge already shows the intro", async ({ request }) => {
  const res = await request.get(ROUTE);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("The HTML Challenge");
  expect(html).toContain("How the challenge works");
  expect(html).toMatch(/<button[^>]*>Next<\/button>/);
});

for (const width of WIDTHS) {
  test(`right answers score 10 / 10 with the congratulation, axe clean in every state, at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await pageAt(browser, width);
    await page.clock.install();
    await visit(page, ROUTE);
    await expect(page.getByRole("heading", { level: 1, name: "The HTML Challenge" })).toBeVisible();
    await expectNoAxeViolations(page, `intro at ${width}px`);
    await shot(page, `${width}-1-intro`);

    await page.getByRole("button", { name: "Next", exact: true }).click();
    for (let i = 0; i < QUESTION_COUNT; i++) {
      const q = quizQuestions[i]!;
      await expect(lessonHeading(page, i)).toBeFocused();
      await expect(page.getByText(`Question ${i + 1} of ${QUESTION_COUNT}`)).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "Challenge progress" })).toHaveAttribute(
        "aria-valuenow",
        String(i + 1),
      );
      if (i === 0) {
        await expectNoAxeViolations(page, `lesson at ${width}px`);
        await shot(page, `${width}-2-lesson`);
      }
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect(questionHeading(page, i)).toBeFocused();
      await expect(options(page)).toHaveCount(4);
      if (i === 0) {
        await expectNoAxeViolations(page, `question at ${width}px`);
        await shot(page, `${width}-3-question`);
      }
      if (i === 3) await shot(page, `${width}-3b-code-question`);
      await holdClock(page);
      await page.getByRole("button", { name: plain(q.correctAnswer), exact: true }).click();
      await expect(page.getByTestId("quiz-verdict")).toHaveText("Correct!");
      await expect(page.getByTestId("quiz-announcer")).toHaveText("Correct!");
      await expect(page.locator('[data-option-state="correct"]')).toHaveCount(1);
      if (i === 0) {
        for (const b of await options(page).all()) await expect(b).toBeDisabled();
        await expectNoAxeViolationsFrozen(page, `answered question at ${width}px`);
        await shot(page, `${width}-4-answered-right`);
      }
      await expect(page.getByText(`Score: ${i + 1}`)).toBeVisible();
      await expectMoveAt500ms(page, i);
    }

    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("quiz-score")).toHaveText("10 / 10");
    await expect(dialog).toContainText(resultMessages.congratulation);
    await expectNoAxeViolations(page, `results at ${width}px`);
    await shot(page, `${width}-5-results-pass`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    const career = page.getByRole("heading", { level: 2, name: "Launch your career in software development" });
    await expect(career).toBeFocused();
    for (const b of ["Hands-on training", "Internships and paid apprenticeships", "Fast-track to employment"])
      await expect(page.getByRole("heading", { level: 3, name: b })).toBeVisible();
    await expect(page.getByText(/respond within 24 hours/).first()).toBeVisible();
    await expectNoAxeViolations(page, `career at ${width}px`);
    await shot(page, `${width}-6-career`);

    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Connect with our career team" })).toBeFocused();
    const form = page.locator('form[data-inquiry-form="career"]');
    await form.getByLabel("Your name").fill("Jordan Lee");
    await form.getByLabel("E-mail address").fill("jordan@example.com");
    await form.getByLabel("What kind of IT career are you aiming for?").fill("Front-end development after the Army.");
    await expectNoAxeViolations(page, `career form at ${width}px`);
    await shot(page, `${width}-7-career-form`);
    await form.getByRole("button", { name: "Connect with us" }).click();
    const status = page.getByRole("status").filter({ hasText: "respond within 24 hours" });
    await expect(status).toBeVisible();
    await expect(status).toContainText(/Reference: INQ-[A-Z0-9]{8}/);
    await expectNoAxeViolations(page, `career confirmation at ${width}px`);
    await shot(page, `${width}-8-career-sent`);
    await page.context().close();
  });

  test(`wrong answers score 0 / 10 with the encouragement at ${width} px`, async ({ browser }) => {
    test.setTimeout(60_000);
    const page = await pageAt(browser, width);
    await page.clock.install();
    await visit(page, ROUTE);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    for (let i = 0; i < QUESTION_COUNT; i++) {
      const q = quizQuestions[i]!;
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect(questionHeading(page, i)).toBeFocused();
      await holdClock(page);
      await page.getByRole("button", { name: plain(wrongOption(i)), exact: true }).click();
      const verdict = page.getByTestId("quiz-verdict");
      await expect(verdict).toContainText("Wrong!");
      await expect(verdict).toContainText(plain(q.correctAnswer));
      await expect(page.locator('[data-option-state="wrong"]')).toHaveCount(1);
      await expect(page.locator('[data-option-state="answer"]')).toHaveCount(1);
      await expect(page.getByTestId("quiz-announcer")).toHaveText(
        `Wrong! The right answer is ${plain(q.correctAnswer)}.`,
      );
      for (const b of await options(page).all()) await expect(b).toBeDisabled();
      await expect(page.getByText(`Score: 0`)).toBeVisible();
      if (i === 0) {
        await expectNoAxeViolationsFrozen(page, `wrong answer at ${width}px`);
        await shot(page, `${width}-4-answered-wrong`);
      }
      await expectMoveAt500ms(page, i);
      if (i + 1 < QUESTION_COUNT) await expect(lessonHeading(page, i + 1)).toBeFocused();
    }
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("quiz-score")).toHaveText("0 / 10");
    await expect(dialog).toContainText(resultMessages.encouragement);
    await expectNoAxeViolations(page, `results (encouragement) at ${width}px`);
    await shot(page, `${width}-5-results-encourage`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("heading", { name: "Launch your career in software development" })).toBeFocused();
    await page.context().close();
  });

  test(`the whole challenge works with the keyboard alone at ${width} px (5 / 10 passes)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await pageAt(browser, width);
    await page.clock.install();
    await visit(page, ROUTE);
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    for (let n = 0; n < 60 && (await focusedText()) !== "Next"; n++) await page.keyboard.press("Tab");
    expect(await focusedText()).toBe("Next");
    await page.keyboard.press("Enter");

    for (let i = 0; i < QUESTION_COUNT; i++) {
      const q = quizQuestions[i]!;
      await expect(lessonHeading(page, i)).toBeFocused();
      await page.keyboard.press("Tab");
      expect(await focusedText()).toBe("Next");
      await page.keyboard.press("Enter");
      await expect(questionHeading(page, i)).toBeFocused();
      // Right answers on even questions, wrong ones on odd: 5 of 10.
      const target = plain(i % 2 === 0 ? q.correctAnswer : wrongOption(i));
      const targetIndex = q.options.findIndex((o) => plain(o) === target);
      for (let t = 0; t <= targetIndex; t++) await page.keyboard.press("Tab");
      await expect(page.locator("[data-option-state]").nth(targetIndex)).toBeFocused();
      await holdClock(page);
      await page.keyboard.press(i % 4 === 0 ? "Enter" : "Space");
      await expect(page.getByTestId("quiz-verdict")).toContainText(i % 2 === 0 ? "Correct!" : "Wrong!");
      await expectMoveAt500ms(page, i);
    }
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("quiz-score")).toHaveText("5 / 10");
    await expect(dialog).toContainText(resultMessages.congratulation);
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Launch your career in software development" })).toBeFocused();
    await page.keyboard.press("Tab");
    expect(await focusedText()).toBe("Connect");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Connect with our career team" })).toBeFocused();
    await expect(page.getByLabel("Your name")).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.type("Sam Rivera");
    await page.keyboard.press("Tab");
    await page.keyboard.type("sam@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("I would like to become a web developer.");
    await page.keyboard.press("Tab");
    expect(await focusedText()).toBe("Connect with us");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "respond within 24 hours" })).toBeVisible();
    await page.context().close();
  });
}

test("under reduced motion the quiz still waits 500 ms after an answer", async ({ browser }) => {
  const page = await pageAt(browser, 390, { reducedMotion: "reduce" });
  await page.clock.install();
  await visit(page, ROUTE);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await holdClock(page);
  await page.getByRole("button", { name: plain(wrongOption(0)), exact: true }).click();
  await expect(page.getByTestId("quiz-verdict")).toContainText("Wrong!");
  await expectMoveAt500ms(page, 0);
  await expect(lessonHeading(page, 1)).toBeFocused();
  await page.context().close();
});
