import {
  dailyStarts,
  DEFAULT_PROCTORING_HOURS,
  PROCTORING_TIME_ZONE,
  SLOT_MINUTES,
  WEEKDAY_NAMES,
} from "~/data/booking";
import { FormField } from "~/forms/form-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { call } from "~/lib/api/client";
import {
  setProctoringHoursEndpoint,
  staffProctoringHoursEndpoint,
  type ProctoringHours as Hours,
} from "~/schemas/booking";
import { Loading, useLoad } from "../StaffConsole";

/** The form's values: checkboxes give their values as strings. */
interface HoursForm {
  days: string[];
  startTime: string;
  endTime: string;
  seatsPerSlot: string;
}

/**
 * The proctoring hours and the seats per slot (issue 28.1), for staff and admins: the days and hours proctors are
 * on duty, in Central time, and how many candidates one slot takes. Candidates book from the slots these give;
 * times already booked stay as they are. Every change is audited.
 */
export function ProctoringHours() {
  const { data, error, setData } = useLoad(() => call(staffProctoringHoursEndpoint, {}), []);
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <Loading what="the proctoring hours" />;
  return <HoursEditor hours={data.hours} onSaved={(hours) => setData({ ...data, hours })} />;
}

function HoursEditor({ hours, onSaved }: { hours: Hours; onSaved: (h: Hours) => void }) {
  const f = useSubmitForm<HoursForm, HoursForm, { hours: Hours }>({
    defaultValues: {
      days: hours.days.map(String),
      startTime: hours.startTime,
      endTime: hours.endTime,
      seatsPerSlot: String(hours.seatsPerSlot),
    },
    // the server checks the hours with the endpoint's schema and names the field of any refusal
    send: (v) =>
      call(setProctoringHoursEndpoint, {
        body: {
          days: (Array.isArray(v.days) ? v.days : v.days ? [v.days] : []).map(Number),
          startTime: v.startTime,
          endTime: v.endTime,
          seatsPerSlot: v.seatsPerSlot.trim() === "" ? Number.NaN : Number(v.seatsPerSlot),
        },
      }),
    done: (res) => {
      onSaved(res.hours);
      const slots = dailyStarts(res.hours);
      return `Saved. Candidates now book ${slots.length} slot${slots.length === 1 ? "" : "s"} a day, ${res.hours.seatsPerSlot} seats each.`;
    },
  });
  const watched = f.form.watch();
  const preview = /^\d\d:\d\d$/.test(watched.startTime) && /^\d\d:\d\d$/.test(watched.endTime);
  const slots = preview ? dailyStarts(watched) : [];
  const daysError = f.form.formState.errors.days?.message;
  const d = DEFAULT_PROCTORING_HOURS;
  return (
    <section aria-labelledby="hours-heading" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="hours-heading" className="text-xl font-bold text-navy-900">
        Proctoring hours
      </h2>
      <p className="mt-1 text-sm text-muted">
        When proctors are on duty, in Central time ({PROCTORING_TIME_ZONE}), and how many candidates one slot takes.
        Slots last {SLOT_MINUTES} minutes. Candidates book from these slots in their own time zone; times already booked
        stay as they are. The default is the office hours: Monday to Friday, {d.startTime} to {d.endTime},{" "}
        {d.seatsPerSlot} seats a slot.
      </p>
      <form {...f.formProps} aria-labelledby="hours-heading" className="mt-4 space-y-4">
        <fieldset>
          <legend className="font-semibold text-navy-900">Days on duty</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAY_NAMES.map((name, i) => (
              <label key={name} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  value={String(i + 1)}
                  className="size-5"
                  aria-describedby={daysError ? "hours-days-err" : undefined}
                  {...f.form.register("days")}
                />
                {name}
              </label>
            ))}
          </div>
          {daysError && (
            <p id="hours-days-err" className="mt-1 text-sm font-medium text-red-800">
              {daysError}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="From (Central time)" type="time" {...f.field("startTime")} />
          <FormField label="Until (Central time)" type="time" {...f.field("endTime")} />
          <FormField label="Seats per slot" type="number" inputMode="numeric" {...f.field("seatsPerSlot")} />
        </div>
        <p className="text-sm">
          {slots.length > 0
            ? `Slots start at ${slots.join(", ")} Central time.`
            : `These hours hold no ${SLOT_MINUTES}-minute slot.`}
        </p>
        {f.alert}
        <button type="submit" className="btn-primary" disabled={f.submitting}>
          Save the hours
        </button>
      </form>
    </section>
  );
}
