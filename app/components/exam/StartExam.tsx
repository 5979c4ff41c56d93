import { useEffect, useRef, useState } from "react";
import { CheckboxField } from "~/forms/checkbox-field";
import { FormAlert } from "~/forms/form-alert";
import { FieldIds } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { TESTING_AGREEMENT_PATH } from "~/data/exam-delivery";
import { EXAM_MINUTES } from "~/data/exams";
import { canadianProvinces, ESL_EXTENSION_MINUTES, eslExtension, testingCountries } from "~/data/testing-countries";
import { call, ApiError, apiMessage } from "~/lib/api/client";
import { myExamsEndpoint, type RegistrationView } from "~/schemas/credentials";
import { myCheckInEndpoint } from "~/schemas/check-in";
import { declineExamEndpoint, EXAM_MESSAGES, startExamEndpoint, type SittingState } from "~/schemas/exam";
import type { User } from "~/schemas/user";

interface StartFields {
  country: string;
  province: string;
  acceptAgreement: boolean;
  nameMatchesId: boolean;
}

/** The answers still missing, said under their fields before anything is sent (the server checks them again). */
function missingAnswers(v: StartFields) {
  const found: Record<string, string> = {};
  if (!v.country) found.country = EXAM_MESSAGES.country;
  if (v.country === "CA" && !v.province) found.province = EXAM_MESSAGES.province;
  if (!v.acceptAgreement) found.acceptAgreement = EXAM_MESSAGES.agreement;
  if (!v.nameMatchesId) found.nameMatchesId = EXAM_MESSAGES.nameMatches;
  return found;
}

const COUNTRY_OPTIONS = [
  { value: "", label: "Choose a country" },
  ...testingCountries.map((c) => ({ value: c.code, label: c.name })),
];
const PROVINCE_OPTIONS = [
  { value: "", label: "Choose a province or territory" },
  ...canadianProvinces.map(([code, name]) => ({ value: code, label: name })),
];

/**
 * Before the first question (issue 27.3): the candidate agreement accepted (or declined, with the fee
 * forfeited after a confirmation), the reminder that the registration name must match the ID exactly,
 * and the testing country, which decides the ESL extension. The server checks every rule again.
 */
export function StartExam({
  registrationId,
  user,
  holderId,
  onStarted,
}: {
  registrationId: number;
  user: User;
  holderId: string;
  onStarted: (sitting: SittingState) => void;
}) {
  const [voucher, setVoucher] = useState<RegistrationView | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [recording, setRecording] = useState(false);
  const [declined, setDeclined] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);

  // the exam starts after a proctor approved check-in (the server refuses otherwise): said before the form
  const [approved, setApproved] = useState(true);
  useEffect(() => {
    Promise.all([call(myExamsEndpoint, {}), call(myCheckInEndpoint, { params: { id: String(registrationId) } })])
      .then(([{ exams }, { checkIn }]) => {
        setVoucher(exams.find((e) => e.id === registrationId) ?? null);
        setApproved(checkIn?.status === "approved");
      })
      .catch((e) => setLoadError(apiMessage(e, "Your exams could not be loaded.")));
  }, [registrationId]);

  const { form, field, formProps, alert, say, submitting } = useSubmitForm<
    StartFields,
    StartFields,
    { sitting: SittingState }
  >({
    defaultValues: { country: "", province: "", acceptAgreement: false, nameMatchesId: false },
    send: (v) => {
      const found = missingAnswers(v);
      if (Object.keys(found).length > 0)
        throw new ApiError(400, { error: "validation_failed", message: Object.values(found)[0]!, fields: found });
      return call(startExamEndpoint, {
        params: { id: String(registrationId) },
        body: {
          acceptAgreement: true,
          nameMatchesId: true,
          country: v.country,
          ...(v.country === "CA" ? { province: v.province } : {}),
          holderId,
        },
      });
    },
    done: ({ sitting }) => onStarted(sitting),
    failure: (e) => apiMessage(e, "The exam could not be started. Please try again."),
  });
  const country = form.watch("country");
  const province = form.watch("province");

  if (loadError) return <FormAlert>{loadError}</FormAlert>;
  if (voucher === undefined)
    return (
      <p role="status" className="text-muted">
        Loading your exam…
      </p>
    );
  if (voucher === null || voucher.state !== "paid")
    return (
      <FormAlert>
        {voucher?.state === "started"
          ? EXAM_MESSAGES.sittingExists
          : "This voucher cannot start an exam: it is not one of your unused vouchers. Your vouchers are listed on My exams."}
      </FormAlert>
    );
  if (declined) return <FormAlert tone="success">{declined}</FormAlert>;
  if (!approved)
    return (
      <FormAlert>
        {EXAM_MESSAGES.checkInRequired}{" "}
        <a href={`/exam/check-in?voucher=${registrationId}`} className="link">
          Open check-in
        </a>
      </FormAlert>
    );

  const esl = country ? eslExtension(country, country === "CA" ? province || null : null) : null;
  const minutes = EXAM_MINUTES + (esl?.minutes ?? 0);

  const decline = async () => {
    setRecording(true);
    try {
      const res = await call(declineExamEndpoint, {
        params: { id: String(registrationId) },
        body: { confirmForfeit: true },
      });
      setDeclined(res.message);
    } catch (err) {
      setRecording(false);
      say({
        ok: false,
        text: err instanceof ApiError ? err.body.message : "Your answer could not be recorded. Please try again.",
      });
    }
  };

  return (
    <FieldIds.Provider value="start">
      <form {...formProps} className="space-y-6" aria-labelledby="start-title">
        <div className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="start-title" className="text-2xl font-bold text-navy-900">
            {voucher.examTitle}
          </h2>
          <p className="mt-1 text-sm text-muted">
            Voucher <span className="font-mono">{voucher.voucherCode}</span>
          </p>
          <ul className="mt-4 list-disc space-y-1 pl-6">
            <li>
              90 multiple-choice questions, one at a time. You can move back and forth, flag questions for review and
              change any answer until you submit.
            </li>
            <li>
              {EXAM_MINUTES} minutes, kept by our server: the time keeps running if you close the page, and a reload or
              another device shows the same time left.
            </li>
            <li>
              Every answer is saved as you choose it. If your connection drops, keep going: answers are sent when it
              returns.
            </li>
            <li>Your score report, with a result for every domain, appears the moment the exam ends.</li>
          </ul>
        </div>

        <fieldset className="rounded-xl bg-white p-6 shadow-sm">
          <legend className="float-left mb-3 w-full text-lg font-bold text-navy-900">Where are you testing?</legend>
          <p className="clear-both text-sm text-muted">
            You must test in your country of residence. In a non-English-speaking country the {ESL_EXTENSION_MINUTES}
            -minute ESL extension is added automatically; candidates in Quebec contact support for it.
          </p>
          <div className="mt-4 max-w-md space-y-4">
            <SelectField
              label="Testing country"
              autoComplete="country"
              options={COUNTRY_OPTIONS}
              {...field("country", { onChange: () => form.setValue("province", "") })}
            />
            {country === "CA" && (
              <SelectField label="Province or territory" options={PROVINCE_OPTIONS} {...field("province")} />
            )}
          </div>
          {country && (country !== "CA" || province) && (
            <p className="mt-4 rounded-md bg-navy-50 p-3 text-sm" role="status">
              Time allowed: <strong>{minutes} minutes</strong>
              {esl?.note ? `. ${esl.note}` : "."}
            </p>
          )}
        </fieldset>

        <fieldset className="rounded-xl bg-white p-6 shadow-sm">
          <legend className="float-left mb-3 w-full text-lg font-bold text-navy-900">Before you begin</legend>
          <div className="clear-both space-y-4">
            <CheckboxField
              label={
                <>
                  I have read and accept the{" "}
                  <a href={TESTING_AGREEMENT_PATH} className="link" target="_blank" rel="noopener">
                    candidate agreement (opens in a new tab)
                  </a>
                  .
                </>
              }
              {...field("acceptAgreement")}
            />
            <div>
              <CheckboxField
                label={
                  <>
                    The name on my registration,{" "}
                    <strong>
                      {user.firstName} {user.lastName}
                    </strong>
                    , matches the first and last names on my ID exactly.
                  </>
                }
                {...field("nameMatchesId")}
              />
              <p className="mt-2 text-sm text-muted">
                If it does not, stop here and correct it on your account page first (ID policy): a name that does not
                match can make your result invalid.
              </p>
            </div>
          </div>
        </fieldset>

        {alert}

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary" disabled={submitting || recording}>
            {submitting ? "Starting…" : "Start the exam"}
          </button>
          {!declining ? (
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                setDeclining(true);
                requestAnimationFrame(() => keepRef.current?.focus());
              }}
            >
              I do not accept the agreement
            </button>
          ) : null}
        </div>
        {declining && (
          <div role="group" aria-labelledby="decline-title" className="rounded-xl border-2 border-red-700 bg-white p-6">
            <h3 id="decline-title" className="text-lg font-bold text-red-800">
              Decline the candidate agreement?
            </h3>
            <p className="mt-2">
              The agreement must be accepted before any exam. If you decline it, you cannot sit this exam and, under the
              agreement, the exam fee is forfeited: voucher <span className="font-mono">{voucher.voucherCode}</span> can
              no longer be used or refunded.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <button ref={keepRef} type="button" className="btn-primary" onClick={() => setDeclining(false)}>
                Go back
              </button>
              <button type="button" className="btn-outline" onClick={decline} disabled={recording}>
                {recording ? "Recording…" : "Decline and forfeit the fee"}
              </button>
            </div>
          </div>
        )}
      </form>
    </FieldIds.Provider>
  );
}
