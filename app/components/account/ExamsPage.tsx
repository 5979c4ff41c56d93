import { useState } from "react";
import { Link } from "~/lib/router";
import { AccountPage, Loading, Panel, useAccountData, NothingYet } from "~/components/account/AccountPage";
import { FormAlert } from "~/forms/form-alert";
import { org } from "~/data/org";
import { CANCELLATION_HOURS, REFUND_PROCESSING } from "~/data/program-rules";
import { reportPath } from "~/lib/exam/paths";
import { certificationById, EXAM_MINUTES } from "~/data/exams";
import { call } from "~/lib/api/client";
import { mySittingsEndpoint, type SittingSummary } from "~/schemas/exam";
import { myBookingsEndpoint, type BookingView } from "~/schemas/booking";
import { ExamBooking } from "~/components/account/ExamBooking";
import { Confirmation, useConfirmAction } from "~/components/account/ConfirmAction";
import { useNow } from "~/lib/useNow";
import { formatDay, formatDeadline } from "~/lib/dates";
import { cancelExamEndpoint, myExamsEndpoint, type RegistrationView } from "~/schemas/credentials";

const STATE_LABELS: Record<RegistrationView["state"], string> = {
  paid: "Ready to sit",
  started: "Exam in progress",
  used: "Exam taken",
  forfeited: "Agreement declined, fee forfeited",
  cancelled: "Cancelled and refunded",
};

/**
 * What the candidate does next with a voucher: start the exam (an exam with a published outline is
 * delivered on the site), continue the one in progress, or open its score report.
 */
function ExamAction({
  exam,
  sitting,
  booking,
  onBookingChange,
}: {
  exam: RegistrationView;
  sitting?: SittingSummary;
  booking?: BookingView;
  onBookingChange: (message: string) => void;
}) {
  const delivered = Boolean(certificationById(exam.certId)?.details?.weights.length);
  if (sitting?.status === "open")
    return (
      <p className="mt-3">
        <Link to={`/exam?sitting=${sitting.id}`} className="btn-primary">
          Continue the exam
        </Link>
      </p>
    );
  if (sitting)
    return (
      <p className="mt-3">
        <Link to={reportPath(sitting.id)} className="btn-outline">
          Score report
        </Link>
      </p>
    );
  if (exam.state !== "paid") return null;
  if (!delivered)
    return (
      <p className="mt-3 rounded-md bg-navy-50 p-3 text-sm">
        This exam is not delivered on the site yet: write to{" "}
        <a href={`mailto:${org.email}`} className="link">
          {org.email}
        </a>{" "}
        with your voucher code <strong className="font-mono">{exam.voucherCode}</strong> and we will schedule it with
        you.
      </p>
    );
  return (
    <div className="mt-3 space-y-2">
      <ExamBooking
        key={booking ? `${booking.status}@${booking.startsAt}` : "none"}
        exam={exam}
        booking={booking}
        onChange={onBookingChange}
      />
      <p className="text-sm">
        The exam takes {EXAM_MINUTES} minutes on a clock our server keeps. Before the first question you accept the{" "}
        <Link to="/testing/testing-agreement" className="link">
          candidate agreement
        </Link>{" "}
        and confirm that your registration name matches your ID exactly (
        <Link to="/testing/id-policy" className="link">
          ID policy
        </Link>
        ).
      </p>
      <p className="text-sm">
        Taking it online? Run the{" "}
        <Link to="/system-check" className="link">
          system check
        </Link>{" "}
        first: camera, connection, display and browser in a few minutes.
      </p>
      <Link to={`/exam?voucher=${exam.id}`} className="btn-primary">
        Start the exam
      </Link>
    </div>
  );
}

function CancelPurchase({
  exam,
  onCancelled,
}: {
  exam: RegistrationView & { cancellableUntil: string };
  onCancelled: (message: string) => void;
}) {
  const cancel = useConfirmAction(
    () => call(cancelExamEndpoint, { params: { id: String(exam.id) } }),
    onCancelled,
    "The purchase could not be cancelled. Please try again.",
  );
  return (
    <div className="mt-3 space-y-2">
      <p className="text-sm">
        You can cancel this purchase for a refund until <strong>{formatDeadline(exam.cancellableUntil)}</strong> (
        {CANCELLATION_HOURS} hours after purchase; refund policy).
      </p>
      {cancel.error && <FormAlert>{cancel.error}</FormAlert>}
      {cancel.confirming ? (
        <Confirmation
          action={cancel}
          label="Confirm the cancellation"
          question="Cancel this purchase and refund it to your card?"
          yes="Yes, cancel and refund"
          keep="Keep my exam"
        />
      ) : (
        <button type="button" className="btn-outline" onClick={cancel.ask}>
          Cancel purchase
        </button>
      )}
    </div>
  );
}

function ExamList({
  exams,
  sittings,
  bookings,
  reload,
}: {
  exams: RegistrationView[];
  sittings?: SittingSummary[];
  bookings?: BookingView[];
  reload: () => void;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  // the Cancel button goes away when the deadline passes while the page is open
  const now = useNow(30_000);
  if (exams.length === 0)
    return <NothingYet text="You have no exams yet." to="/credentials" link="Browse our certifications" />;
  return (
    <>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      <ul className="space-y-4">
        {exams.map((exam) => (
          <li key={exam.id} className="rounded-xl border border-slate-200 p-4" data-exam={exam.voucherCode}>
            <h3 className="text-lg font-bold text-navy-900">{exam.examTitle}</h3>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">Voucher code</dt>
              <dd className="font-mono" data-voucher="">
                {exam.voucherCode}
              </dd>
              <dt className="font-semibold">Status</dt>
              <dd>{STATE_LABELS[exam.state]}</dd>
              <dt className="font-semibold">{exam.source === "free_retake" ? "Issued" : "Bought"}</dt>
              <dd>
                {formatDay(exam.purchasedAt)}
                {exam.source === "free_retake" && " (free retake after an indeterminate score)"}
              </dd>
            </dl>
            <ExamAction
              exam={exam}
              sitting={sittings?.find((x) => x.registrationId === exam.id)}
              booking={bookings?.find((b) => b.registrationId === exam.id)}
              onBookingChange={(message) => {
                setNotice(message);
                reload();
              }}
            />
            {exam.state === "paid" && exam.cancellableUntil && Date.parse(exam.cancellableUntil) > now && (
              <CancelPurchase
                exam={{ ...exam, cancellableUntil: exam.cancellableUntil }}
                onCancelled={(message) => {
                  setNotice(message);
                  reload();
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** /account/exams: the vouchers, how to sit each exam, and cancelling a purchase within its window. The route serves it as an island. */
export function AccountExams() {
  return (
    <AccountPage
      title="My exams"
      path="/account/exams"
      intro={
        <p>
          Each exam you buy comes with a voucher code. A purchase can be cancelled only within {CANCELLATION_HOURS}{" "}
          hours; refunds are processed in {REFUND_PROCESSING} (
          <Link to="/testing/refund-policy" className="link">
            refund policy
          </Link>
          ).
        </p>
      }
    >
      {() => <Exams />}
    </AccountPage>
  );
}

const examsAndSittings = async () => {
  const [{ exams }, { sittings }, { bookings }] = await Promise.all([
    call(myExamsEndpoint, {}),
    call(mySittingsEndpoint, {}),
    call(myBookingsEndpoint, {}),
  ]);
  return { exams, sittings, bookings };
};

function Exams() {
  const state = useAccountData(examsAndSittings);
  return (
    <Panel id="exams-title" title="Exam vouchers">
      <Loading state={state} what="exams">
        {(d) => <ExamList exams={d.exams} sittings={d.sittings} bookings={d.bookings} reload={state.reload} />}
      </Loading>
    </Panel>
  );
}
