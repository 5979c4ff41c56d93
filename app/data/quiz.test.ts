import { describe, expect, it } from "vitest";
import {
  ANSWER_DELAY_MS,
  PASS_RATIO,
  PASS_SCORE,
  passed,
  QUESTION_COUNT,
  quizQuestions,
  scoreLabel,
} from "./quiz";

describe("quiz data", () => {
  it("has the spec's constants", () => {
    expect(QUESTION_COUNT).toBe(10);
    expect(ANSWER_DELAY_MS).toBe(500);
    expect(PASS_RATIO).toBe(0.5);
    expect(PASS_SCORE).toBe(5);
  });

  it("has ten questions, each with four distinct options and the correct answer among them", () => {
    expect(quizQuestions).toHaveLength(QUESTION_COUNT);
    for (const q of quizQuestions) {
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options).size).toBe(4);
      expect(q.options).toContain(q.correctAnswer);
      expect(q.question.length).toBeGreaterThan(10);
      expect(q.lesson.paragraphs.length).toBeGreaterThan(0);
      expect(q.lesson.example.trim().length).toBeGreaterThan(0);
      // backticks (code spans) come in pairs
      for (const text of [q.question, ...q.options, ...q.lesson.paragraphs])
        expect(text.split("`").length % 2, text).toBe(1);
    }
  });

  it("covers the spec's topics in order", () => {
    expect(quizQuestions.map((q) => q.topic)).toEqual([
      "What HTML stands for",
      "The link tag",
      "The image tag",
      "The stylesheet attribute",
      "The ordered list",
      "The line break",
      "The table",
      "Inline styles",
      "The head tag",
      "Comments",
    ]);
    const answers = quizQuestions.map((q) => q.correctAnswer.replace(/`/g, ""));
    expect(answers[0]).toBe("HyperText Markup Language");
    expect(answers[1]).toMatch(/^<a href=/);
    expect(answers[2]).toMatch(/^<img src=/);
    expect(answers[3]).toBe('rel="stylesheet"');
    expect(answers[4]).toBe("<ol>");
    expect(answers[5]).toBe("<br>");
    expect(answers[6]).toBe("<tr>");
    expect(answers[7]).toBe("style");
    expect(answers[8]).toMatch(/title/);
    expect(answers[9]).toBe("<!-- This is a comment -->");
  });

  it("does not always put the right answer in the same place", () => {
    const positions = new Set(quizQuestions.map((q) => q.options.indexOf(q.correctAnswer)));
    expect(positions.size).toBe(4);
  });

  it("passes at half the questions or more", () => {
    expect(passed(5)).toBe(true);
    expect(passed(10)).toBe(true);
    expect(passed(4)).toBe(false);
    expect(passed(0)).toBe(false);
    expect(scoreLabel(7)).toBe("7 / 10");
  });
});
