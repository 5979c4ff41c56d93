import { useParams } from "react-router";
import { FormAlert } from "~/forms/form-alert";
import { Paragraphs } from "~/components/Paragraphs";
import { DomainResults } from "~/components/exam/DomainResults";
import { Loading, StaffPage, staffMeta, useLoad } from "~/components/staff/StaffConsole";
import { call } from "~/lib/api/client";
import { dateTime, label } from "~/lib/staff-format";
import { staffSittingEndpoint, type StaffSitting } from "~/schemas/exam";
import { Link } from "react-router";

export const meta = () => staffMeta("Exam sitting", "/staff/candidates");

const LETTERS = ["A", "B", "C", "D", "E", "F"];

/** One position of the form as the candidate saw it, with the key, the answer and the rationale (appeals). */
function Position({ p }: { p: StaffSitting["form"][number] }) {
  const chosen = p.options.findIndex((o) => o.id === p.choice);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-position={p.position}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-bold text-navy-900">
          Question {p.position}{" "}
          <span className="font-normal text-muted">
            · {p.domain}
            {p.pretest ? " · pretest item, unscored" : ""}
          </span>
        </h3>
        <p className={`text-sm font-semibold ${p.correct ? "text-brand-800" : "text-red-700"}`}>
          {p.choice === null ? "Unanswered" : p.correct ? "Correct" : "Incorrect"}
          {p.flagged ? " · flagged" : ""}
        </p>
      </div>
      <p className="mt-1 text-xs text-muted">
        Item <span className="font-mono">{p.itemId}</span>, version {p.version}
        {p.reference ? ` · ${p.reference}` : ""}
      </p>
      <pre className="mt-3 overflow-x-auto rounded-md bg-navy-50 p-3 text-sm whitespace-pre-wrap">{p.stem}</pre>
      <ol className="mt-3 space-y-1 text-sm">
        {p.options.map((o, i) => (
          <li key={o.id} className="flex gap-2">
            <span className="font-bold">{LETTERS[i]}.</span>
            <span className="whitespace-pre-wrap">{o.text}</span>
            <span className="font-semibold">
              {o.id === p.keyOptionId ? " (key)" : ""}
              {i === chosen ? " (candidate's answer)" : ""}
            </span>
          </li>
        ))}
      </ol>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold">Rationale</summary>
        <Paragraphs text={p.rationale} />
      </details>
    </li>
  );
}

/** /staff/sittings/:id: one delivered exam, its breakdown by domain and its form with the answers and the keys. */
export default function StaffSittingPage() {
  const id = Number(useParams().id);
  const { data, error } = useLoad(() => call(staffSittingEndpoint, { params: { id: String(id) } }), [id]);
  if (!data)
    return (
      <StaffPage title="Exam sitting">
        {error ? <FormAlert>{error}</FormAlert> : <Loading what="the sitting" />}
      </StaffPage>
    );
  const s = data.sitting;
  const r = s.report;
  return (
    <StaffPage title={`${s.examTitle}: sitting ${s.id}`} intro={`${s.candidateName} · ${label(s.status)}`}>
      <dl className="grid gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Candidate</dt>
        <dd>
          {s.userId ? (
            <Link to={`/staff/candidates/${s.userId}`} className="link">
              {s.candidateName}
            </Link>
          ) : (
            s.candidateName
          )}
        </dd>
        <dt className="font-semibold">Started</dt>
        <dd>{dateTime(s.startedAt)}</dd>
        <dt className="font-semibold">Ended</dt>
        <dd>
          {s.endedAt ? `${dateTime(s.endedAt)} (${r?.endedBy === "deadline" ? "deadline" : "submitted"})` : "Open"}
        </dd>
        <dt className="font-semibold">Time allowed</dt>
        <dd>
          {s.clock.minutes.total} minutes (base {s.clock.minutes.base}, ESL {s.clock.minutes.esl}, accommodation{" "}
          {s.clock.minutes.accommodation}, added {s.clock.minutes.added})
        </dd>
        <dt className="font-semibold">Testing place</dt>
        <dd>{[s.country, s.province].filter(Boolean).join(", ")}</dd>
        <dt className="font-semibold">Agreement</dt>
        <dd>
          version {s.agreementVersion}, accepted {dateTime(s.agreementAcceptedAt)}
        </dd>
        <dt className="font-semibold">Form seed</dt>
        <dd className="font-mono break-all">{s.seed}</dd>
      </dl>
      {r && (
        <section aria-labelledby="breakdown-title" className="space-y-2">
          <h2 id="breakdown-title" className="text-xl font-bold text-navy-900">
            Result: {label(r.result)}, {r.scorePercent}% ({r.correct} of {r.scored}; passing {r.passingScore}%)
          </h2>
          <DomainResults domains={r.domains} caption="Result by domain" />
        </section>
      )}
      <section aria-labelledby="form-title" className="space-y-2">
        <h2 id="form-title" className="text-xl font-bold text-navy-900">
          The form, with the candidate's answers and the keys
        </h2>
        <ol className="space-y-3">
          {s.form.map((p) => (
            <Position key={p.position} p={p} />
          ))}
        </ol>
      </section>
    </StaffPage>
  );
}
