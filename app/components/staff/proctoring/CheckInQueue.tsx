import { useState } from "react";
import { MINOR_MAX_AGE } from "~/data/booking";
import { CONSOLE_REFRESH_SECONDS } from "~/data/proctoring";
import { countryByCode } from "~/data/testing-countries";
import { FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { SubmitButton } from "~/forms/submit-button";
import { API_BASE, call } from "~/lib/api/client";
import { dateTime } from "~/lib/staff-format";
import {
  approveCheckInEndpoint,
  checkInQueueEndpoint,
  REJECT_KINDS,
  rejectCheckInEndpoint,
  type QueueEntry,
} from "~/schemas/check-in";
import { choiceOptions } from "../StaffConsole";
import { PolledList, useCardAction } from "./PolledList";
import { leaving, useFocusedNotice, usePolled } from "./usePolled";

/** The photos of a check-in, in the order the proctor compares them: the person, the ID, the room. */
function photoGroups(entry: QueueEntry): { title: string; photos: { url: string; label: string }[]; wide?: boolean }[] {
  const of = (role: string) => entry.files[role] ?? [];
  const room = of("room");
  return [
    {
      title: "Candidate and ID",
      photos: [
        ...of("photo").map((url) => ({ url, label: "Photo of the candidate" })),
        ...of("idFront").map((url) => ({ url, label: "ID, front" })),
        ...of("idBack").map((url) => ({ url, label: "ID, back" })),
      ],
    },
    { title: "Testing area", photos: of("area").map((url, i) => ({ url, label: `Testing area, photo ${i + 1}` })) },
    {
      title: "Room scan",
      wide: true,
      photos: room.map((url, i) => ({ url, label: `Room scan, frame ${i + 1} of ${room.length}` })),
    },
  ];
}

function Photo({ url, label, name }: { url: string; label: string; name: string }) {
  return (
    <figure className="min-w-0">
      <a href={`${API_BASE}${url}`} target="_blank" rel="noreferrer" className="block rounded-md focus-visible:ring-2">
        <img
          src={`${API_BASE}${url}`}
          alt={`${label}, check-in of ${name} (opens full size)`}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-md border border-slate-200 bg-slate-100 object-contain"
        />
      </a>
      <figcaption className="mt-1 text-xs text-muted">{label}</figcaption>
    </figure>
  );
}

type RejectValues = { reason: string; kind?: "candidate" | "site" };

/** One pending check-in: the registration name beside the photos, the facts stated, approve or reject. */
function CheckInCard({ entry, onDecided }: { entry: QueueEntry; onDecided: (message: string) => void }) {
  const [rejecting, setRejecting] = useState(false);
  const approval = useCardAction();
  const name = entry.registrationName;
  const country = countryByCode(entry.country)?.name ?? entry.country;
  const headingId = `check-in-${entry.id}`;
  const reject = useSubmitForm<RejectValues, { reason: string; kind: "candidate" | "site" }>({
    schema: rejectCheckInEndpoint.body,
    defaultValues: { reason: "", kind: undefined },
    send: (body) => call(rejectCheckInEndpoint, { params: { id: String(entry.id) }, body }),
    done: (_res, values) => {
      onDecided(
        values.kind === "site"
          ? `${name}'s check-in is rejected on our side: the booking is freed so they can book again free of charge, and they read your reason.`
          : `${name}'s check-in is rejected: they read your reason and may check in again while the window is open.`,
      );
    },
  });

  const approve = () =>
    approval.run(async () => {
      await call(approveCheckInEndpoint, { params: { id: String(entry.id) } });
      onDecided(`${name}'s check-in is approved: their exam can start.`);
    });

  return (
    <li>
      <article aria-label={`Check-in of ${name}`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={headingId} className="text-lg font-bold text-navy-900">
            {name}
          </h3>
          <p className="text-sm text-muted">Registration name, exactly as registered: compare it with the ID.</p>
        </div>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Exam</dt>
          <dd>{entry.examTitle}</dd>
          <dt className="font-semibold">Booked start</dt>
          <dd>{dateTime(entry.startsAt)}</dd>
          <dt className="font-semibold">Checked in</dt>
          <dd>{dateTime(entry.submittedAt)}</dd>
          <dt className="font-semibold">Testing country</dt>
          <dd>{country}</dd>
          <dt className="font-semibold">Guardian</dt>
          <dd>
            {entry.minor
              ? `Aged ${MINOR_MAX_AGE} or under: authorisation recorded from ${entry.guardianName ?? "a guardian"}`
              : `Not needed (aged ${MINOR_MAX_AGE + 1} or over)`}
          </dd>
        </dl>
        {photoGroups(entry).map((g) => (
          <section key={g.title} aria-label={`${g.title}, ${name}`} className="mt-4">
            <h4 className="text-sm font-bold text-navy-900">{g.title}</h4>
            {g.photos.length === 0 ? (
              <p className="text-sm text-red-800">No photos.</p>
            ) : (
              <div
                className={`mt-2 grid gap-2 ${g.wide ? "grid-cols-3 sm:grid-cols-6" : "grid-cols-2 sm:grid-cols-4"}`}
              >
                {g.photos.map((p) => (
                  <Photo key={p.url} {...p} name={name} />
                ))}
              </div>
            )}
          </section>
        ))}
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary min-h-11 px-4"
            disabled={approval.busy}
            aria-label={approval.busy ? undefined : `Approve the check-in of ${name}`}
            onClick={approve}
          >
            {approval.busy ? "Approving…" : "Approve"}
          </button>
          <button
            type="button"
            className="btn-outline min-h-11 px-4"
            aria-expanded={rejecting}
            aria-controls={`${headingId}-reject`}
            aria-label={`Reject… the check-in of ${name}`}
            onClick={() => setRejecting((r) => !r)}
          >
            Reject…
          </button>
        </div>
        {approval.alert}
        <form
          id={`${headingId}-reject`}
          hidden={!rejecting}
          aria-label={`Reject the check-in of ${name}`}
          className="mt-4 space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
          {...reject.formProps}
        >
          <FormField
            label="Reason the candidate reads"
            hint="For example: the name on the ID does not match the registration name."
            multiline
            {...reject.field("reason")}
          />
          <SelectField
            label="Whose side is the problem on?"
            options={choiceOptions(REJECT_KINDS)}
            {...reject.field("kind")}
          />
          {reject.alert}
          <SubmitButton submitting={reject.submitting} busy="Rejecting…" className="btn-primary min-h-11 px-4">
            Reject the check-in
          </SubmitButton>
        </form>
      </article>
    </li>
  );
}

/**
 * The check-ins waiting for a proctor (issue 28.3, 28.4), oldest first, reloaded every
 * CONSOLE_REFRESH_SECONDS: a decision takes the check-in off the list and says what follows.
 */
export function CheckInQueue() {
  const polled = usePolled(() => call(checkInQueueEndpoint, {}), CONSOLE_REFRESH_SECONDS * 1000);
  const { data, error, refresh } = polled;
  const notice = useFocusedNotice();
  const decided = (id: number) => leaving(polled, notice, (d) => ({ checkIns: d.checkIns.filter((c) => c.id !== id) }));
  return (
    <PolledList
      id="queue-title"
      title="Check-ins waiting"
      refreshLabel="Refresh the check-ins"
      onRefresh={() => void refresh()}
      intro={`Compare the photos with the registration name, the ID and the rules of the online exam policy. Approve, or reject with a reason the candidate reads. Updated every ${CONSOLE_REFRESH_SECONDS} seconds.`}
      notice={notice}
      error={error}
      what="the check-ins"
      items={data?.checkIns}
      empty="No check-in is waiting."
    >
      {(c) => <CheckInCard key={c.id} entry={c} onDecided={decided(c.id)} />}
    </PolledList>
  );
}
