import { Link } from "~/lib/router";
import { AccountPage, Loading, Panel, useAccountData, NothingYet } from "~/components/account/AccountPage";
import { call } from "~/lib/api/client";
import { formatDay } from "~/lib/dates";
import { myResultsEndpoint, type ResultView } from "~/schemas/credentials";
import { Cell, ScrollTable } from "~/components/ScrollTable";

const RESULT_LABELS = {
  pass: "Pass",
  fail: "Not passed",
  indeterminate: "Indeterminate (free retake issued)",
} as const;

function Results({ results }: { results: ResultView[] }) {
  if (results.length === 0)
    return (
      <NothingYet
        text="No results yet. Once you sit an exam, its result appears here and we e-mail you."
        to="/account/exams"
        link="See my exams"
      />
    );
  return (
    <ScrollTable caption="Your exam results" columns={["Exam", "Date", "Score", "Passing score", "Result"]}>
      {results.map((r) => (
        <tr key={r.id} className="border-b border-slate-200" data-result={r.result}>
          <Cell label="Exam">{r.examTitle}</Cell>
          <Cell label="Date">{formatDay(r.takenOn)}</Cell>
          <Cell label="Score">{r.scorePercent === null ? "—" : `${r.scorePercent}%`}</Cell>
          <Cell label="Passing score">{r.passingScore}</Cell>
          <Cell label="Result" className="font-semibold">
            {RESULT_LABELS[r.result]}
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** /account/results: the exam results. The route serves it as an island. */
export function AccountResults() {
  return (
    <AccountPage
      title="My results"
      path="/account/results"
      intro={
        <p>
          A result can be appealed under the{" "}
          <Link to="/policy/appeal-process-policy" className="link">
            appeal process policy
          </Link>{" "}
          from{" "}
          <Link to="/account/requests" className="link">
            My requests
          </Link>
          . Retakes follow the{" "}
          <Link to="/testing/retesting-policy" className="link">
            retesting policy
          </Link>
          .
        </p>
      }
    >
      {() => <ResultsPanel />}
    </AccountPage>
  );
}

function ResultsPanel() {
  const state = useAccountData(() => call(myResultsEndpoint, {}));
  return (
    <Panel id="results-title" title="Exam results">
      <Loading state={state} what="results">
        {(d) => <Results results={d.results} />}
      </Loading>
    </Panel>
  );
}
