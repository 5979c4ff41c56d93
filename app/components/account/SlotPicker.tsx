import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "~/lib/router";
import { FormAlert } from "~/forms/form-alert";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import {
  DEFAULT_PROCTORING_HOURS,
  OFFICE_HOURS,
  ONLINE_EXAM_POLICY_PATH,
  SLOT_MINUTES,
  WEEKDAY_NAMES,
} from "~/data/booking";
import { call } from "~/lib/api/client";
import { ApiError, apiMessage } from "~/lib/api/error";
import { formatClock } from "~/lib/dates";
import { ownZone } from "~/lib/own-zone";
import { bookingSlotsEndpoint, bookSlotEndpoint, type BookingView, type ProctoringHours } from "~/schemas/booking";
import type { RegistrationView } from "~/schemas/credentials";

type Slots = { timeZone: string; hours: ProctoringHours; slots: { startsAt: string; seatsLeft: number }[] };

const dayKey = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { weekday: "long", month: "short", day: "numeric", year: "numeric" });

/** The proctoring hours as the candidate reads them: the office hours' own words while they are the default. */
const hoursLine = (h: ProctoringHours) =>
  JSON.stringify({ ...h, seatsPerSlot: 0 }) === JSON.stringify({ ...DEFAULT_PROCTORING_HOURS, seatsPerSlot: 0 })
    ? OFFICE_HOURS
    : `${h.days.map((d) => WEEKDAY_NAMES[d - 1]!.slice(0, 3)).join(", ")} ${h.startTime}–${h.endTime} Central time`;

interface SlotFields {
  day: string;
  startsAt: string;
}

/**
 * The slot picker of ExamBooking, loaded with its form code when it is first shown: a day, then a start time in the candidate's own zone with the seats left. */
export function SlotPicker({
  exam,
  current,
  onBooked,
  onClose,
}: {
  exam: RegistrationView;
  current?: BookingView;
  onBooked: (message: string) => void;
  onClose?: () => void;
}) {
  const id = useId();
  const [data, setData] = useState<Slots | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const zone = useMemo(() => ownZone(), []);
  const { form, field, formProps, alert, submitting } = useSubmitForm<SlotFields, SlotFields, { message: string }>({
    defaultValues: { day: "", startsAt: "" },
    send: ({ startsAt }) => {
      if (!startsAt) throw new ApiError(400, { error: "no_time_chosen", message: "Choose a start time." });
      return call(bookSlotEndpoint, { params: { id: String(exam.id) }, body: { startsAt, timeZone: zone.id } });
    },
    done: (res) => onBooked(res.message),
    failure: (e) => apiMessage(e, "The time could not be booked. Please try again."),
  });

  useEffect(() => {
    let alive = true;
    call(bookingSlotsEndpoint, { params: { id: String(exam.id) } })
      .then((d) => {
        if (!alive) return;
        setData(d);
        const first = d.slots.find((s) => s.seatsLeft > 0);
        if (first) form.setValue("day", dayKey(first.startsAt));
      })
      .catch((e) => alive && setLoadError(apiMessage(e, "The times could not be loaded. Please try again.")));
    headingRef.current?.focus();
    return () => {
      alive = false;
    };
  }, [exam.id, form]);

  const day = form.watch("day");
  const days = useMemo(() => [...new Set((data?.slots ?? []).map((s) => dayKey(s.startsAt)))], [data]);
  const times = (data?.slots ?? []).filter((s) => dayKey(s.startsAt) === day);

  return (
    <form {...formProps} className="mt-3 space-y-3 rounded-lg border border-slate-200 p-4" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`} ref={headingRef} tabIndex={-1} className="font-bold text-navy-900">
        {current ? "Choose a new time" : "Book a time"}
      </h4>
      <p className="text-sm">
        Times are shown in your time zone, <strong>{zone.name}</strong> ({zone.id}). Proctors are on duty{" "}
        {data ? hoursLine(data.hours) : OFFICE_HOURS}; each slot is {SLOT_MINUTES} minutes.
      </p>
      {loadError && <FormAlert>{loadError}</FormAlert>}
      {!data && !loadError && (
        <p className="text-muted text-sm" role="status">
          Loading the times…
        </p>
      )}
      {data && days.length === 0 && (
        <p className="text-sm">No time is open in the coming days. Please check back later.</p>
      )}
      {data && days.length > 0 && (
        <>
          <SelectField
            label="Day"
            options={days.map((d) => ({ value: d, label: d }))}
            {...field("day", { onChange: () => form.setValue("startsAt", "") })}
          />
          <fieldset>
            <legend className="text-sm font-semibold">Start time ({zone.name})</legend>
            <div className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
              {times.map((s) => {
                const full = s.seatsLeft === 0;
                const isCurrent = current?.startsAt === s.startsAt;
                return (
                  <label
                    key={s.startsAt}
                    className={`flex items-center gap-2 rounded-md border p-2 text-sm ${full ? "text-muted border-slate-200" : "border-slate-300"}`}
                  >
                    <input
                      type="radio"
                      value={s.startsAt}
                      disabled={full || isCurrent}
                      {...form.register("startsAt")}
                    />
                    <span>
                      {formatClock(s.startsAt)}{" "}
                      <span className="text-muted">
                        {isCurrent
                          ? "(your current time)"
                          : full
                            ? "(full)"
                            : `(${s.seatsLeft} ${s.seatsLeft === 1 ? "seat" : "seats"} left)`}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <p className="text-sm">
            You can reschedule or cancel up to the start time. After it the booking can no longer be changed, and if you
            do not check in the exam fee is forfeited (
            <Link to={ONLINE_EXAM_POLICY_PATH} className="link">
              online exam policy
            </Link>
            ).
          </p>
          {alert}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={submitting}>
              {submitting ? "Booking…" : current ? "Move to this time" : "Book this time"}
            </button>
            {onClose && (
              <button type="button" className="btn-outline" onClick={onClose} disabled={submitting}>
                Keep my time
              </button>
            )}
          </div>
        </>
      )}
    </form>
  );
}
