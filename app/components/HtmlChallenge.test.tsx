// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANSWER_DELAY_MS, QUESTION_COUNT, quizQuestions, resultMessages } from "~/data/quiz";
import { HtmlChallenge } from "./HtmlChallenge";

const plain = (s: string) => s.replace(/`/g, "");
const wrongOption = (i: number) => quizQuestions[i]!.options.find((o) => o !== quizQuestions[i]!.correctAnswer)!;
/** fake-clock time at which the quiz scheduled its move to the next screen */
let scheduledAt: number | null = null;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  scheduledAt = null;
  const fakeSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, "setTimeout").mockImplementation(((fn: () => void, ms?: number, ...args: unknown[]) => {
    if (ms === ANSWER_DELAY_MS) scheduledAt = Date.now();
    return fakeSetTimeout(fn, ms, ...args);
  }) as typeof setTimeout);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function setup() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<HtmlChallenge headingId="challenge" />);
  return user;
}

const option = (name: string) => screen.getByRole("button", { name: plain(name), exact: true } as never);
const lessonHeading = (i: number) => screen.getByRole("heading", { level: 2, name: quizQuestions[i]!.topic });

async function toQuestion(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Next" }));
}

/** The challenge past its intro and its first lesson: the first question shows. */
async function atFirstQuestion() {
  const user = setup();
  await user.click(screen.getByRole("button", { name: "Next" }));
  await toQuestion(user);
  return user;
}

/** Picks an option and lets the 500 ms pass. */
async function answer(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(option(name));
  await act(async () => {
    vi.advanceTimersByTime(ANSWER_DELAY_MS);
  });
}

/** Plays the whole quiz, answering question i right when right(i). */
async function playAll(user: ReturnType<typeof userEvent.setup>, right: (i: number) => boolean) {
  await user.click(screen.getByRole("button", { name: "Next" }));
  for (let i = 0; i < QUESTION_COUNT; i++) {
    await toQuestion(user);
    await answer(user, right(i) ? quizQuestions[i]!.correctAnswer : wrongOption(i));
  }
}

describe("HtmlChallenge", () => {
  it("starts on the intro, then shows the first lesson with focus on its heading", async () => {
    const user = setup();
    expect(screen.getByRole("heading", { name: "How the challenge works" })).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(lessonHeading(0)).toHaveFocus();
    expect(screen.getByText("Question 1 of 10")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Challenge progress" })).toHaveAttribute("aria-valuenow", "1");
    // the lesson's example is code
    expect(document.querySelector("pre code")?.textContent).toBe(quizQuestions[0]!.lesson.example);
    await toQuestion(user);
    expect(screen.getByRole("heading", { level: 2, name: quizQuestions[0]!.question })).toHaveFocus();
    expect(within(screen.getByRole("group")).getAllByRole("button")).toHaveLength(4);
  });

  it("marks a right pick green with 'Correct!', disables every option and adds one to the score", async () => {
    const user = await atFirstQuestion();
    expect(screen.getByText("Score: 0")).toBeInTheDocument();
    await user.click(option(quizQuestions[0]!.correctAnswer));
    const buttons = within(screen.getByRole("group")).getAllByRole("button");
    for (const b of buttons) expect(b).toBeDisabled();
    const picked = buttons.find((b) => b.dataset.optionState === "correct")!;
    expect(picked).toHaveClass("border-green-700");
    expect(picked).toHaveTextContent("Your answer");
    expect(screen.getByTestId("quiz-verdict")).toHaveTextContent("Correct!");
    expect(screen.getByTestId("quiz-announcer")).toHaveTextContent("Correct!");
    expect(screen.getByText("Score: 1")).toBeInTheDocument();
  });

  it("marks a wrong pick red with 'Wrong!', shows the right answer and keeps the score", async () => {
    const user = await atFirstQuestion();
    await user.click(option(wrongOption(0)));
    const buttons = within(screen.getByRole("group")).getAllByRole("button");
    for (const b of buttons) expect(b).toBeDisabled();
    expect(buttons.find((b) => b.dataset.optionState === "wrong")).toHaveClass("border-red-700");
    expect(buttons.find((b) => b.dataset.optionState === "answer")).toHaveTextContent("Right answer");
    expect(screen.getByTestId("quiz-verdict")).toHaveTextContent(
      `Wrong! The right answer is ${plain(quizQuestions[0]!.correctAnswer)}.`,
    );
    expect(screen.getByTestId("quiz-announcer")).toHaveTextContent("Wrong!");
    expect(screen.getByText("Score: 0")).toBeInTheDocument();
  });

  it("moves on to the next lesson at 500 ms after the answer, not before", async () => {
    const user = await atFirstQuestion();
    await user.click(option(quizQuestions[0]!.correctAnswer));
    expect(scheduledAt).not.toBeNull();
    // The clock also runs with real time (shouldAdvanceTime): step to exactly 499 ms after the answer.
    const elapsed = Date.now() - scheduledAt!;
    expect(elapsed).toBeLessThan(499);
    act(() => vi.advanceTimersByTime(499 - elapsed));
    expect(screen.getByRole("heading", { level: 2, name: quizQuestions[0]!.question })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: quizQuestions[1]!.topic })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(lessonHeading(1)).toHaveFocus();
    expect(screen.getByText("Question 2 of 10")).toBeInTheDocument();
    expect(screen.getByText("Score: 1")).toBeInTheDocument();
  });

  it("a second pick changes nothing", async () => {
    const user = await atFirstQuestion();
    const wrong = option(wrongOption(0));
    await user.click(wrong);
    const right = document.querySelector<HTMLButtonElement>('[data-option-state="answer"]')!;
    await user.click(right);
    expect(wrong.dataset.optionState).toBe("wrong");
    expect(right.dataset.optionState).toBe("answer");
    expect(screen.getByText("Score: 0")).toBeInTheDocument();
  });

  it.each([
    {
      title: "scores one point per right answer: 5 of 10 gets the congratulation",
      right: (i: number) => i < 5,
      score: "5 / 10",
      shown: resultMessages.congratulation,
      hidden: resultMessages.encouragement,
    },
    {
      title: "4 of 10 gets the encouragement",
      right: (i: number) => i % 2 === 1 && i < 9,
      score: "4 / 10",
      shown: resultMessages.encouragement,
      hidden: resultMessages.congratulation,
    },
  ])("$title", async ({ right, score, shown, hidden }) => {
    const user = setup();
    await playAll(user, right);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("quiz-score")).toHaveTextContent(score);
    expect(dialog).toHaveTextContent(shown);
    expect(dialog).not.toHaveTextContent(hidden);
  });

  it("closing the results dialog leads to the career screen, whose Connect button opens the career form", async () => {
    const user = setup();
    await playAll(user, () => true);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("quiz-score")).toHaveTextContent("10 / 10");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const heading = screen.getByRole("heading", { level: 2, name: "Launch your career in software development" });
    expect(heading).toHaveFocus();
    for (const b of ["Hands-on training", "Internships and paid apprenticeships", "Fast-track to employment"])
      expect(screen.getByRole("heading", { level: 3, name: b })).toBeInTheDocument();
    expect(screen.getByText(/respond within 24 hours/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Connect" }));
    expect(screen.getByRole("heading", { name: "Connect with our career team" })).toHaveFocus();
    expect(await screen.findByRole("form", { name: "Connect with our career team" })).toHaveAttribute(
      "data-inquiry-form",
      "career",
    );
  });

  it("the results dialog also closes with Escape, and the challenge can be taken again", async () => {
    const user = setup();
    await playAll(user, () => false);
    expect(within(await screen.findByRole("dialog")).getByTestId("quiz-score")).toHaveTextContent("0 / 10");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Take the challenge again" }));
    expect(lessonHeading(0)).toHaveFocus();
    expect(screen.getByText("Score: 0")).toBeInTheDocument();
  });
});
