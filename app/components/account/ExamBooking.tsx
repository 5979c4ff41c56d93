import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "~/lib/router";
import { FormAlert } from "~/forms/form-alert";
import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  DEFAULT_PROCTORING_HOURS,
  formatInZone,
  OFFICE_HOURS,
  ONLINE_EXAM_POLICY_PATH,
  SLOT_MINUTES,
  WEEKDAY_NAMES,
} from "~/data/booking";
import { call } from "~/lib/api/client";
import { ApiError } from "~/lib/api/error";
import { formatClock } from "~/lib/dates";
import {
  bookingSlotsEndpoint,
  bookSlotEndpoint,
  cancelBookingEndpoint,
  type BookingView,
  type ProctoringHours,
} from "~/schemas/booking";
import type { RegistrationView } from "~/schemas/credentials";

type Slots = { timeZone: string; hours: ProctoringHours; slots: { startsAt: string; seatsLeft: number }[] };

/** The browser's own zone (IANA name) and its long name now, e.g. "Europe/Berlin", "Central European Standard Time". */
export function ownZone(): { id: string; name: string } {
  const id = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: id, timeZoneName: "long" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value ?? id;
  return { id, name };
}

const dayKey = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { weekday: "long", month: "short", day: "numeric", year: "numeric" });

/** The proctoring hours as the candidate reads them: the office hours' own words while they are the default. */
const hoursLine = (h: ProctoringHours) =>
  JSON.stringify({ ...h, seatsPerSlot: 0 }) === JSON.stringify({ ...DEFAULT_PROCTORING_HOURS, seatsPerSlot: 0 })
    ? OFFICE_HOURS
    : `${h.days.map((d) => WEEKDAY_NAMES[d - 1]!.slice(0, 3)).join(", ")} ${h.startTime}–${h.endTime} Central time`;

const errorText = (e: unknown, fallback: string) => (e instanceof ApiError ? e.body.message : fallback);

/** The slot picker: a day, then a start time in the candidate's own zone with the seats left. */
function SlotPicker({
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
  const [error, setError] = useState<string | null>(null);
  const [day, setDay] = useState("");
  const [chosen, setChosen] = useState("");
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const zone = useMemo(() => ownZone(), []);

  useEffect(() => {
    let alive = true;
    call(bookingSlotsEndpoint, { params: { id: String(exam.id) } })
      .then((d) => {
        if (!alive) return;
        setData(d);
        const first = d.slots.find((s) => s.seatsLeft > 0);
        if (first) setDay(dayKey(first.startsAt));
      })
      .catch((e) => alive && setError(errorText(e, "The times could not be loaded. Please try again.")));
    headingRef.current?.focus();
    return () => {
      alive = false;
    };
  }, [exam.id]);

  const days = useMemo(() => [...new Set((data?.slots ?? []).map((s) => dayKey(s.startsAt)))], [data]);
  const times = (data?.slots ?? []).filter((s) => dayKey(s.startsAt) === day);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen) return setError("Choose a start time.");
    setBusy(true);
    setError(null);
    try {
      const res = await call(bookSlotEndpoint, {
        params: { id: String(exam.id) },
        body: { startsAt: chosen, timeZone: zone.id },
      });
      onBooked(res.message);
    } catch (err) {
      setError(errorText(err, "The time could not be booked. Please try again."));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      className="mt-3 space-y-3 rounded-lg border border-slate-200 p-4"
      aria-labelledby={`${id}-h`}
    >
      <h4 id={`${id}-h`} ref={headingRef} tabIndex={-1} className="font-bold text-navy-900">
        {current ? "Choose a new time" : "Book a time"}
      </h4>
      <p className="text-sm">
        Times are shown in your time zone, <strong>{zone.name}</strong> ({zone.id}). Proctors are on duty{" "}
        {data ? hoursLine(data.hours) : OFFICE_HOURS}; each slot is {SLOT_MINUTES} minutes.
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      {!data && !error && (
        <p className="text-muted text-sm" role="status">
          Loading the times…
        </p>
      )}
      {data && days.length === 0 && (
        <p className="text-sm">No time is open in the coming days. Please check back later.</p>
      )}
      {data && days.length > 0 && (
        <>
          <div>
            <label htmlFor={`${id}-day`} className="block text-sm font-semibold">
              Day
            </label>
            <select
              id={`${id}-day`}
              className="mt-1 w-full rounded-md border border-slate-300 p-2 sm:w-auto"
              value={day}
              onChange={(e) => {
                setDay(e.target.value);
                setChosen("");
              }}
            >
              {days.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </div>
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
                      name={`${id}-slot`}
                      value={s.startsAt}
                      checked={chosen === s.startsAt}
                      disabled={full || isCurrent}
                      onChange={() => setChosen(s.startsAt)}
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
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Booking…" : current ? "Move to this time" : "Book this time"}
            </button>
            {onClose && (
              <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>
                Keep my time
              </button>
            )}
          </div>
        </>
      )}
    </form>
  );
}

/**
 * Booking a time for an online proctored exam (issue 28.1), on /account/exams: book a slot, see it in the
 * candidate's own time zone with the zone named, and reschedule or cancel up to the start time.
 */
export function ExamBooking({
  exam,
  booking,
  onChange,
}: {
  exam: RegistrationView;
  booking?: BookingView;
  onChange: (message: string) => void;
}) {
  const [picking, setPicking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const zone = useMemo(() => ownZone(), []);
  const [now, setNow] = useState(0);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, []);

  const booked = booking?.status === "booked" ? booking : undefined;
  if (!booked) return <SlotPicker exam={exam} onBooked={onChange} />;

  const started = now >= Date.parse(booked.startsAt);
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await call(cancelBookingEndpoint, { params: { id: String(exam.id) } });
      onChange(res.message);
    } catch (e) {
      setError(errorText(e, "The booking could not be cancelled. Please try again."));
      setBusy(false);
    }
  };

  return (
    <div className="mt-3 space-y-2" data-booking={booked.startsAt}>
      <p>
        Booked for <strong>{formatInZone(booked.startsAt)}</strong> ({zone.id}).
      </p>
      <p className="text-sm">
        Check-in opens {CHECK_IN_OPENS_MINUTES} minutes before the start ({formatClock(booked.checkInOpensAt)}) and
        closes {CHECK_IN_CLOSES_MINUTES} minutes after it ({formatClock(booked.checkInClosesAt)}).
      </p>
      {now >= Date.parse(booked.checkInOpensAt) && now <= Date.parse(booked.checkInClosesAt) && (
        <p>
          <Link to={`/exam/check-in?voucher=${exam.id}`} className="btn-primary">
            Check in now
          </Link>
        </p>
      )}
      {started ? (
        <p className="text-sm">
          The start time has passed: this booking can no longer be rescheduled or cancelled. If you do not check in by{" "}
          {formatClock(booked.checkInClosesAt)}, the exam fee is forfeited (
          <Link to={ONLINE_EXAM_POLICY_PATH} className="link">
            online exam policy
          </Link>
          ).
        </p>
      ) : (
        <p className="text-sm">
          You can reschedule or cancel until the start time, <strong>{formatInZone(booked.changeableUntil)}</strong>.
          After it the fee is forfeited if you do not check in (
          <Link to={ONLINE_EXAM_POLICY_PATH} className="link">
            online exam policy
          </Link>
          ).
        </p>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      {!started && !picking && !confirming && (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-outline" onClick={() => setPicking(true)}>
            Reschedule
          </button>
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              setConfirming(true);
              requestAnimationFrame(() => keepRef.current?.focus());
            }}
          >
            Cancel booking
          </button>
        </div>
      )}
      {!started && confirming && (
        <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Confirm cancelling the booking">
          <span className="text-sm font-semibold">Cancel this booked time? Your voucher stays valid.</span>
          <button type="button" className="btn-primary" onClick={cancel} disabled={busy}>
            {busy ? "Cancelling…" : "Yes, cancel the booking"}
          </button>
          <button
            ref={keepRef}
            type="button"
            className="btn-outline"
            onClick={() => setConfirming(false)}
            disabled={busy}
          >
            Keep my time
          </button>
        </div>
      )}
      {!started && picking && (
        <SlotPicker exam={exam} current={booked} onBooked={onChange} onClose={() => setPicking(false)} />
      )}
    </div>
  );
}
