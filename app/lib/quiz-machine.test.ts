import { describe, expect, it } from "vitest";
import { initialQuizState, pickedIsCorrect, quizReducer, type QuizAction, type QuizState } from "./quiz-machine";

const config = { count: 3, correctAnswer: (i: number) => `right-${i}` };
const run = (actions: QuizAction[], from: QuizState = initialQuizState) =>
  actions.reduce((s, a) => quizReducer(s, a, config), from);

describe("quiz state machine", () => {
  it("goes intro → lesson → question → next lesson, scoring one per right answer", () => {
    let s = run([{ type: "start" }]);
    expect(s).toEqual({ phase: "lesson", index: 0, score: 0, picked: null });
    s = run([{ type: "showQuestion" }, { type: "pick", option: "right-0" }], s);
    expect(s).toMatchObject({ phase: "question", index: 0, score: 1, picked: "right-0" });
    expect(pickedIsCorrect(s, config)).toBe(true);
    s = run([{ type: "advance" }], s);
    expect(s).toEqual({ phase: "lesson", index: 1, score: 1, picked: null });
    s = run([{ type: "showQuestion" }, { type: "pick", option: "nope" }], s);
    expect(s.score).toBe(1);
    expect(pickedIsCorrect(s, config)).toBe(false);
  });

  it("accepts one answer per question", () => {
    const s = run([
      { type: "start" },
      { type: "showQuestion" },
      { type: "pick", option: "wrong" },
      { type: "pick", option: "right-0" },
    ]);
    expect(s).toMatchObject({ picked: "wrong", score: 0 });
  });

  it("does not advance before an answer, and ignores a pick outside a question", () => {
    const lesson = run([{ type: "start" }]);
    expect(run([{ type: "pick", option: "right-0" }], lesson)).toBe(lesson);
    const question = run([{ type: "showQuestion" }], lesson);
    expect(run([{ type: "advance" }], question)).toBe(question);
  });

  it("after the last question shows the results, then the career screen; restart begins again", () => {
    const answerAll: QuizAction[] = [0, 1, 2].flatMap((i) => [
      { type: "showQuestion" } as const,
      { type: "pick", option: `right-${i}` } as const,
      { type: "advance" } as const,
    ]);
    let s = run([{ type: "start" }, ...answerAll]);
    expect(s).toMatchObject({ phase: "results", score: 3 });
    s = run([{ type: "closeResults" }], s);
    expect(s.phase).toBe("career");
    expect(run([{ type: "restart" }], s)).toEqual({ phase: "lesson", index: 0, score: 0, picked: null });
  });
});
