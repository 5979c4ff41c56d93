import { Link } from "react-router";
import { AccountPage, Loading, Panel, useAccountData } from "~/components/account/AccountPage";
import { myResults } from "~/lib/api/credentials";
import { formatDay } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import type { ResultView } from "~/schemas/credentials";

export const meta = () =>
  pageMeta({ title: "My results", description: "Your exam results.", path: "/account/results", noindex: true });

const RESULT_LABELS = {
  pass: "Pass",
  fail: "Not passed",
  indeterminate: "Indeterminate (free retake issued)",
} as const;

function Results({ results }: { results: ResultView[] }) {
  if (results.length === 0)
    return (
      <p className="text-muted">
        No results yet. Once you sit an exam, its result appears here and we e-mail you.{" "}
        <Link to="/account/exams" className="link">
          See my exams
        </Link>
        .
      </p>
    );
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div className="overflow-x-auto" role="region" aria-label="Your exam results" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your exam results</caption>
        <thead>
          <tr className="border-b-2 border-navy-900">
            <th scope="col" className="p-2">
              Exam
            </th>
            <th scope="col" className="p-2">
              Date
            </th>
            <th scope="col" className="p-2">
              Score
            </th>
            <th scope="col" className="p-2">
              Passing score
            </th>
            <th scope="col" className="p-2">
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr key={r.id} className="border-b border-slate-200" data-result={r.result}>
              <td className="p-2">{r.examTitle}</td>
              <td className="p-2">{formatDay(r.takenOn)}</td>
              <td className="p-2">{r.scorePercent === null ? "—" : `${r.scorePercent}%`}</td>
              <td className="p-2">{r.passingScore}</td>
              <td className="p-2 font-semibold">{RESULT_LABELS[r.result]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AccountResults() {
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
      {({ token }) => <ResultsPanel token={token} />}
    </AccountPage>
  );
}

function ResultsPanel({ token }: { token: string | null }) {
  const state = useAccountData(myResults, token);
  return (
    <Panel id="results-title" title="Exam results">
      <Loading state={state} what="results">
        {(d) => <Results results={d.results} />}
      </Loading>
    </Panel>
  );
}
