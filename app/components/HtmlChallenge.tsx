import { lazy, Suspense, useEffect, useReducer, useRef, useState } from "react";
import { ANSWER_DELAY_MS, PASS_SCORE, QUESTION_COUNT, quizQuestions, type QuizQuestion } from "~/data/quiz";
import { initialQuizState, quizReducer, type QuizAction, type QuizConfig, type QuizState } from "~/lib/quiz-machine";
import { LazyInquiryForm } from "~/components/LazyInquiryForm";

/** Renders text where `backticked` parts are code. */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-navy-50 px-1.5 py-0.5 font-mono text-[0.92em] text-navy-900">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** Plain text of a string with backticks, for screen-reader announcements. */
const plain = (text: string) => text.replace(/`/g, "");

const CheckIcon = ({ className = "h-5 w-5" }: { className?: string }) => (
  <svg viewBox="0 0 20 20" className={className} aria-hidden="true" focusable="false">
    <circle cx="10" cy="10" r="9" fill="currentColor" />
    <path
      d="m5.8 10.3 2.8 2.8 5.6-6"
      fill="none"
      stroke="#fff"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

const CrossIcon = ({ className = "h-5 w-5" }: { className?: string }) => (
  <svg viewBox="0 0 20 20" className={className} aria-hidden="true" focusable="false">
    <circle cx="10" cy="10" r="9" fill="currentColor" />
    <path d="m6.7 6.7 6.6 6.6m0-6.6-6.6 6.6" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

const benefitIcon = (d: string) => (
  <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const benefits = [
  {
    title: "Hands-on training",
    text: "Build real websites and applications from the first week, guided by working developers instead of lectures alone.",
    icon: benefitIcon("M4 7h24v15H4zM11 27h10M16 22v5M10 12l-3 2.5 3 2.5M22 12l3 2.5-3 2.5M18 11l-4 7"),
  },
  {
    title: "Internships and paid apprenticeships",
    text: "Put your skills to work with coalition member companies and get paid while you keep learning on the job.",
    icon: benefitIcon("M5 11h22v15H5zM12 11V7h8v4M5 17h22M14 17v3h4v-3"),
  },
  {
    title: "Fast-track to employment",
    text: "Our member businesses are hiring. Finish the programme with a portfolio, references and introductions to employers.",
    icon: benefitIcon("M5 25 13 17l5 5 9-11M20 11h7v7"),
  },
];

// The results dialog and the career form are loaded on demand (and fetched ahead of time), so the
// intro, lessons and questions need only a little JavaScript.
const loadResults = () => import("./QuizResults");
const QuizResults = lazy(loadResults);

const config: QuizConfig = {
  count: quizQuestions.length,
  correctAnswer: (index) => quizQuestions[index]!.correctAnswer,
};
const reducer = (state: QuizState, action: QuizAction) => quizReducer(state, action, config);

/**
 * The HTML challenge (spec §2 Quiz, §4): intro, then ten lessons each followed by its question,
 * a results dialog, and the career-launch screen with the career form.
 */
export function HtmlChallenge({ headingId }: { headingId: string }) {
  const [state, dispatch] = useReducer(reducer, initialQuizState);
  const heading = useRef<HTMLHeadingElement>(null);
  const { phase, index, score, picked } = state;
  const q = quizQuestions[index]!;

  // After an answer, wait ANSWER_DELAY_MS, then go to the next lesson (or the results).
  useEffect(() => {
    if (phase !== "question" || picked === null) return;
    const timer = setTimeout(() => dispatch({ type: "advance" }), ANSWER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, picked, index]);

  // Focus moves to the heading of each new screen (never on first load).
  useEffect(() => {
    if (phase === "intro" || phase === "results") return;
    heading.current?.focus();
  }, [phase, index]);

  const right = picked === null ? null : picked === q.correctAnswer;
  const announcement =
    right === null ? "" : right ? "Correct!" : `Wrong! The right answer is ${plain(q.correctAnswer)}.`;

  return (
    <div className="mx-auto max-w-3xl">
      {/* The verdict is announced here; this region outlives each question screen. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="quiz-announcer">
        {announcement}
      </p>

      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg shadow-navy-900/10 sm:p-8">
        {(phase === "lesson" || phase === "question") && <Progress index={index} score={score} />}
        <div
          key={`${phase}-${index}`}
          className="transition duration-300 ease-out motion-reduce:transition-none starting:translate-y-2 starting:opacity-0 motion-reduce:starting:translate-y-0 motion-reduce:starting:opacity-100"
        >
          {phase === "intro" && (
            <Intro
              onNext={() => {
                void loadResults();
                dispatch({ type: "start" });
              }}
              headingId={headingId}
            />
          )}
          {phase === "lesson" && (
            <Lesson q={q} n={index + 1} heading={heading} onNext={() => dispatch({ type: "showQuestion" })} />
          )}
          {phase === "question" && (
            <Question
              q={q}
              n={index + 1}
              heading={heading}
              picked={picked}
              onPick={(option) => dispatch({ type: "pick", option })}
            />
          )}
          {phase === "results" && (
            <div className="text-center">
              <h2 className="text-2xl font-bold text-navy-900">All {QUESTION_COUNT} questions answered</h2>
              <p className="mt-2 text-muted">Your result is ready.</p>
            </div>
          )}
          {phase === "career" && <Career heading={heading} onRestart={() => dispatch({ type: "restart" })} />}
        </div>
      </div>

      {phase === "results" && (
        <Suspense fallback={null}>
          <QuizResults score={score} open onClose={() => dispatch({ type: "closeResults" })} />
        </Suspense>
      )}
    </div>
  );
}

function Progress({ index, score }: { index: number; score: number }) {
  const n = index + 1;
  return (
    <div className="mb-6 border-b border-slate-200 pb-5" data-testid="quiz-progress">
      <div className="flex items-baseline justify-between gap-4 text-sm font-semibold text-navy-900">
        <p>
          Question {n} of {QUESTION_COUNT}
        </p>
        <p>Score: {score}</p>
      </div>
      <div
        role="progressbar"
        aria-label="Challenge progress"
        aria-valuemin={0}
        aria-valuemax={QUESTION_COUNT}
        aria-valuenow={n}
        aria-valuetext={`Question ${n} of ${QUESTION_COUNT}`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-navy-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${(n / QUESTION_COUNT) * 100}%` }}
        />
      </div>
    </div>
  );
}

function Intro({ onNext, headingId }: { onNext: () => void; headingId: string }) {
  const steps = [
    "Read a short lesson on one part of HTML, the language every web page is written in.",
    "Answer one question about it by choosing one of four options. You see at once whether you were right.",
    `After ${QUESTION_COUNT} questions you get your score. Answer at least ${PASS_SCORE} correctly to pass.`,
  ];
  return (
    <div>
      <h2 id={`${headingId}-how`} className="text-2xl font-bold text-navy-900">
        How the challenge works
      </h2>
      <p className="mt-3 text-lg leading-relaxed">
        No experience needed: every question comes right after a lesson that teaches its answer. It takes about ten
        minutes, and there is nothing to install or sign up for.
      </p>
      <ol className="mt-6 space-y-4">
        {steps.map((s, i) => (
          <li key={s} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700"
            >
              {i + 1}
            </span>
            <span className="pt-1 leading-relaxed">{s}</span>
          </li>
        ))}
      </ol>
      <NextButton onClick={onNext} />
    </div>
  );
}

function NextButton({ onClick }: { onClick: () => void }) {
  return (
    <div className="mt-8 flex justify-end">
      <button type="button" className="btn-primary w-full px-8 sm:w-auto" onClick={onClick}>
        Next
      </button>
    </div>
  );
}

function Lesson({
  q,
  n,
  heading,
  onNext,
}: {
  q: QuizQuestion;
  n: number;
  heading: React.RefObject<HTMLHeadingElement | null>;
  onNext: () => void;
}) {
  return (
    <article aria-labelledby={`lesson-${n}`}>
      <p className="eyebrow">Lesson {n}</p>
      <h2
        ref={heading}
        id={`lesson-${n}`}
        tabIndex={-1}
        className="mt-1 scroll-mt-24 text-2xl font-bold text-navy-900 outline-none sm:text-3xl"
      >
        {q.topic}
      </h2>
      <div className="mt-4 space-y-3 text-lg leading-relaxed">
        {q.lesson.paragraphs.map((p) => (
          <p key={p}>
            <InlineCode text={p} />
          </p>
        ))}
      </div>
      <figure className="mt-6">
        <figcaption className="text-sm font-semibold tracking-wide text-muted uppercase">Example</figcaption>
        <pre className="mt-2 rounded-xl bg-navy-950 p-4 font-mono text-sm leading-relaxed whitespace-pre-wrap text-navy-50 [overflow-wrap:anywhere] sm:text-base">
          <code>{q.lesson.example}</code>
        </pre>
      </figure>
      <NextButton onClick={onNext} />
    </article>
  );
}

type OptionState = "idle" | "correct" | "wrong" | "answer" | "other";

function optionState(option: string, picked: string | null, correctAnswer: string): OptionState {
  if (picked === null) return "idle";
  if (option === picked) return option === correctAnswer ? "correct" : "wrong";
  if (option === correctAnswer) return "answer";
  return "other";
}

const optionClass: Record<OptionState, string> = {
  idle: "border-slate-300 bg-white hover:border-brand-600 hover:bg-brand-100/40",
  correct: "border-green-700 bg-green-50 text-green-950",
  wrong: "border-red-700 bg-red-50 text-red-950",
  answer: "border-dashed border-green-700 bg-white text-green-950",
  other: "border-slate-200 bg-slate-50 text-slate-600",
};

function Question({
  q,
  n,
  heading,
  picked,
  onPick,
}: {
  q: QuizQuestion;
  n: number;
  heading: React.RefObject<HTMLHeadingElement | null>;
  picked: string | null;
  onPick: (option: string) => void;
}) {
  // a constant, not useId: the quiz is an island on /about/challenge (app/islands)
  const id = `html-challenge-${n}`;
  const right = picked === null ? null : picked === q.correctAnswer;
  return (
    <div>
      <p className="eyebrow">Question {n}</p>
      <h2
        ref={heading}
        id={`${id}-q`}
        tabIndex={-1}
        className="mt-1 scroll-mt-24 text-2xl leading-snug font-bold text-navy-900 outline-none sm:text-3xl"
      >
        <InlineCode text={q.question} />
      </h2>
      <div role="group" aria-labelledby={`${id}-q`} className="mt-6 grid gap-3">
        {q.options.map((option, i) => {
          const s = optionState(option, picked, q.correctAnswer);
          return (
            <button
              key={option}
              type="button"
              disabled={picked !== null}
              data-option-state={s}
              onClick={() => onPick(option)}
              className={`flex min-h-14 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left text-base transition-colors motion-reduce:transition-none disabled:cursor-default sm:text-lg ${optionClass[s]}`}
            >
              <span
                aria-hidden="true"
                className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${s === "idle" || s === "other" ? "bg-navy-50 text-navy-900" : ""}`}
              >
                {s === "correct" || s === "answer" ? (
                  <CheckIcon className="h-8 w-8 text-green-700" />
                ) : s === "wrong" ? (
                  <CrossIcon className="h-8 w-8 text-red-700" />
                ) : (
                  "ABCD"[i]
                )}
              </span>
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                <InlineCode text={option} />
              </span>
              {s === "correct" && <span className="shrink-0 text-sm font-bold text-green-800">Your answer</span>}
              {s === "wrong" && <span className="shrink-0 text-sm font-bold text-red-800">Your answer</span>}
              {s === "answer" && <span className="shrink-0 text-sm font-bold text-green-800">Right answer</span>}
            </button>
          );
        })}
      </div>
      <div className="mt-5 min-h-14" data-testid="quiz-verdict">
        {right === true && (
          <p className="flex items-center gap-2 rounded-lg bg-green-50 px-4 py-3 text-lg font-bold text-green-900">
            <CheckIcon className="h-6 w-6 text-green-700" />
            Correct!
          </p>
        )}
        {right === false && (
          <p className="flex flex-wrap items-center gap-x-2 rounded-lg bg-red-50 px-4 py-3 text-lg text-red-950">
            <CrossIcon className="h-6 w-6 text-red-700" />
            <strong>Wrong!</strong>{" "}
            <span className="text-base">
              The right answer is <InlineCode text={q.correctAnswer} />.
            </span>
          </p>
        )}
      </div>
    </div>
  );
}

function Career({
  heading,
  onRestart,
}: {
  heading: React.RefObject<HTMLHeadingElement | null>;
  onRestart: () => void;
}) {
  const [formOpen, setFormOpen] = useState(false);
  const formHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    void LazyInquiryForm.load();
  }, []);
  useEffect(() => {
    if (formOpen) formHeading.current?.focus();
  }, [formOpen]);
  return (
    <div>
      <p className="eyebrow">Software-developer career programme</p>
      <h2
        ref={heading}
        tabIndex={-1}
        className="mt-1 scroll-mt-24 text-2xl font-bold text-navy-900 outline-none sm:text-3xl"
      >
        Launch your career in software development
      </h2>
      <p className="mt-3 text-lg leading-relaxed">
        You have just written your first HTML. Our career programme takes you from here to a job as a developer, with
        the coalition&apos;s member businesses at your side.
      </p>
      <ul className="mt-6 grid gap-4">
        {benefits.map((b) => (
          <li key={b.title} className="flex gap-4 rounded-xl bg-navy-50 p-4">
            <span className="text-brand-700">{b.icon}</span>
            <div>
              <h3 className="text-lg font-bold text-navy-900">{b.title}</h3>
              <p className="mt-1 leading-relaxed">{b.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-lg leading-relaxed font-semibold text-navy-900">
        Connect with our career team and we will respond within 24 hours.
      </p>
      {formOpen ? (
        <section aria-labelledby="career-form-title" className="mt-6 border-t border-slate-200 pt-6">
          <h3
            ref={formHeading}
            id="career-form-title"
            tabIndex={-1}
            className="mb-4 scroll-mt-24 text-xl font-bold text-navy-900 outline-none"
          >
            Connect with our career team
          </h3>
          <LazyInquiryForm kind="career" headingId="career-form-title" />
        </section>
      ) : (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <button type="button" className="btn-gold px-8" onClick={() => setFormOpen(true)}>
            Connect
          </button>
          <button type="button" className="btn-outline" onClick={onRestart}>
            Take the challenge again
          </button>
        </div>
      )}
    </div>
  );
}
