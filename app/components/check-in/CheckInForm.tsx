import { useMemo, useState } from "react";
import { CheckboxField } from "~/forms/checkbox-field";
import { FieldIds, FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { ageOn, CHECK_IN_MESSAGES, MINOR_MAX_AGE } from "~/data/booking";
import { canadianProvinces, testingCountries } from "~/data/testing-countries";
import { ApiError } from "~/lib/api/client";
import { callWithProgress } from "~/lib/api/upload";
import { browserId } from "~/lib/camera/camera";
import { checkInEndpoint } from "~/schemas/check-in";
import type { RegistrationView } from "~/schemas/credentials";
import { CheckInCamera, SHOTS, type Photos } from "./CheckInCamera";
import type { CheckInStatus } from "./CheckInPage";

interface Fields {
  country: string;
  province: string;
  birthDate: string;
  guardianName: string;
  guardianAuthorised: boolean;
}

const invalid = (fields: Record<string, string>, message = Object.values(fields)[0]!) =>
  new ApiError(400, { error: "validation_failed", message, fields });

/** The check-in form: photos, the testing country, the date of birth, a guardian's authorisation for a minor. */
export function CheckInForm({
  exam,
  onSubmitted,
}: {
  exam: RegistrationView;
  onSubmitted: (c: CheckInStatus) => void;
}) {
  const [photos, setPhotos] = useState<Photos>({ shots: {}, room: [] });
  const [progress, setProgress] = useState<number | null>(null);
  const { form, field, formProps, alert, submitting } = useSubmitForm<Fields, Fields, CheckInStatus>({
    defaultValues: { country: "", province: "", birthDate: "", guardianName: "", guardianAuthorised: false },
    send: async (v) => {
      const found: Record<string, string> = {};
      if (!v.country) found.country = "Choose the country you are testing in.";
      if (v.country === "CA" && !v.province) found.province = "Choose the province you are testing in.";
      if (!v.birthDate) found.birthDate = CHECK_IN_MESSAGES.birthDate;
      const minor = v.birthDate ? ageOn(v.birthDate, new Date()) <= MINOR_MAX_AGE : false;
      if (minor && !v.guardianName.trim()) found.guardianName = CHECK_IN_MESSAGES.guardian;
      if (minor && !v.guardianAuthorised) found.guardianAuthorised = CHECK_IN_MESSAGES.guardian;
      if (Object.keys(found).length) throw invalid(found);
      const missing = SHOTS.filter((s) => !photos.shots[s.key]);
      if (missing.length || photos.room.length === 0)
        throw invalid(
          {},
          `${CHECK_IN_MESSAGES.files} Still to take: ${[...missing.map((s) => s.label), ...(photos.room.length ? [] : ["the room scan"])].join(", ")}.`,
        );
      const byRole = (role: string) => SHOTS.filter((s) => s.role === role).map((s) => photos.shots[s.key]!);
      setProgress(0);
      try {
        const res = await callWithProgress(
          checkInEndpoint,
          {
            params: { id: String(exam.id) },
            body: {
              browserId: browserId(),
              country: v.country,
              ...(v.country === "CA" ? { province: v.province } : {}),
              birthDate: v.birthDate,
              ...(minor ? { guardianName: v.guardianName.trim(), guardianAuthorised: "true" } : {}),
              photo: byRole("photo"),
              idFront: byRole("idFront"),
              idBack: byRole("idBack"),
              area: byRole("area"),
              room: photos.room,
            } as never,
          },
          setProgress,
        );
        return res.checkIn;
      } finally {
        setProgress(null);
      }
    },
    done: (c) => onSubmitted(c),
  });
  const country = form.watch("country");
  const birthDate = form.watch("birthDate");
  const minor = /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && ageOn(birthDate, new Date()) <= MINOR_MAX_AGE;
  const countries = useMemo(
    () => [
      { value: "", label: "Choose a country" },
      ...testingCountries.map((c) => ({ value: c.code, label: c.name })),
    ],
    [],
  );

  return (
    <FieldIds.Provider value="check-in">
      <form {...formProps} aria-labelledby="check-in-form-heading" className="space-y-8">
        <h2 id="check-in-form-heading" className="sr-only">
          Check-in form
        </h2>
        <CheckInCamera photos={photos} onChange={setPhotos} />
        <section aria-labelledby="place-heading" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
          <h2 id="place-heading" className="text-2xl font-bold text-navy-900">
            Where you test and who you are
          </h2>
          <SelectField
            label="Testing country"
            hint="You must take the exam in the country where you live (your country of residence)."
            options={countries}
            {...field("country")}
          />
          {country === "CA" && (
            <SelectField
              label="Province"
              options={[
                { value: "", label: "Choose a province" },
                ...canadianProvinces.map(([code, name]) => ({ value: code, label: name })),
              ]}
              {...field("province")}
            />
          )}
          <FormField label="Date of birth" type="date" autoComplete="bday" {...field("birthDate")} />
          {minor && (
            <fieldset className="space-y-3 rounded-lg border border-amber-600 p-4">
              <legend className="px-1 font-semibold">Guardian&apos;s authorisation</legend>
              <p className="text-sm">
                Candidates aged {MINOR_MAX_AGE} and under need a parent or guardian&apos;s authorisation for each exam.
                The guardian shows a government ID to the proctor.
              </p>
              <FormField label="Guardian's full name" autoComplete="off" {...field("guardianName")} />
              <CheckboxField label="My guardian authorises me to take this exam." {...field("guardianAuthorised")} />
            </fieldset>
          )}
          {alert}
          {progress !== null && (
            <div>
              <label htmlFor="check-in-upload" className="text-sm font-semibold">
                Sending your check-in: {Math.round(progress * 100)} %
              </label>
              <progress id="check-in-upload" className="block w-full" max={1} value={progress} />
            </div>
          )}
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? "Sending…" : "Send my check-in"}
          </button>
        </section>
      </form>
    </FieldIds.Provider>
  );
}
