/**
 * The HTML challenge as a small pure state machine (spec §4 Quiz):
 * intro → lesson → question → (answer, then ANSWER_DELAY_MS later) next lesson … → results → career.
 * The component owns the timer; this module only says what each step leads to.
 */

export type QuizPhase = "intro" | "lesson" | "question" | "results" | "career";

export interface QuizState {
  phase: QuizPhase;
  /** index of the current question, 0-based */
  index: number;
  score: number;
  /** the option picked for the current question; null until the reader answers */
  picked: string | null;
}

export type QuizAction =
  | { type: "start" }
  | { type: "showQuestion" }
  | { type: "pick"; option: string }
  | { type: "advance" }
  | { type: "closeResults" }
  | { type: "restart" };

export interface QuizConfig {
  count: number;
  correctAnswer: (index: number) => string;
}

export const initialQuizState: QuizState = { phase: "intro", index: 0, score: 0, picked: null };

export function quizReducer(state: QuizState, action: QuizAction, config: QuizConfig): QuizState {
  switch (action.type) {
    case "start":
      return state.phase === "intro" ? { ...initialQuizState, phase: "lesson" } : state;
    case "showQuestion":
      return state.phase === "lesson" ? { ...state, phase: "question", picked: null } : state;
    case "pick": {
      // One answer per question: later picks (double clicks) change nothing.
      if (state.phase !== "question" || state.picked !== null) return state;
      const right = action.option === config.correctAnswer(state.index);
      return { ...state, picked: action.option, score: state.score + (right ? 1 : 0) };
    }
    case "advance":
      if (state.phase !== "question" || state.picked === null) return state;
      return state.index + 1 < config.count
        ? { ...state, phase: "lesson", index: state.index + 1, picked: null }
        : { ...state, phase: "results", picked: null };
    case "closeResults":
      return state.phase === "results" ? { ...state, phase: "career" } : state;
    case "restart":
      return { ...initialQuizState, phase: "lesson" };
    default:
      return state;
  }
}

/** Whether the picked option is the right one (null before an answer). */
export function pickedIsCorrect(state: QuizState, config: QuizConfig): boolean | null {
  if (state.picked === null) return null;
  return state.picked === config.correctAnswer(state.index);
}
