import { useId, useState } from "react";
import { FormAlert } from "~/forms/form-alert";
import { bankExams, ExamPicker } from "~/components/staff/bank/ExamPicker";
import { Loading, StaffPage, staffMeta, useFailure, useLoad } from "~/components/staff/StaffConsole";
import { call } from "~/lib/api/client";
import { useAppSelector } from "~/state/providers";
import { dateTime } from "~/lib/staff-format";
import {
  ANGOFF_MESSAGES,
  cutScoreStudyEndpoint,
  rateItemEndpoint,
  recordCutScoreDecisionEndpoint,
  type CutScoreStudy,
} from "~/schemas/bank";

export const meta = () => staffMeta("Cut-score study", "/staff/items/cut-score");

/** One item's rating: the rater's own value (0-100) and a save button, labelled with the item's id. */
function RatingCell({ item, onSaved }: { item: CutScoreStudy["items"][number]; onSaved: () => void }) {
  const id = useId();
  const fail = useFailure();
  const [value, setValue] = useState(item.myRating === null ? "" : String(item.myRating));
  const [message, setMessage] = useState<string | null>(null);
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const rating = Number(value);
        if (value.trim() === "" || !Number.isInteger(rating) || rating < 0 || rating > 100) {
          setMessage(ANGOFF_MESSAGES.rating);
          return;
        }
        setMessage(null);
        call(rateItemEndpoint, { body: { itemId: item.itemId, version: item.version, rating } })
          .then(() => {
            setMessage("Saved.");
            onSaved();
          })
          .catch((err) => setMessage(fail(err)));
      }}
    >
      <label htmlFor={id} className="sr-only">
        Your rating of {item.itemId} (0 to 100)
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        className="w-20 rounded-md border border-slate-300 px-2 py-1"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-describedby={message ? `${id}-msg` : undefined}
      />
      <button type="submit" className="btn-outline px-3 py-1 text-sm">
        Save
      </button>
      {message && (
        <span id={`${id}-msg`} className="text-xs text-muted">
          {message}
        </span>
      )}
    </form>
  );
}

/** The decision on the passing score: the new score and the reason, recorded and audited (decision 0025). */
function DecisionForm({ study, onRecorded }: { study: CutScoreStudy; onRecorded: () => void }) {
  const fail = useFailure();
  const scoreId = useId();
  const reasonId = useId();
  const [score, setScore] = useState(String(study.publishedScore));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby="decision-title"
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        const passingScore = Number(score);
        if (!Number.isInteger(passingScore) || passingScore < 1 || passingScore > 100)
          return setError(ANGOFF_MESSAGES.passingScore);
        if (!reason.trim()) return setError(ANGOFF_MESSAGES.reason);
        setError(null);
        call(recordCutScoreDecisionEndpoint, { body: { certId: study.certId, passingScore, reason } })
          .then(({ decision }) => {
            setDone(`Decision ${decision.id} recorded: ${decision.passingScore}%.`);
            setReason("");
            onRecorded();
          })
          .catch((err) => setError(fail(err)));
      }}
    >
      <h2 id="decision-title" className="text-xl font-bold text-navy-900">
        Record a passing score decision
      </h2>
      <p className="text-sm text-muted">
        The decision is stored with its reason and audited. Candidates keep the published score until a release
        publishes the new one in the exam outline (document control).
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      {done && (
        <p role="status" className="font-semibold text-brand-800">
          {done}
        </p>
      )}
      <p className="flex flex-col gap-1">
        <label htmlFor={scoreId} className="font-semibold">
          Passing score (%)
        </label>
        <input
          id={scoreId}
          type="number"
          min={1}
          max={100}
          className="w-28 rounded-md border border-slate-300 px-2 py-1"
          value={score}
          onChange={(e) => setScore(e.target.value)}
        />
      </p>
      <p className="flex flex-col gap-1">
        <label htmlFor={reasonId} className="font-semibold">
          Reason
        </label>
        <textarea
          id={reasonId}
          rows={3}
          className="rounded-md border border-slate-300 px-2 py-1"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </p>
      <button type="submit" className="btn-primary">
        Record decision
      </button>
    </form>
  );
}

/** /staff/items/cut-score: the modified Angoff study beside the published passing score (issue 30.6). */
export default function CutScorePage() {
  const [certId, setCertId] = useState(bankExams[0]!.id);
  const { data, error, reload } = useLoad(
    () => call(cutScoreStudyEndpoint, { query: { certId: String(certId) } }),
    [certId],
  );
  const s = data?.study;
  // subject-matter experts rate; the passing score decision is staff's (decision 0025)
  const isSme = useAppSelector((st) => st.user?.role === "sme");
  const latest = s?.decisions[0];
  return (
    <StaffPage
      title="Cut-score study"
      intro="Modified Angoff: rate each item with the percentage of minimally competent candidates who would answer it correctly. The recommended cut score is the mean of the rated items' mean ratings."
    >
      <ExamPicker certId={certId} onChange={setCertId} />
      {error && <FormAlert>{error}</FormAlert>}
      {!s || s.certId !== certId ? (
        !error && <Loading what="the study" />
      ) : (
        <>
          <dl
            className="grid gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[auto_1fr]"
            data-testid="cut-score"
          >
            <dt className="font-semibold">Published passing score</dt>
            <dd>{s.publishedScore}%</dd>
            <dt className="font-semibold">Recommended cut score</dt>
            <dd>
              {s.recommended === null
                ? "No ratings yet"
                : `${s.recommended}% (${s.itemsRated} of ${s.itemsTotal} items rated, ${s.raters} ${s.raters === 1 ? "rater" : "raters"})`}
            </dd>
            <dt className="font-semibold">Latest decision</dt>
            <dd>
              {latest
                ? `${latest.passingScore}% on ${dateTime(latest.decidedAt)} by ${latest.decidedBy}${
                    latest.passingScore !== s.publishedScore ? " (awaiting publication)" : ""
                  }`
                : "None recorded"}
            </dd>
          </dl>
          {!isSme && <DecisionForm study={s} onRecorded={reload} />}
          {s.decisions.length > 0 && (
            <section aria-labelledby="decisions-title" className="space-y-2">
              <h2 id="decisions-title" className="text-xl font-bold text-navy-900">
                Decisions
              </h2>
              <ul className="space-y-2">
                {s.decisions.map((d) => (
                  <li key={d.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                    <p className="font-semibold">
                      {d.passingScore}% (published {d.publishedScore}%, recommended{" "}
                      {d.recommended === null ? "none" : `${d.recommended}%`}) · {dateTime(d.decidedAt)} · {d.decidedBy}
                    </p>
                    <p className="whitespace-pre-wrap">{d.reason}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="ratings-title" className="space-y-2">
            <h2 id="ratings-title" className="text-xl font-bold text-navy-900">
              Items ({s.itemsTotal} approved scored items)
            </h2>
            <div
              className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
              role="region"
              aria-labelledby="ratings-title"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
            >
              <table className="w-full min-w-[44rem] text-sm">
                <caption className="sr-only">Angoff ratings of each item</caption>
                <thead>
                  <tr className="text-left">
                    {["Item", "Domain", "Stem", "Ratings", "Mean", "Your rating"].map((h) => (
                      <th key={h} scope="col" className="p-2">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {s.items.map((i) => (
                    <tr key={`${i.itemId}@${i.version}`} className="border-t border-slate-100 align-top">
                      <th scope="row" className="p-2 text-left font-mono font-normal">
                        {i.itemId} v{i.version}
                      </th>
                      <td className="p-2">{i.domain}</td>
                      <td className="p-2">{i.stem}</td>
                      <td className="p-2">{i.ratings}</td>
                      <td className="p-2">{i.meanRating === null ? "—" : i.meanRating.toFixed(1)}</td>
                      <td className="p-2">
                        <RatingCell item={i} onSaved={reload} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </StaffPage>
  );
}
