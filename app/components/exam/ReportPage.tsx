import { useEffect, useState } from "react";
import { DomainResults } from "~/components/exam/DomainResults";
import { FormAlert } from "~/forms/form-alert";
import { call, apiMessage } from "~/lib/api/client";
import { formatDay, formatDeadline } from "~/lib/dates";
import { Link, useNavigate, useSearchParams } from "~/lib/router";
import { sittingReportEndpoint, sittingReportPdfEndpoint, type ScoreReport } from "~/schemas/exam";
import { verifyPath } from "~/schemas/credentials";
import { useAppSelector, useRehydrated } from "~/state/providers";

export function ScoreReportView({ report }: { report: ScoreReport }) {
  const passed = report.result === "pass";
  const pdf = sittingReportPdfEndpoint.path.replace(":id", String(report.sittingId));
  return (
    <article aria-labelledby="report-title" className="space-y-6">
      <header className="rounded-xl bg-white p-6 shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-navy-700 uppercase">Score report</p>
        <h1 id="report-title" className="mt-1 text-3xl font-extrabold text-navy-900">
          {report.examTitle}
        </h1>
        <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Candidate</dt>
            <dd>{report.candidateName}</dd>
            <dt className="font-semibold">Date</dt>
            <dd>{formatDay(report.takenOn)}</dd>
            <dt className="font-semibold">Ended</dt>
            <dd>{report.endedBy === "submit" ? "Submitted by you" : "At the end of the time allowed"}</dd>
          </dl>
          {report.photoUrl && (
            <figure className="w-28">
              <img
                src={report.photoUrl}
                alt={`Photograph of ${report.candidateName}, taken at check-in`}
                width={112}
                height={84}
                className="h-auto w-full rounded border border-slate-200 bg-slate-100"
              />
              <figcaption className="mt-1 text-xs text-muted">Photograph taken at check-in</figcaption>
            </figure>
          )}
        </div>
        <div
          className={`mt-6 rounded-lg p-4 ${passed ? "bg-brand-100 text-navy-950" : "bg-red-50 text-red-900"}`}
          data-result={report.result}
        >
          <p className="text-2xl font-extrabold">{passed ? "Pass" : "Not passed"}</p>
          <p className="mt-1 text-lg">
            Your score: <strong>{report.scorePercent}%</strong> ({report.correct} of {report.scored} correct). Passing
            score: <strong>{report.passingScore}%</strong>.
          </p>
        </div>
        <div className="mt-4 flex flex-wrap gap-3 print:hidden">
          <a href={pdf} className="btn-outline" download>
            Download the report (PDF)
          </a>
          <button type="button" className="btn-outline" onClick={() => window.print()}>
            Print
          </button>
        </div>
      </header>

      <section aria-labelledby="domains-title" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="domains-title" className="text-xl font-bold text-navy-900">
          Your result in each domain
        </h2>
        <p className="mt-1 text-sm text-muted">
          The share of each domain's questions you answered correctly. Use it to see where to study; the result depends
          on the overall score only.
        </p>
        <DomainResults domains={report.domains} caption="Questions answered correctly, by domain" className="mt-4" />
      </section>

      <section aria-labelledby="next-title" className="space-y-3 rounded-xl bg-white p-6 shadow-sm">
        <h2 id="next-title" className="text-xl font-bold text-navy-900">
          What happens next
        </h2>
        {passed && report.credentialId ? (
          <p>
            Your certification is issued: credential ID <span className="font-mono">{report.credentialId}</span>. Find
            the certificate and badge on{" "}
            <Link to="/account/certifications" className="link">
              My certifications
            </Link>
            ; anyone can check it on the{" "}
            <Link to={verifyPath(report.credentialId)} className="link">
              verification page
            </Link>
            .
          </p>
        ) : null}
        {!passed && report.retestOn ? (
          <p>
            You can buy this exam again from <strong>{formatDay(report.retestOn)}</strong> (retesting policy).
          </p>
        ) : null}
        <p>
          If you believe this result is wrong, you can appeal within {report.appeal.hours} hours of this decision, until{" "}
          <strong>{formatDeadline(report.appeal.deadline)}</strong>, from{" "}
          <Link to={report.appeal.route} className="link">
            My requests
          </Link>{" "}
          (appeal process policy).
        </p>
      </section>
    </article>
  );
}

/** /exam/report?sitting=<id>: the score report of one of the candidate's sittings. One island. */
export function ReportPage() {
  const user = useAppSelector((s) => s.user);
  const rehydrated = useRehydrated();
  const params = useSearchParams();
  const navigate = useNavigate();
  const sitting = Number(params.get("sitting"));
  const [report, setReport] = useState<ScoreReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (rehydrated && !user)
      navigate(`/login?next=${encodeURIComponent(`/exam/report?sitting=${sitting}`)}`, { replace: true });
  }, [rehydrated, user, navigate, sitting]);
  useEffect(() => {
    if (!user || !(sitting > 0)) return;
    call(sittingReportEndpoint, { params: { id: String(sitting) } })
      .then((r) => setReport(r.report))
      .catch((e) => setError(apiMessage(e, "Your score report could not be loaded.")));
  }, [user, sitting]);
  return (
    <div className="bg-navy-50 py-8">
      <div className="container-page max-w-3xl">
        {report ? (
          <ScoreReportView report={report} />
        ) : (
          <>
            <h1 className="text-3xl font-extrabold text-navy-900">Score report</h1>
            <div className="mt-4">
              {error ? (
                <FormAlert>{error}</FormAlert>
              ) : (
                <p role="status" className="text-muted">
                  {user && !(sitting > 0) ? "Open a score report from My results." : "Loading your score report…"}
                </p>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
