import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { AccountPage } from "~/components/account/AccountPage";
import { FormAlert } from "~/forms/form-alert";
import {
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
import { call, apiMessage } from "~/lib/api/client";
import { formatClock } from "~/lib/dates";
import { ownZone } from "~/lib/own-zone";
import { useSearchParams } from "~/lib/router";
import { useNow } from "~/lib/useNow";
import { myBookingsEndpoint, type BookingView } from "~/schemas/booking";
import { myCheckInEndpoint } from "~/schemas/check-in";
import { myExamsEndpoint, type RegistrationView } from "~/schemas/credentials";

// the form (the camera, the countries, react-hook-form) loads only when the window is open
const CheckInForm = lazy(() => import("./CheckInForm").then((m) => ({ default: m.CheckInForm })));

/** The voucher's newest check-in and the photos it sent (by role). */
const loadCheckIn = (id: number) => call(myCheckInEndpoint, { params: { id: String(id) } });
export type CheckInStatus = NonNullable<Awaited<ReturnType<typeof loadCheckIn>>["checkIn"]>;
type Photos = Awaited<ReturnType<typeof loadCheckIn>>["files"];

interface Loaded {
  exam: RegistrationView | null;
  booking: BookingView | null;
  checkIn: CheckInStatus | null;
  /** the photos of `checkIn` when they came with it; null for one just sent from the form (SentPhotos asks) */
  files: Photos | null;
}

const PHOTO_NAMES: Record<string, string> = {
  photo: "Your photo",
  idFront: "ID, front",
  idBack: "ID, back",
  area: "Testing area",
  room: "Room scan",
};

/**
 * The photos this check-in sent, as the proctor sees them (the candidate and proctors only), until the
 * retention job deletes them.
 */
function SentPhotos({ examId, known }: { examId: number; known: Photos | null }) {
  const [loaded, setLoaded] = useState<Photos | null>(null);
  useEffect(() => {
    if (known) return; // loaded with the check-in: not asked for again
    loadCheckIn(examId)
      .then((r) => setLoaded(r.files))
      .catch(() => setLoaded(null));
  }, [examId, known]);
  const files = known ?? loaded;
  // in the order they were taken (the stored record keeps no order of its own)
  const order = (role: string) => Object.keys(PHOTO_NAMES).indexOf(role) >>> 0;
  const byRole = Object.entries(files ?? {}).sort(([a], [b]) => order(a) - order(b));
  const photos = byRole.flatMap(([role, urls]) =>
    urls.map((url, i) => ({ url, label: `${PHOTO_NAMES[role] ?? role}${urls.length > 1 ? ` ${i + 1}` : ""}` })),
  );
  if (photos.length === 0) return null;
  return (
    <details className="mt-6">
      <summary className="cursor-pointer font-semibold">The photos you sent ({photos.length})</summary>
      <p className="mt-2 text-sm text-muted">
        Only you and the proctors see them. They are deleted {CHECK_IN_RETENTION_DAYS} days after your check-in.
      </p>
      <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {photos.map((p) => (
          <li key={p.url} className="text-xs text-muted">
            <img
              src={p.url}
              alt={p.label}
              width={160}
              height={120}
              loading="lazy"
              className="h-auto w-full rounded border border-slate-200 bg-slate-100"
            />
            <span aria-hidden="true">{p.label}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What the proctor decided, once it is known; while it is not, the page asks every CHECK_IN_POLL_MS. */
function Decision({
  exam,
  checkIn,
  files,
  onAgain,
}: {
  exam: RegistrationView;
  checkIn: CheckInStatus;
  files: Photos | null;
  onAgain: (c: CheckInStatus | null, files?: Photos) => void;
}) {
  const decided = useRef(onAgain);
  decided.current = onAgain;
  useEffect(() => {
    if (checkIn.status !== "submitted") return;
    const t = setInterval(() => {
      loadCheckIn(exam.id)
        .then(({ checkIn: c, files: sent }) => c && c.status !== "submitted" && decided.current(c, sent))
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
        <SentPhotos examId={exam.id} known={files} />
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
        <SentPhotos examId={exam.id} known={files} />
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
      <SentPhotos examId={exam.id} known={files} />
    </section>
  );
}

function CheckIn({ voucherId }: { voucherId: number }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [again, setAgain] = useState(false);
  const now = useNow(5000);
  const zone = useMemo(() => ownZone(), []);

  useEffect(() => {
    Promise.all([call(myExamsEndpoint, {}), call(myBookingsEndpoint, {}), loadCheckIn(voucherId)])
      .then(([{ exams }, { bookings }, { checkIn, files }]) =>
        setLoaded({
          exam: exams.find((e) => e.id === voucherId) ?? null,
          booking: bookings.find((b) => b.registrationId === voucherId && b.status !== "cancelled") ?? null,
          checkIn,
          files,
        }),
      )
      .catch((e) => setError(apiMessage(e, "Your check-in could not be loaded. Please reload the page.")));
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
  const setCheckIn = (c: CheckInStatus | null, files?: Photos) => {
    // a rejection on our side freed the booking (the server cancelled it): a new time is booked first
    const freed = c?.status === "rejected" && c.rejectKind === "site";
    setLoaded({
      ...loaded,
      checkIn: c ?? loaded.checkIn,
      booking: freed ? null : loaded.booking,
      files: c ? (files ?? null) : loaded.files,
    });
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
        <Decision exam={exam} checkIn={checkIn} files={loaded.files} onAgain={setCheckIn} />
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
      <Suspense
        fallback={
          <p role="status" className="text-muted">
            Loading the check-in form…
          </p>
        }
      >
        <CheckInForm exam={exam} onSubmitted={(c) => setCheckIn(c)} />
      </Suspense>
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
