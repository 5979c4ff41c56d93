import { lazy, Suspense, useEffect, useState } from "react";
import { FormAlert } from "~/forms/form-alert";
import { useNavigate, useSearchParams } from "~/lib/router";
import type { SittingState } from "~/schemas/exam";
import { useAppSelector, useRehydrated } from "~/state/providers";

// The start screen (with the list of countries) and the exam screen (with its dialog) are never needed
// together: each loads when the page shows it, so the page's first load carries neither.
const StartExam = lazy(() => import("./StartExam").then((m) => ({ default: m.StartExam })));
const ExamScreen = lazy(() => import("./ExamScreen").then((m) => ({ default: m.ExamScreen })));
const loading = (
  <p role="status" className="text-muted">
    Loading your exam…
  </p>
);
import { reportPath } from "~/lib/exam/paths";
import { useSitting } from "./useSitting";
import { useProctoring } from "./useProctoring";
import { ProctorPanel } from "./ProctorPanel";
import { APPEAL_ROUTE } from "~/data/proctoring";

/**
 * This tab's id (issue 27.5): one tab holds a sitting at a time. Kept in sessionStorage, which belongs to
 * the tab: a reload keeps holding the exam, while a second tab or another device has its own id and is
 * asked before it takes the exam over.
 */
function useHolderId(): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    const key = "citb-exam-holder";
    let value: string | null = null;
    try {
      value = sessionStorage.getItem(key);
    } catch {
      // no session storage: the id lives as long as the page
    }
    if (!value) {
      value = crypto.randomUUID();
      try {
        sessionStorage.setItem(key, value);
      } catch {
        /* kept in memory */
      }
    }
    setId(value);
  }, []);
  return id;
}

function Sitting({ sittingId, holderId }: { sittingId: number; holderId: string }) {
  const s = useSitting(sittingId, holderId);
  const proctoring = useProctoring(sittingId, holderId, s.phase.kind === "running", {
    onClock: s.takeClock,
    onClosed: () => void s.closedByServer(),
  });
  const navigate = useNavigate();
  useEffect(() => {
    if (s.phase.kind === "ended") navigate(reportPath(sittingId), { replace: true });
  }, [s.phase.kind, sittingId, navigate]);

  switch (s.phase.kind) {
    case "loading":
    case "ended":
      return (
        <p role="status" className="text-muted">
          {s.phase.kind === "ended" ? "Your exam has ended. Opening your score report…" : "Loading your exam…"}
        </p>
      );
    case "error":
      return <FormAlert>{s.phase.message}</FormAlert>;
    case "ended-without-score":
      return (
        <div className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-bold text-navy-900">Your exam has ended</h1>
          <p role="alert" data-testid="ended-reason">
            {s.phase.message}
          </p>
          <p>
            You can appeal this decision from{" "}
            <a href={APPEAL_ROUTE} className="link">
              My requests
            </a>
            . A free retake, when you get one, is on{" "}
            <a href="/account/exams" className="link">
              My exams
            </a>
            .
          </p>
        </div>
      );
    case "held-elsewhere":
    case "taken-over":
      return (
        <div className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-bold text-navy-900">
            {s.phase.kind === "taken-over" ? "This exam moved to another page" : "Your exam is open elsewhere"}
          </h1>
          <p role="alert">{s.phase.message}</p>
          <p className="text-sm text-muted">
            Your answers are saved on our server and the clock keeps running wherever the exam is open.
          </p>
          <button type="button" className="btn-primary" onClick={() => void s.takeOver()}>
            Continue the exam on this page
          </button>
        </div>
      );
    case "running":
      if (!s.clock) return null;
      return (
        <>
          <ProctorPanel p={proctoring} />
          <Suspense fallback={loading}>
            <ExamScreen
              examTitle={s.examTitle}
              itemCount={s.itemCount}
              position={s.position}
              item={s.item}
              answers={s.answers}
              clock={s.clock}
              connection={s.connection}
              eslNote={s.eslNote}
              onPosition={s.setPosition}
              onChange={s.change}
              onSubmit={async () => {
                await s.submit();
              }}
              onTimeUp={() => void s.timeUp()}
            />
          </Suspense>
        </>
      );
  }
}

/**
 * /exam: starts an exam from a voucher (?voucher=<registration id>) or runs a sitting (?sitting=<id>).
 * One island (decision 0016) that reads the signed-in candidate from the store; the query string is read
 * after hydration.
 */
export function ExamPage() {
  const user = useAppSelector((s) => s.user);
  const rehydrated = useRehydrated();
  const params = useSearchParams();
  const navigate = useNavigate();
  const holderId = useHolderId();
  const voucher = Number(params.get("voucher"));
  const sitting = Number(params.get("sitting"));
  const here = `/exam${typeof window === "undefined" ? "" : window.location.search}`;
  useEffect(() => {
    if (rehydrated && !user) navigate(`/login?next=${encodeURIComponent(here)}`, { replace: true });
  }, [rehydrated, user, navigate, here]);

  return (
    <div className="bg-navy-50 py-8">
      <div className="container-page max-w-3xl">
        {!user || !holderId ? (
          <>
            <h1 className="text-3xl font-extrabold text-navy-900">Your exam</h1>
            <p role="status" className="mt-4 text-muted">
              Loading…
            </p>
          </>
        ) : sitting > 0 ? (
          <Sitting sittingId={sitting} holderId={holderId} />
        ) : voucher > 0 ? (
          <>
            <h1 className="mb-6 text-3xl font-extrabold text-navy-900">Start your exam</h1>
            <Suspense fallback={loading}>
              <StartExam
                registrationId={voucher}
                user={user}
                holderId={holderId}
                onStarted={(started: SittingState) => navigate(`/exam?sitting=${started.id}`, { replace: true })}
              />
            </Suspense>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-extrabold text-navy-900">Your exam</h1>
            <p className="mt-4">
              Start or continue an exam from{" "}
              <a href="/account/exams" className="link">
                My exams
              </a>
              .
            </p>
          </>
        )}
      </div>
    </div>
  );
}
