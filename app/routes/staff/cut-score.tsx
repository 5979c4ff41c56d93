import { useId } from "react";
import { FormField } from "~/forms/form-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { z } from "~/schemas/zod";
import { ExamFigures } from "~/components/staff/bank/ExamPicker";
import { ItemTable } from "~/components/staff/bank/ItemTable";
import { StaffPage, staffMeta, useFailure } from "~/components/staff/StaffConsole";
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

/** A whole percentage typed in a field (the form holds text; it is sent as a number). */
const percentText = (min: number, message: string) =>
  z.string().check(z.refine((v) => /^\s*\d{1,3}\s*$/.test(v) && Number(v) >= min && Number(v) <= 100, message));
const ratingFormSchema = z.object({ rating: percentText(0, ANGOFF_MESSAGES.rating) });
const decisionFormSchema = z.object({
  passingScore: percentText(1, ANGOFF_MESSAGES.passingScore),
  reason: z.string().check(z.refine((v) => v.trim() !== "", ANGOFF_MESSAGES.reason)),
});

/** One item's rating: the rater's own value (0-100) and a save button, labelled with the item's id. */
function RatingCell({ item, onSaved }: { item: CutScoreStudy["items"][number]; onSaved: () => void }) {
  const id = useId();
  const fail = useFailure();
  const rate = useSubmitForm({
    schema: ratingFormSchema,
    defaultValues: { rating: item.myRating === null ? "" : String(item.myRating) },
    send: ({ rating }) =>
      call(rateItemEndpoint, { body: { itemId: item.itemId, version: item.version, rating: Number(rating) } }),
    done: () => {
      onSaved();
      return "Saved.";
    },
    failure: fail,
  });
  // a table cell has room for one short line: the field's error or the form's status, beside the button
  const { registration, error } = rate.field("rating");
  const message = error?.message ?? rate.status?.text;
  return (
    <form {...rate.formProps} className="flex flex-wrap items-center gap-2">
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
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-msg` : undefined}
        {...registration}
      />
      <button type="submit" className="btn-outline px-3 py-1 text-sm" disabled={rate.submitting}>
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
  const decide = useSubmitForm({
    schema: decisionFormSchema,
    defaultValues: { passingScore: String(study.publishedScore), reason: "" },
    send: ({ passingScore, reason }) =>
      call(recordCutScoreDecisionEndpoint, {
        body: { certId: study.certId, passingScore: Number(passingScore), reason },
      }),
    done: ({ decision }, values, form) => {
      form.reset({ ...values, reason: "" });
      onRecorded();
      return `Decision ${decision.id} recorded: ${decision.passingScore}%.`;
    },
    failure: fail,
  });
  return (
    <form
      {...decide.formProps}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby="decision-title"
    >
      <h2 id="decision-title" className="text-xl font-bold text-navy-900">
        Record a passing score decision
      </h2>
      <p className="text-sm text-muted">
        The decision is stored with its reason and audited. Candidates keep the published score until a release
        publishes the new one in the exam outline (document control).
      </p>
      <FormField label="Passing score (%)" type="number" inputMode="numeric" {...decide.field("passingScore")} />
      <FormField label="Reason" multiline rows={3} {...decide.field("reason")} />
      {decide.alert}
      <button type="submit" className="btn-primary" disabled={decide.submitting}>
        Record decision
      </button>
    </form>
  );
}

/** /staff/items/cut-score: the modified Angoff study beside the published passing score (issue 30.6). */
export default function CutScorePage() {
  // subject-matter experts rate; the passing score decision is staff's (decision 0025)
  const isSme = useAppSelector((st) => st.user?.role === "sme");
  return (
    <StaffPage
      title="Cut-score study"
      intro="Modified Angoff: rate each item with the percentage of minimally competent candidates who would answer it correctly. The recommended cut score is the mean of the rated items' mean ratings."
    >
      <ExamFigures
        what="the study"
        load={(certId) => call(cutScoreStudyEndpoint, { query: { certId: String(certId) } }).then((r) => r.study)}
      >
        {(s, reload) => {
          const latest = s.decisions[0];
          return (
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
                          {d.recommended === null ? "none" : `${d.recommended}%`}) · {dateTime(d.decidedAt)} ·{" "}
                          {d.decidedBy}
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
                <ItemTable
                  label="Ratings table, scrolls sideways"
                  caption="Angoff ratings of each item"
                  columns={["Domain", "Stem", "Ratings", "Mean", "Your rating"]}
                  items={s.items}
                  minWidth="min-w-[44rem]"
                  cells={(i) => (
                    <>
                      <td className="p-2">{i.domain}</td>
                      <td className="p-2">{i.stem}</td>
                      <td className="p-2">{i.ratings}</td>
                      <td className="p-2">{i.meanRating === null ? "—" : i.meanRating.toFixed(1)}</td>
                      <td className="p-2">
                        <RatingCell item={i} onSaved={reload} />
                      </td>
                    </>
                  )}
                />
              </section>
            </>
          );
        }}
      </ExamFigures>
    </StaffPage>
  );
}
