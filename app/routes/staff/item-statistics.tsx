import { bankExams, ExamFigures } from "~/components/staff/bank/ExamPicker";
import { ItemTable } from "~/components/staff/bank/ItemTable";
import { ScoreDistribution } from "~/components/staff/bank/ScoreDistribution";
import { StaffPage, staffMeta } from "~/components/staff/StaffConsole";
import { call } from "~/lib/api/client";
import { bankStatisticsEndpoint, type ItemStatisticsView } from "~/schemas/bank";

export const meta = () => staffMeta("Item statistics", "/staff/items/statistics");

const LETTERS = ["A", "B", "C", "D", "E", "F"];
const FLAG_TEXT: Record<ItemStatisticsView["flags"][number], string> = {
  low_p: "p below 0.2",
  high_p: "p above 0.95",
  negative_point_biserial: "negative point-biserial",
};

const fixed = (v: number | null, digits = 2) => (v === null ? "—" : v.toFixed(digits));
const pct = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(1)}%`);

/** /staff/items/statistics: an exam's item and form statistics from its scored sittings (issue 30.4). */
export default function ItemStatisticsPage() {
  return (
    <StaffPage
      title="Item statistics"
      intro="Computed from every scored sitting when the page loads. Items with p below 0.2 or above 0.95, or a negative corrected point-biserial, are flagged for review."
    >
      <ExamFigures
        what="the statistics"
        load={(certId) => call(bankStatisticsEndpoint, { query: { certId: String(certId) } }).then((r) => r.statistics)}
      >
        {(s) => {
          const exam = bankExams.find((e) => e.id === s.certId)!;
          const flagged = s.items.filter((i) => i.flags.length > 0).length;
          return (
            <>
              <section aria-labelledby="exam-stats" className="space-y-2">
                <h2 id="exam-stats" className="text-xl font-bold text-navy-900">
                  {exam.title}
                </h2>
                <dl
                  className="grid gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[auto_1fr]"
                  data-testid="exam-statistics"
                >
                  <dt className="font-semibold">Scored sittings</dt>
                  <dd>{s.sittings}</dd>
                  <dt className="font-semibold">Forms drawn</dt>
                  <dd>{s.forms}</dd>
                  <dt className="font-semibold">Scored items per form</dt>
                  <dd>{fixed(s.scoredItems, 1)}</dd>
                  <dt className="font-semibold">Mean score (items)</dt>
                  <dd>{fixed(s.meanScore, 3)}</dd>
                  <dt className="font-semibold">Standard deviation (items)</dt>
                  <dd>{fixed(s.sdScore, 3)}</dd>
                  <dt className="font-semibold">KR-20 reliability</dt>
                  <dd>{fixed(s.kr20, 3)}</dd>
                  <dt className="font-semibold">Standard error of measurement (items)</dt>
                  <dd>{fixed(s.sem, 3)}</dd>
                  <dt className="font-semibold">Pass rate</dt>
                  <dd>{pct(s.passRate)}</dd>
                </dl>
              </section>
              <ScoreDistribution bins={s.distribution} passing={Number(exam.details.passingScore.replace("%", ""))} />
              <section aria-labelledby="item-stats" className="space-y-2">
                <h2 id="item-stats" className="text-xl font-bold text-navy-900">
                  Items ({s.items.length} delivered, {flagged} flagged for review)
                </h2>
                <ItemTable
                  label="Item statistics table, scrolls sideways"
                  caption="Statistics of each delivered item version"
                  columns={["Domain", "Answers", "p", "Point-biserial", "Options chosen", "Exposure", "Review"]}
                  items={s.items}
                  minWidth="min-w-[48rem]"
                  testId="item-statistics"
                  note={(i) => (i.pretest ? <span className="block font-sans text-xs text-muted">pretest</span> : null)}
                  cells={(i) => (
                    <>
                      <td className="p-2">{i.domain}</td>
                      <td className="p-2">{i.n}</td>
                      <td className="p-2">{fixed(i.p, 3)}</td>
                      <td className="p-2">{fixed(i.pointBiserial, 3)}</td>
                      <td className="p-2">
                        {i.optionShares.map((v, k) => `${LETTERS[k]} ${pct(v)}`).join(", ")}
                        {i.omitted > 0 ? `, none ${pct(i.omitted)}` : ""}
                      </td>
                      <td className="p-2">
                        {pct(i.exposure)} ({i.forms})
                      </td>
                      <td className="p-2 font-semibold text-red-700">{i.flags.map((f) => FLAG_TEXT[f]).join("; ")}</td>
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
