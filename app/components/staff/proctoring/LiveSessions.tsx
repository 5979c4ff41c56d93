import { useEffect, useRef, useState } from "react";
import { APPEAL_HOURS } from "~/data/program-rules";
import { CONSOLE_REFRESH_SECONDS, DISCONNECT_SECONDS, MAX_ADD_MINUTES } from "~/data/proctoring";
import { FormAlert } from "~/forms/form-alert";
import { FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { SubmitButton } from "~/forms/submit-button";
import { API_BASE, call } from "~/lib/api/client";
import {
  addTimeEndpoint,
  addTimeSchema,
  endSessionEndpoint,
  endSessionSchema,
  incidentEndpoint,
  incidentSchema,
  liveSessionsEndpoint,
  pauseSessionEndpoint,
  proctorMessageSchema,
  resumeSessionEndpoint,
  sendMessageEndpoint,
  type AddTimeInput,
  type LiveSession,
} from "~/schemas/proctoring";
import { choiceOptions } from "../StaffConsole";
import { PolledList, useCardAction } from "./PolledList";
import { leaving, useFocusedNotice, usePolled, useTicking } from "./usePolled";

/** "1:05:09" or "45:12": hours only when there are any. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

const timeOfDay = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit" });

/** The time left as the proctor reads it now: the server's clock moved on by the time since its answer. */
function timeLeft(s: LiveSession, now: number, offset: number): string {
  if (s.clock.paused || s.clock.deadline === null) {
    const why = s.pausedBy === "disconnect" ? "paused while disconnected" : "paused by a proctor";
    return `${clockText(s.clock.remainingMs)} (${why})`;
  }
  return clockText(s.clock.deadline - (now + offset));
}

function lastSeen(s: LiveSession, now: number, offset: number): string {
  if (s.connection === "waiting" || !s.lastSeenAt) return "Waiting for the exam page's first heartbeat";
  const ago = Math.max(0, Math.round((now + offset - Date.parse(s.lastSeenAt)) / 1000));
  const when = ago < 90 ? `${ago} s ago` : `${Math.round(ago / 60)} min ago`;
  if (s.connection === "disconnected")
    return `Disconnected: silent since ${timeOfDay(s.lastSeenAt)} (${when}); the clock is paused`;
  return `Connected, last seen ${when}`;
}

type Action = "time" | "message" | "incident" | "end";
const ACTIONS: [Action, string][] = [
  ["time", "Add time"],
  ["message", "Send a message"],
  ["incident", "Write an incident report"],
  ["end", "End the exam…"],
];

interface ActionProps {
  session: LiveSession;
  done: (session: LiveSession, message: string) => void;
}

function AddTimeForm({ session, done }: ActionProps) {
  const f = useSubmitForm<AddTimeInput, AddTimeInput, { session: LiveSession }>({
    schema: addTimeSchema,
    defaultValues: { reason: "" },
    send: (body) => call(addTimeEndpoint, { params: { id: String(session.id) }, body }),
    done: (res, values) =>
      done(
        res.session,
        `Added ${values.minutes} ${values.minutes === 1 ? "minute" : "minutes"}: ${clockText(res.session.clock.remainingMs)} left. The candidate's clock shows it at the next heartbeat.`,
      ),
  });
  return (
    <form aria-label={`Add time for ${session.candidateName}`} className="space-y-3" {...f.formProps}>
      <FormField
        label="Minutes to add"
        type="number"
        inputMode="numeric"
        hint={`From 1 to ${MAX_ADD_MINUTES}; add again for more.`}
        {...f.field("minutes", { valueAsNumber: true })}
      />
      <FormField label="Reason (kept in the audit log)" multiline {...f.field("reason")} />
      {f.alert}
      <SubmitButton submitting={f.submitting} busy="Adding…" className="btn-primary min-h-11 px-4">
        Add the time
      </SubmitButton>
    </form>
  );
}

function TextForm({
  session,
  done,
  kind,
}: ActionProps & {
  kind: "message" | "incident";
}) {
  const message = kind === "message";
  const f = useSubmitForm<{ text: string }, { text: string }, { session: LiveSession }>({
    schema: message ? proctorMessageSchema : incidentSchema,
    defaultValues: { text: "" },
    send: (body) =>
      call(message ? sendMessageEndpoint : incidentEndpoint, { params: { id: String(session.id) }, body }),
    done: (res) =>
      done(
        res.session,
        message
          ? "Message sent: the exam page shows it and announces it to the candidate."
          : "Incident report kept with the attempt (for an appeal).",
      ),
  });
  return (
    <form
      aria-label={message ? `Message to ${session.candidateName}` : `Incident report on ${session.candidateName}`}
      className="space-y-3"
      {...f.formProps}
    >
      <FormField label={message ? "Message the candidate reads" : "What happened"} multiline {...f.field("text")} />
      {f.alert}
      <SubmitButton submitting={f.submitting} busy="Sending…" className="btn-primary min-h-11 px-4">
        {message ? "Send the message" : "Keep the report"}
      </SubmitButton>
    </form>
  );
}

const OUTCOME_TEXT = {
  indeterminate: "Indeterminate: no score, and a free retake voucher (the scoring policy)",
  violation: `Suspected violation: no score; the invalidation path, with notice and an appeal within ${APPEAL_HOURS} hours`,
} as const;
type Ending = { outcome: "indeterminate" | "violation"; reason: string };

/** End the exam: the outcome and the reason first, then a confirmation that says what follows. */
function EndForm({ session, onEnded }: { session: LiveSession; onEnded: (message: string) => void }) {
  const [pending, setPending] = useState<Ending | null>(null);
  const ending = useCardAction();
  const keepRef = useRef<HTMLButtonElement>(null);
  const f = useSubmitForm<{ outcome?: Ending["outcome"]; reason: string }, Ending>({
    schema: endSessionSchema,
    defaultValues: { outcome: undefined, reason: "" },
    send: async (values) => {
      ending.clear();
      setPending(values);
    },
  });
  useEffect(() => {
    if (pending) keepRef.current?.focus();
  }, [pending]);

  const confirm = async () => {
    if (!pending) return;
    await ending.run(async () => {
      const { ended } = await call(endSessionEndpoint, { params: { id: String(session.id) }, body: pending });
      onEnded(
        ended.outcome === "violation"
          ? `${session.candidateName}'s exam ended as a suspected violation, without a score. The candidate is e-mailed the notice with your reason and may appeal within ${APPEAL_HOURS} hours.`
          : `${session.candidateName}'s exam ended as indeterminate, without a score. Free retake voucher ${ended.freeRetakeVoucher ?? "(issued)"} is theirs; the candidate is e-mailed your reason and the appeal route.`,
      );
    });
  };

  return (
    <div className="space-y-3">
      <form aria-label={`End the exam of ${session.candidateName}`} className="space-y-3" {...f.formProps}>
        <SelectField label="How the exam ends" options={choiceOptions(OUTCOME_TEXT)} {...f.field("outcome")} />
        <FormField label="Reason the candidate reads" multiline {...f.field("reason")} />
        {f.alert}
        {!pending && (
          <button type="submit" className="btn-outline min-h-11 px-4">
            End the exam…
          </button>
        )}
      </form>
      {pending && (
        <div
          role="group"
          aria-label={`Confirm the end of ${session.candidateName}'s exam`}
          className="space-y-3 rounded-md border-2 border-red-700 bg-red-50 p-3"
        >
          <p className="font-semibold text-red-900">
            End {session.candidateName}&apos;s exam now, as{" "}
            {pending.outcome === "indeterminate" ? "indeterminate (free retake)" : "a suspected violation"}? The exam
            closes at once without a score, and the candidate is e-mailed your reason and the appeal route.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary min-h-11 px-4" disabled={ending.busy} onClick={confirm}>
              {ending.busy ? "Ending…" : "Yes, end the exam"}
            </button>
            <button
              ref={keepRef}
              type="button"
              className="btn-outline min-h-11 px-4"
              disabled={ending.busy}
              onClick={() => setPending(null)}
            >
              Keep the exam going
            </button>
          </div>
          {ending.error && <FormAlert>{ending.error}</FormAlert>}
        </div>
      )}
    </div>
  );
}

/** One open sitting: what the proctor watches, and what they can do. */
function SessionCard({
  session: s,
  now,
  offset,
  onChanged,
  onEnded,
}: {
  session: LiveSession;
  now: number;
  offset: number;
  onChanged: (s: LiveSession) => void;
  onEnded: (message: string) => void;
}) {
  const [open, setOpen] = useState<Action | null>(null);
  const { notice, say, ref: noticeRef } = useFocusedNotice();
  const pause = useCardAction();
  const headingId = `session-${s.id}`;
  const byProctor = s.clock.paused && s.pausedBy === "proctor";

  const done = (session: LiveSession, message: string) => {
    onChanged(session);
    setOpen(null);
    pause.clear();
    say(message);
  };

  const pauseOrResume = () =>
    pause.run(async () => {
      const params = { id: String(s.id) };
      const res = byProctor
        ? await call(resumeSessionEndpoint, { params, body: {} })
        : await call(pauseSessionEndpoint, { params, body: {} });
      done(
        res.session,
        byProctor
          ? `Resumed: the clock runs again with ${clockText(res.session.clock.remainingMs)} left.`
          : `Paused: the clock is stopped at ${clockText(res.session.clock.remainingMs)} until you resume it.`,
      );
    });

  const connectionTone =
    s.connection === "disconnected" ? "text-red-800" : s.connection === "connected" ? "text-brand-800" : "text-muted";

  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-session={s.id}
        className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
      >
        <div className="flex flex-col gap-4 sm:flex-row">
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="text-lg font-bold text-navy-900">
              {s.candidateName}
              <span className="block text-sm font-normal text-muted">{s.examTitle}</span>
            </h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">Last seen</dt>
              <dd className={`font-medium ${connectionTone}`}>{lastSeen(s, now, offset)}</dd>
              <dt className="font-semibold">Question reached</dt>
              <dd>
                {s.position} of {s.itemCount}
              </dd>
              <dt className="font-semibold">Answers saved</dt>
              <dd>{s.answered}</dd>
              <dt className="font-semibold">Time left</dt>
              <dd className="font-mono" data-time-left="">
                {timeLeft(s, now, offset)}
              </dd>
              <dt className="font-semibold">Started</dt>
              <dd>{timeOfDay(s.startedAt)}</dd>
              <dt className="font-semibold">On record</dt>
              <dd>
                {s.frames} camera {s.frames === 1 ? "frame" : "frames"}, {s.incidents} incident{" "}
                {s.incidents === 1 ? "report" : "reports"}
              </dd>
            </dl>
          </div>
          <figure className="w-full shrink-0 sm:w-56">
            {s.latestFrame ? (
              <img
                src={`${API_BASE}/api/staff/proctoring/frames/${s.latestFrame.id}`}
                alt={`Camera frame of ${s.candidateName}, taken at ${timeOfDay(s.latestFrame.takenAt)}`}
                className="aspect-[4/3] w-full rounded-md border border-slate-200 bg-slate-100 object-contain"
              />
            ) : (
              <div className="flex aspect-[4/3] w-full items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-2 text-center text-sm text-muted">
                No camera frame yet
              </div>
            )}
            <figcaption className="mt-1 text-xs text-muted">
              {s.latestFrame ? `Latest camera frame, ${timeOfDay(s.latestFrame.takenAt)}` : "Latest camera frame"}
            </figcaption>
          </figure>
        </div>
        {notice && (
          <div className="mt-3">
            <FormAlert tone="success" focusRef={noticeRef}>
              {notice}
            </FormAlert>
          </div>
        )}
        {pause.alert}
        <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={`Actions for ${s.candidateName}`}>
          <button type="button" className="btn-primary min-h-11 px-4" disabled={pause.busy} onClick={pauseOrResume}>
            {pause.busy ? "Sending…" : byProctor ? "Resume" : "Pause"}
          </button>
          {ACTIONS.map(([action, text]) => (
            <button
              key={action}
              type="button"
              className="btn-outline min-h-11 px-4"
              aria-expanded={open === action}
              aria-controls={`${headingId}-${action}`}
              onClick={() => setOpen((o) => (o === action ? null : action))}
            >
              {text}
            </button>
          ))}
        </div>
        {ACTIONS.map(([action]) => (
          <div
            key={action}
            id={`${headingId}-${action}`}
            hidden={open !== action}
            className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3"
          >
            {open === action &&
              (action === "time" ? (
                <AddTimeForm session={s} done={done} />
              ) : action === "end" ? (
                <EndForm session={s} onEnded={onEnded} />
              ) : (
                <TextForm session={s} done={done} kind={action} />
              ))}
          </div>
        ))}
      </article>
    </li>
  );
}

/**
 * The open sittings (issue 28.4, 28.5), oldest first, reloaded every CONSOLE_REFRESH_SECONDS without moving
 * the focus or closing a form: each card is kept by its sitting's id. An ended exam leaves the list with a
 * message saying what follows.
 */
export function LiveSessions() {
  const polled = usePolled(() => call(liveSessionsEndpoint, {}), CONSOLE_REFRESH_SECONDS * 1000);
  const { data, setData, error, refresh, receivedAt } = polled;
  const now = useTicking();
  const ended = useFocusedNotice();
  // the server's clock against this browser's, at the last answer
  const offset = data && receivedAt ? Date.parse(data.now) - receivedAt : 0;

  const replace = (session: LiveSession) =>
    setData((d) => (d ? { ...d, sessions: d.sessions.map((x) => (x.id === session.id ? session : x)) } : d));
  const endedOne = (id: number) =>
    leaving(polled, ended, (d) => ({ ...d, sessions: d.sessions.filter((x) => x.id !== id) }));

  return (
    <PolledList
      id="live-title"
      title="Live sessions"
      refreshLabel="Refresh the live sessions"
      onRefresh={() => void refresh()}
      intro={`Every exam in progress. A session silent for ${DISCONNECT_SECONDS} seconds is shown as disconnected and its clock is paused until the page comes back. Updated every ${CONSOLE_REFRESH_SECONDS} seconds${receivedAt ? `, last at ${new Date(receivedAt).toLocaleTimeString("en-US")}` : ""}.`}
      notice={ended}
      error={error}
      what="the live sessions"
      items={data?.sessions}
      empty="No exam is in progress."
    >
      {(s) => (
        <SessionCard key={s.id} session={s} now={now} offset={offset} onChanged={replace} onEnded={endedOne(s.id)} />
      )}
    </PolledList>
  );
}
