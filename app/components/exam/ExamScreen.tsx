import { AlertDialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { FormAlert } from "~/forms/form-alert";
import { apiMessage } from "~/lib/api/client";
import type { CandidateItem } from "~/schemas/exam";
import {
  announcementBetween,
  describeRemaining,
  formatRemaining,
  remainingMs,
  type ServerClock,
} from "~/lib/exam/clock";
import type { AnswerState } from "~/lib/exam/journal";
import { InlineCode, Stem } from "./Stem";
import type { Connection } from "./useSitting";

const EMPTY: AnswerState = { choice: null, flagged: false, struck: [] };
const LETTERS = ["A", "B", "C", "D", "E", "F"];

/**
 * The time left, from the server's clock, redrawn every second but never announced every second: the
 * live region speaks only at 30, 10, 5 and 1 minutes (issue 27.6). The candidate can hide the numbers.
 */
export function ExamTimer({ clock, onTimeUp }: { clock: ServerClock; onTimeUp: () => void }) {
  const [left, setLeft] = useState(() => remainingMs(clock));
  const [hidden, setHidden] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef(left);
  const fired = useRef(false);
  useEffect(() => {
    const tick = () => {
      const now = remainingMs(clock);
      const said = announcementBetween(previous.current, now);
      if (said) setAnnouncement(said);
      previous.current = now;
      setLeft(now);
      if (now <= 0 && !clock.paused && !fired.current) {
        fired.current = true;
        onTimeUp();
      }
      if (now > 0) fired.current = false;
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [clock, onTimeUp]);
  const low = left <= 5 * 60_000;
  return (
    <div className="flex items-center gap-2">
      <div
        role="timer"
        aria-label={hidden ? "Time left hidden" : `Time left: ${describeRemaining(left)}`}
        className={`min-w-24 rounded-md px-3 py-1.5 text-center font-mono text-lg font-bold tabular-nums ${
          low && !hidden ? "bg-red-700 text-white" : "bg-navy-100 text-navy-950"
        }`}
      >
        {hidden ? "--:--" : formatRemaining(left)}
        {clock.paused && <span className="ml-2 font-sans text-sm font-semibold">paused</span>}
      </div>
      <button
        type="button"
        className="min-h-11 rounded-md px-2 text-sm font-semibold text-navy-900 underline underline-offset-2"
        aria-pressed={hidden}
        onClick={() => setHidden((h) => !h)}
      >
        {hidden ? "Show time" : "Hide time"}
      </button>
      <p aria-live="assertive" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function SaveStatus({ connection }: { connection: Connection }) {
  const text =
    connection === "saved"
      ? "All answers saved"
      : connection === "saving"
        ? "Saving…"
        : "Offline: your answers are kept on this device and will be sent when the connection returns";
  return (
    <p
      role="status"
      data-save-status={connection}
      className={`text-sm font-semibold ${connection === "offline" ? "rounded-md bg-amber-100 px-3 py-2 text-amber-900" : "text-navy-800"}`}
    >
      <span aria-hidden="true">{connection === "saved" ? "✓ " : connection === "saving" ? "… " : "⚠ "}</span>
      {text}
    </p>
  );
}

/** One question: the stem, the four options (a radio group), strike-out per option and the flag. */
export function Question({
  item,
  answer,
  headingId,
  onChange,
}: {
  item: CandidateItem;
  answer: AnswerState;
  headingId: string;
  onChange: (next: AnswerState) => void;
}) {
  return (
    <div className="min-w-0">
      <div className="mt-3">
        <Stem text={item.stem} id={`q${item.position}-stem`} />
      </div>
      <div
        className="mt-6 space-y-3"
        role="radiogroup"
        aria-labelledby={headingId}
        aria-describedby={`q${item.position}-stem`}
      >
        {item.options.map((o, i) => {
          const struck = answer.struck.includes(o.id);
          const chosen = answer.choice === o.id;
          const id = `q${item.position}-o${o.id}`;
          return (
            <div
              key={o.id}
              className={`flex items-stretch gap-2 rounded-lg border-2 ${
                chosen ? "border-navy-800 bg-navy-50" : "border-slate-300 bg-white"
              }`}
            >
              <label htmlFor={id} className="flex min-h-11 flex-1 cursor-pointer items-start gap-3 p-3">
                <input
                  id={id}
                  type="radio"
                  name={`q${item.position}`}
                  value={o.id}
                  checked={chosen}
                  className="mt-1 size-5 shrink-0"
                  onChange={() =>
                    onChange({ ...answer, choice: o.id, struck: answer.struck.filter((s) => s !== o.id) })
                  }
                />
                <span className="font-bold text-navy-800" aria-hidden="true">
                  {LETTERS[i]}.
                </span>
                <span className={`whitespace-pre-wrap ${struck ? "text-slate-500 line-through" : ""}`}>
                  <InlineCode text={o.text} />
                  {struck && <span className="sr-only"> (struck out)</span>}
                </span>
              </label>
              <button
                type="button"
                className="min-h-11 shrink-0 rounded-r-md px-3 text-sm font-semibold text-navy-800 hover:bg-navy-100"
                aria-pressed={struck}
                aria-label={`${struck ? "Restore" : "Strike out"} option ${LETTERS[i]}`}
                onClick={() =>
                  onChange({
                    ...answer,
                    struck: struck ? answer.struck.filter((s) => s !== o.id) : [...answer.struck, o.id],
                    choice: !struck && chosen ? null : answer.choice,
                  })
                }
              >
                <span aria-hidden="true">{struck ? "Restore" : "Strike"}</span>
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The review screen: every question's state, counts, a jump to any, and the submit with its confirmation. */
function Review({
  itemCount,
  answers,
  onOpen,
  onSubmit,
}: {
  itemCount: number;
  answers: Map<number, AnswerState>;
  onOpen: (position: number) => void;
  onSubmit: () => Promise<void>;
}) {
  const [filter, setFilter] = useState<"all" | "unanswered" | "flagged">("all");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const positions = Array.from({ length: itemCount }, (_, i) => i + 1);
  const stateOf = (p: number) => answers.get(p) ?? EMPTY;
  const unanswered = positions.filter((p) => stateOf(p).choice === null);
  const flagged = positions.filter((p) => stateOf(p).flagged);
  const shown = filter === "all" ? positions : filter === "unanswered" ? unanswered : flagged;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <section aria-labelledby="exam-heading" className="space-y-5">
      <p>
        {plural(itemCount - unanswered.length, "question", "questions")} answered,{" "}
        {plural(unanswered.length, "question", "questions")} unanswered, {flagged.length} flagged for review.
      </p>
      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        {(
          [
            ["all", `All (${itemCount})`],
            ["unanswered", `Unanswered (${unanswered.length})`],
            ["flagged", `Flagged (${flagged.length})`],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className={`min-h-11 rounded-full px-4 text-sm font-semibold ${
              filter === value ? "bg-navy-900 text-white" : "bg-white text-navy-900 shadow-sm"
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="text-muted">No questions here.</p>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(4.5rem,1fr))] gap-2">
          {shown.map((p) => {
            const s = stateOf(p);
            const words = [s.choice ? "answered" : "unanswered", s.flagged ? "flagged" : ""].filter(Boolean).join(", ");
            return (
              <li key={p}>
                <button
                  type="button"
                  onClick={() => onOpen(p)}
                  aria-label={`Question ${p}, ${words}`}
                  data-review-position={p}
                  className={`flex min-h-12 w-full items-center justify-center gap-1 rounded-md border-2 text-sm font-bold ${
                    s.choice ? "border-navy-800 bg-navy-800 text-white" : "border-slate-400 bg-white text-navy-900"
                  }`}
                >
                  {p}
                  {s.flagged && <span aria-hidden="true">⚑</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <AlertDialog.Root open={confirming} onOpenChange={(o) => !busy && setConfirming(o)}>
        <AlertDialog.Trigger asChild>
          <button type="button" className="btn-primary">
            Submit the exam
          </button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/70" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
            <AlertDialog.Title className="text-xl font-bold text-navy-900">Submit your exam?</AlertDialog.Title>
            <AlertDialog.Description className="mt-3">
              {unanswered.length === 0
                ? "You have answered every question."
                : `You have ${plural(unanswered.length, "unanswered question", "unanswered questions")}: ${
                    unanswered.length === 1 ? "it counts" : "they count"
                  } as incorrect.`}{" "}
              Once you submit, you cannot change your answers, and your score report appears at once.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <button type="button" className="btn-outline" disabled={busy}>
                  Keep working
                </button>
              </AlertDialog.Cancel>
              <button
                type="button"
                className="btn-primary"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  setError(null);
                  try {
                    await onSubmit();
                  } catch (e) {
                    setError(apiMessage(e, "The exam could not be submitted. Please try again."));
                    setConfirming(false);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {busy ? "Submitting…" : "Submit and see my score"}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}

export interface ExamScreenProps {
  examTitle: string;
  itemCount: number;
  position: number;
  item: CandidateItem | null;
  answers: Map<number, AnswerState>;
  clock: ServerClock;
  connection: Connection;
  eslNote: string | null;
  onPosition: (p: number) => void;
  onChange: (position: number, next: AnswerState) => void;
  onSubmit: () => Promise<void>;
  onTimeUp: () => void;
}

/** The exam as the candidate sits it: a header with the clock and the save state, then a question or the review. */
export function ExamScreen(props: ExamScreenProps) {
  const { itemCount, position, item, answers, clock, connection } = props;
  const [reviewing, setReviewing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // the screen's one h1, the review's or the question's, focused when the candidate moves
  const heading = (className: string, text: string) => (
    <h1 id="exam-heading" ref={headingRef} tabIndex={-1} className={`${className} outline-none`}>
      {text}
    </h1>
  );
  const answer = answers.get(position) ?? EMPTY;
  const answered = [...answers.values()].filter((a) => a.choice !== null).length;

  // moving to another question puts the reader at its start
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [position, reviewing]);

  const go = (p: number) => {
    setReviewing(false);
    props.onPosition(Math.min(Math.max(1, p), itemCount));
  };

  return (
    <div className="space-y-6">
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <p className="text-sm font-semibold text-navy-900">
          {props.examTitle}
          <span className="block font-normal text-muted">
            {answered} of {itemCount} answered
          </span>
        </p>
        <ExamTimer clock={clock} onTimeUp={props.onTimeUp} />
      </div>
      <SaveStatus connection={connection} />
      {props.eslNote && <p className="rounded-md bg-navy-50 p-3 text-sm">{props.eslNote}</p>}

      {reviewing ? (
        <div className="space-y-5">
          {heading("text-2xl font-bold text-navy-900", "Review your answers")}
          <Review itemCount={itemCount} answers={answers} onOpen={go} onSubmit={props.onSubmit} />
        </div>
      ) : (
        <div className="rounded-xl bg-white p-5 shadow-sm sm:p-8">
          {heading("text-sm font-bold tracking-wide text-navy-700 uppercase", `Question ${position} of ${itemCount}`)}
          {item && item.position === position ? (
            <Question
              item={item}
              answer={answer}
              headingId="exam-heading"
              onChange={(next) => props.onChange(position, next)}
            />
          ) : (
            <p role="status" className="text-muted">
              {connection === "offline"
                ? "This question will appear when the connection returns. Your earlier answers are safe."
                : `Loading question ${position}…`}
            </p>
          )}
          <div className="mt-6">
            <button
              type="button"
              className={`inline-flex min-h-11 items-center gap-2 rounded-md border-2 px-4 text-sm font-semibold ${
                answer.flagged ? "border-amber-600 bg-amber-100 text-amber-950" : "border-slate-300 text-navy-900"
              }`}
              aria-pressed={answer.flagged}
              onClick={() => props.onChange(position, { ...answer, flagged: !answer.flagged })}
              disabled={!item}
            >
              <span aria-hidden="true">⚑</span> Flag for review
            </button>
          </div>
        </div>
      )}

      <nav aria-label="Questions" className="grid grid-cols-2 items-center gap-3 sm:flex sm:justify-between">
        <button
          type="button"
          className="btn-outline"
          onClick={() => go(reviewing ? position : position - 1)}
          disabled={!reviewing && position <= 1}
        >
          {reviewing ? `Back to question ${position}` : "Previous"}
        </button>
        {!reviewing && (
          <button
            type="button"
            className="btn-outline order-last col-span-2 sm:order-none"
            onClick={() => setReviewing(true)}
          >
            Review and submit
          </button>
        )}
        {!reviewing &&
          (position < itemCount ? (
            <button type="button" className="btn-primary justify-self-end" onClick={() => go(position + 1)}>
              Next
            </button>
          ) : (
            <button type="button" className="btn-primary justify-self-end" onClick={() => setReviewing(true)}>
              Review
            </button>
          ))}
      </nav>
    </div>
  );
}
