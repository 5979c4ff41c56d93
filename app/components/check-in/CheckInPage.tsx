import { useEffect, useMemo, useRef, useState } from "react";
import { AccountPage } from "~/components/account/AccountPage";
import { ownZone } from "~/components/account/ExamBooking";
import { FieldIds, FormField } from "~/forms/form-field";
import { FormAlert } from "~/forms/form-alert";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import {
  ageOn,
  AREA_PHOTOS,
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_MESSAGES,
  CHECK_IN_OPENS_MINUTES,
  CHECK_IN_POLL_MS,
  CHECK_IN_RETENTION_DAYS,
  formatInZone,
  MINOR_MAX_AGE,
  ONLINE_EXAM_POLICY_PATH,
} from "~/data/booking";
import { SYSTEM_CHECK_PATH } from "~/data/system-check";
import { canadianProvinces, testingCountries } from "~/data/testing-countries";
import { ApiError, call } from "~/lib/api/client";
import { callWithProgress } from "~/lib/api/upload";
import { browserId } from "~/lib/camera/camera";
import { formatClock } from "~/lib/dates";
import { useSearchParams } from "~/lib/router";
import { myBookingsEndpoint, type BookingView } from "~/schemas/booking";
import { checkInEndpoint, myCheckInEndpoint } from "~/schemas/check-in";
import { myExamsEndpoint, type RegistrationView } from "~/schemas/credentials";
import { CheckInCamera, SHOTS, type Photos } from "./CheckInCamera";

type CheckInStatus = NonNullable<Awaited<ReturnType<typeof loadCheckIn>>>;
const loadCheckIn = async (id: number) => (await call(myCheckInEndpoint, { params: { id: String(id) } })).checkIn;

const messageOf = (e: unknown, fallback: string) => (e instanceof ApiError ? e.body.message : fallback);

interface Loaded {
  exam: RegistrationView | null;
  booking: BookingView | null;
  checkIn: CheckInStatus | null;
}

/** The clock of the page: now, every few seconds (the window opens and closes while the page is open). */
function useNow(everyMs = 5000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** What the proctor decided, once it is known; while it is not, the page asks every CHECK_IN_POLL_MS. */
function Decision({
  exam,
  checkIn,
  onAgain,
}: {
  exam: RegistrationView;
  checkIn: CheckInStatus;
  onAgain: (c: CheckInStatus | null) => void;
}) {
  const decided = useRef(onAgain);
  decided.current = onAgain;
  useEffect(() => {
    if (checkIn.status !== "submitted") return;
    const t = setInterval(() => {
      loadCheckIn(exam.id)
        .then((c) => c && c.status !== "submitted" && decided.current(c))
        .catch(() => {
          /* the next poll tries again */
        });
    }, CHECK_IN_POLL_MS);
    return () => clearInterval(t);
  }, [checkIn.status, exam.id]);

  if (checkIn.status === "submitted")
    return (
      <section aria-labelledby="waiting-heading" className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <h2 id="waiting-heading" className="text-2xl font-bold text-navy-900">
          Waiting for a proctor
        </h2>
        <p className="mt-2" role="status">
          Your check-in is with a proctor, who compares your photo and ID with your registration name. Keep this page
          open: it shows the decision as soon as it is made.
        </p>
        <p className="mt-2 text-sm text-muted">Checked again every {CHECK_IN_POLL_MS / 1000} seconds.</p>
      </section>
    );
  if (checkIn.status === "approved")
    return (
      <section aria-labelledby="approved-heading" className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <h2 id="approved-heading" className="text-2xl font-bold text-navy-900">
          Check-in approved
        </h2>
        <p className="mt-2" role="status">
          A proctor approved your check-in. Keep your camera on and your testing area as you showed it.
        </p>
        <a href={`/exam?voucher=${exam.id}`} className="btn-primary mt-4 inline-flex">
          Start the exam
        </a>
      </section>
    );
  return (
    <section aria-labelledby="rejected-heading" className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h2 id="rejected-heading" className="text-2xl font-bold text-navy-900">
        Check-in not approved
      </h2>
      <div role="alert" className="mt-2">
        <p>
          The proctor&apos;s reason: <strong data-testid="reject-reason">{checkIn.rejectReason}</strong>
        </p>
      </div>
      {checkIn.rejectKind === "site" ? (
        <p className="mt-2">
          The problem was on our side, not yours: your booking was freed and booking a new time is free. Choose one on{" "}
          <a href="/account/exams" className="link">
            My exams
          </a>
          .
        </p>
      ) : (
        <>
          <p className="mt-2">
            You can check in again while the window is open (until {CHECK_IN_CLOSES_MINUTES} minutes after your booked
            time).
          </p>
          <button type="button" className="btn-primary mt-4" onClick={() => onAgain(null)}>
            Check in again
          </button>
        </>
      )}
    </section>
  );
}

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
function CheckInForm({ exam, onSubmitted }: { exam: RegistrationView; onSubmitted: (c: CheckInStatus) => void }) {
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
  const guardianAuthorised = field("guardianAuthorised");

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
              <div>
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    className="mt-1 h-5 w-5"
                    aria-invalid={guardianAuthorised.error ? true : undefined}
                    aria-describedby={guardianAuthorised.error ? "check-in-guardianAuthorised-err" : undefined}
                    {...guardianAuthorised.registration}
                  />
                  <span>My guardian authorises me to take this exam.</span>
                </label>
                {guardianAuthorised.error?.message && (
                  <p id="check-in-guardianAuthorised-err" className="mt-1 text-sm font-medium text-red-800">
                    {guardianAuthorised.error.message}
                  </p>
                )}
              </div>
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

function CheckIn({ voucherId }: { voucherId: number }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [again, setAgain] = useState(false);
  const now = useNow();
  const zone = useMemo(() => ownZone(), []);

  useEffect(() => {
    Promise.all([call(myExamsEndpoint, {}), call(myBookingsEndpoint, {}), loadCheckIn(voucherId)])
      .then(([{ exams }, { bookings }, checkIn]) =>
        setLoaded({
          exam: exams.find((e) => e.id === voucherId) ?? null,
          booking: bookings.find((b) => b.registrationId === voucherId && b.status !== "cancelled") ?? null,
          checkIn,
        }),
      )
      .catch((e) => setError(messageOf(e, "Your check-in could not be loaded. Please reload the page.")));
  }, [voucherId]);

  if (error) return <FormAlert>{error}</FormAlert>;
  if (!loaded)
    return (
      <p role="status" className="text-muted">
        Loading your check-in…
      </p>
    );
  const { exam, booking, checkIn } = loaded;
  if (!exam)
    return (
      <FormAlert>
        This is not one of your exam vouchers. Your vouchers are listed on{" "}
        <a href="/account/exams" className="link">
          My exams
        </a>
        .
      </FormAlert>
    );
  const setCheckIn = (c: CheckInStatus | null) => {
    // a rejection on our side freed the booking (the server cancelled it): a new time is booked first
    const freed = c?.status === "rejected" && c.rejectKind === "site";
    setLoaded({ ...loaded, checkIn: c ?? loaded.checkIn, booking: freed ? null : loaded.booking });
    setAgain(c === null);
  };

  const heading = (
    <p className="text-lg">
      <strong>{exam.examTitle}</strong>
      {booking && (
        <>
          , booked for <strong>{formatInZone(booking.startsAt)}</strong> ({zone.id})
        </>
      )}
    </p>
  );

  if (booking?.status === "no_show")
    return (
      <>
        {heading}
        <FormAlert>{CHECK_IN_MESSAGES.noShow}</FormAlert>
      </>
    );
  if (
    checkIn &&
    !again &&
    !(checkIn.status === "rejected" && checkIn.rejectKind === "site" && booking?.status === "booked")
  )
    return (
      <>
        {heading}
        <Decision exam={exam} checkIn={checkIn} onAgain={setCheckIn} />
      </>
    );
  if (!booking || booking.status !== "booked")
    return (
      <>
        {heading}
        <FormAlert>
          This exam has no booked time. Book one on{" "}
          <a href="/account/exams" className="link">
            My exams
          </a>{" "}
          first.
        </FormAlert>
      </>
    );

  const opens = Date.parse(booking.checkInOpensAt);
  const closes = Date.parse(booking.checkInClosesAt);
  const windowLine = (
    <p>
      Check-in opens {CHECK_IN_OPENS_MINUTES} minutes before your booked time, at{" "}
      <strong>{formatClock(booking.checkInOpensAt)}</strong>, and closes {CHECK_IN_CLOSES_MINUTES} minutes after it, at{" "}
      <strong>{formatClock(booking.checkInClosesAt)}</strong> ({zone.name}).
    </p>
  );
  if (now < opens)
    return (
      <>
        {heading}
        <section aria-labelledby="not-yet-heading" className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
          <h2 id="not-yet-heading" className="text-2xl font-bold text-navy-900">
            Check-in is not open yet
          </h2>
          <div className="mt-2 space-y-2">
            {windowLine}
            <p>This page opens the check-in by itself at that time. Meanwhile, make sure the system check passes.</p>
          </div>
        </section>
      </>
    );
  if (now > closes)
    return (
      <>
        {heading}
        <FormAlert>
          {CHECK_IN_MESSAGES.noShow} (
          <a href={ONLINE_EXAM_POLICY_PATH} className="link">
            online exam policy
          </a>
          )
        </FormAlert>
      </>
    );

  return (
    <>
      {heading}
      <section aria-labelledby="before-heading" className="space-y-2 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <h2 id="before-heading" className="text-2xl font-bold text-navy-900">
          Before you start
        </h2>
        {windowLine}
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Use the browser in which you passed the{" "}
            <a href={SYSTEM_CHECK_PATH} className="link">
              system check
            </a>
            : check-in asks for a passing check in this browser.
          </li>
          <li>
            Have your ID ready: your registration name must match the first and last names on it exactly (
            <a href="/testing/id-policy" className="link">
              ID policy
            </a>
            ).
          </li>
          <li>You take {AREA_PHOTOS} photos of your testing area and a room scan; the proctor may ask for more.</li>
          <li>You test in the country where you live.</li>
          <li>Candidates aged {MINOR_MAX_AGE} and under need a guardian&apos;s authorisation for each exam.</li>
          <li>Your check-in photos are deleted {CHECK_IN_RETENTION_DAYS} days after check-in.</li>
        </ul>
      </section>
      <CheckInForm exam={exam} onSubmitted={(c) => setCheckIn(c)} />
    </>
  );
}

/**
 * /exam/check-in?voucher=<registration id> (issue 28.3): check-in for a booked online exam in its window,
 * then the proctor's decision. One island, signed in from the store.
 */
export function CheckInPage() {
  const params = useSearchParams();
  const voucherId = Number(params.get("voucher"));
  const path = `/exam/check-in${typeof window === "undefined" ? "" : window.location.search}`;
  return (
    <AccountPage title="Check in for your exam" path={path}>
      {() =>
        voucherId > 0 ? (
          <CheckIn voucherId={voucherId} />
        ) : (
          <FormAlert>
            Open check-in from your exam on{" "}
            <a href="/account/exams" className="link">
              My exams
            </a>
            .
          </FormAlert>
        )
      }
    </AccountPage>
  );
}
