import { DISCONNECT_SECONDS, RETURN_WINDOW_MINUTES } from "~/data/proctoring";
import { SYSTEM_CHECK_PATH } from "~/data/system-check";
import type { Proctoring } from "./useProctoring";

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });

/**
 * What the proctored exam page shows beside the questions (issue 28.5): the camera's preview, a paused
 * exam (by the proctor, or a lost connection) with the clock stopped, time the proctor added, and the
 * proctor's messages, each announced once by a polite live region.
 */
export function ProctorPanel({ p }: { p: Proctoring }) {
  const { camera } = p;
  return (
    <div className="mb-6 space-y-3" data-testid="proctoring">
      {p.offline ? (
        <div className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4" data-testid="exam-paused">
          <p className="font-bold text-amber-950">Connection lost: your time is kept</p>
          <p className="mt-1 text-sm">
            The time left stops at what our server last confirmed. After {DISCONNECT_SECONDS} seconds without contact
            the server pauses your clock from that moment, so you lose no time, and it runs again when this page is back
            online. If you cannot come back within {RETURN_WINDOW_MINUTES} minutes, your score is indeterminate and you
            get a free retake: a lost connection never counts as a fail.
          </p>
        </div>
      ) : (
        p.paused && (
          <div className="rounded-md border-l-4 border-navy-800 bg-navy-100 p-4" data-testid="exam-paused">
            <p className="font-bold text-navy-950">The proctor has paused your exam</p>
            <p className="mt-1 text-sm">
              Your clock is stopped. Stay in front of the camera; the exam continues, with the same time left, when the
              proctor resumes it.
            </p>
          </div>
        )
      )}
      {p.addedMinutes > 0 && (
        <p className="rounded-md bg-navy-50 p-3 text-sm font-semibold" data-testid="added-time">
          {p.addedMinutes} {p.addedMinutes === 1 ? "minute" : "minutes"} added by the proctor
        </p>
      )}
      {p.messages.length > 0 && (
        <section aria-labelledby="proctor-messages-heading" className="rounded-md bg-white p-4 shadow-sm">
          <h2 id="proctor-messages-heading" className="font-bold text-navy-900">
            Messages from the proctor
          </h2>
          <ul className="mt-2 space-y-2">
            {p.messages.map((m) => (
              <li key={m.id} className="text-sm">
                <span className="text-muted">{timeOf(m.sentAt)}: </span>
                {m.text}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {p.announcement}
      </p>
      {camera.problem && (
        <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4">
          <p className="font-semibold">Your camera is off: {camera.problem.summary}</p>
          <p className="mt-1 text-sm">
            The proctor needs to see you during the exam. {camera.problem.fixes[0]} Your answers and time are kept
            meanwhile; the{" "}
            <a href={SYSTEM_CHECK_PATH} className="link" target="_blank" rel="noreferrer">
              system check
            </a>{" "}
            (in a new tab) tests the camera.
          </p>
        </div>
      )}
      <figure className={camera.on ? "flex items-center gap-3 text-sm" : "hidden"}>
        <video
          ref={camera.video}
          muted
          playsInline
          aria-label="Your camera, as the proctor sees it"
          className="h-16 w-24 rounded-md bg-black object-cover"
          data-testid="exam-camera"
        />
        <figcaption>Camera on: the proctor sees pictures from it at random moments.</figcaption>
      </figure>
    </div>
  );
}
