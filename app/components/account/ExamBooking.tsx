import { lazy, Suspense, useMemo, useState, type ComponentProps } from "react";
import { Link } from "~/lib/router";
import { Confirmation, useConfirmAction } from "~/components/account/ConfirmAction";
import { FormAlert } from "~/forms/form-alert";
import { CHECK_IN_CLOSES_MINUTES, CHECK_IN_OPENS_MINUTES, formatInZone, ONLINE_EXAM_POLICY_PATH } from "~/data/booking";
import { call } from "~/lib/api/client";
import { formatClock } from "~/lib/dates";
import { ownZone } from "~/lib/own-zone";
import { useNow } from "~/lib/useNow";
import { cancelBookingEndpoint, type BookingView } from "~/schemas/booking";
import type { RegistrationView } from "~/schemas/credentials";

const PolicyLink = () => (
  <Link to={ONLINE_EXAM_POLICY_PATH} className="link">
    online exam policy
  </Link>
);

const LazySlotPicker = lazy(() => import("./SlotPicker").then((m) => ({ default: m.SlotPicker })));

/** The slot picker, its code fetched when it is first shown (it is the only form of My exams). */
function SlotPicker(props: ComponentProps<typeof LazySlotPicker>) {
  return (
    <Suspense
      fallback={
        <p className="text-muted mt-3 text-sm" role="status">
          Loading the times…
        </p>
      }
    >
      <LazySlotPicker {...props} />
    </Suspense>
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
  const zone = useMemo(() => ownZone(), []);
  const now = useNow(30_000);
  const cancel = useConfirmAction(
    () => call(cancelBookingEndpoint, { params: { id: String(exam.id) } }),
    onChange,
    "The booking could not be cancelled. Please try again.",
  );

  const booked = booking?.status === "booked" ? booking : undefined;
  if (!booked) return <SlotPicker exam={exam} onBooked={onChange} />;

  const started = now >= Date.parse(booked.startsAt);
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
          {formatClock(booked.checkInClosesAt)}, the exam fee is forfeited (<PolicyLink />
          ).
        </p>
      ) : (
        <p className="text-sm">
          You can reschedule or cancel until the start time, <strong>{formatInZone(booked.changeableUntil)}</strong>.
          After it the fee is forfeited if you do not check in (<PolicyLink />
          ).
        </p>
      )}
      {cancel.error && <FormAlert>{cancel.error}</FormAlert>}
      {!started && !picking && !cancel.confirming && (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-outline" onClick={() => setPicking(true)}>
            Reschedule
          </button>
          <button type="button" className="btn-outline" onClick={cancel.ask}>
            Cancel booking
          </button>
        </div>
      )}
      {!started && cancel.confirming && (
        <Confirmation
          action={cancel}
          label="Confirm cancelling the booking"
          question="Cancel this booked time? Your voucher stays valid."
          yes="Yes, cancel the booking"
          keep="Keep my time"
        />
      )}
      {!started && picking && (
        <SlotPicker exam={exam} current={booked} onBooked={onChange} onClose={() => setPicking(false)} />
      )}
    </div>
  );
}
