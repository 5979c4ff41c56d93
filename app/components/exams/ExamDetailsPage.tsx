import { certificationById, NO_PREREQUISITES_TEXT, RECERTIFICATION_TEXT, weightTotals } from "~/data/exams";
import { Link } from "~/lib/router";
import { usePurchaseDialog } from "./usePurchaseDialog";
import { WeightsChart } from "./WeightsChart";

/**
 * An exam's outline page (routes/exam-details.tsx): its facts, topics and domain weights, and two Buy Exam
 * buttons that open the purchase dialog (which reads the signed-in candidate from the store). On a page
 * served as islands (app/islands) the whole page is one island: both buttons share the dialog.
 */
export function ExamDetailsPage({ certId }: { certId: number }) {
  const c = certificationById(certId);
  const { buy, dialog } = usePurchaseDialog();
  if (!c?.details) return null;
  const det = c.details;
  const info: [string, string][] = [
    ["Length", det.length],
    ["Number of items", String(det.items)],
    ["Item format", det.itemFormat],
    ["Passing score", det.passingScore],
    ["Language", det.language],
    ["Testing options", det.testingOptions],
  ];
  const slug = (c.learnMore ?? "").replace(/\W+/g, "");
  const totals = weightTotals(det.weights);

  return (
    <>
      <section className="bg-navy-900 text-white" aria-labelledby="exam-h1">
        <div className="container-page py-14 md:py-20">
          <p className="text-sm font-bold tracking-widest text-gold-300 uppercase">Exam outline</p>
          <h1 id="exam-h1" className="mt-2 max-w-4xl text-4xl leading-tight font-extrabold sm:text-5xl">
            {c.title}
          </h1>
          <p className="mt-4 text-lg text-navy-100">
            {c.nonMemberPrice} (non-member) · {det.length} · {det.items} items
          </p>
          <div className="mt-7 flex flex-wrap gap-4">
            <button type="button" className="btn-gold" onClick={() => buy(c.id)}>
              Buy Exam
            </button>
            <Link
              to="/testing-options"
              className="btn border-2 border-white text-white hover:bg-white hover:text-navy-900"
            >
              Testing options
            </Link>
          </div>
        </div>
      </section>

      <div className="container-page grid gap-12 py-14 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="about-exam">
          <h2 id="about-exam" className="text-3xl font-bold text-navy-900">
            About the exam
          </h2>
          <p className="mt-4 text-lg leading-relaxed">{det.about}</p>
          <p className="mt-3 leading-relaxed">
            {NO_PREREQUISITES_TEXT} {RECERTIFICATION_TEXT}
          </p>
          <h2 id="topics" className="mt-10 text-2xl font-bold text-navy-900">
            Topics covered
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-6">
            {det.topics.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="exam-info">
          <h2 id="exam-info" className="text-2xl font-bold text-navy-900">
            Exam information
          </h2>
          <table className="mt-4 w-full border-collapse text-left" data-info-table="">
            <caption className="sr-only">Exam information for the {c.title}</caption>
            <tbody>
              {info.map(([k, v]) => (
                <tr key={k} className="border-b border-slate-200">
                  <th scope="row" className="py-2.5 pr-4 font-semibold text-navy-900">
                    {k}
                  </th>
                  <td className="py-2.5">{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4">
            Read how online proctored testing works on the{" "}
            <Link to="/testing-options" className="link">
              testing options page
            </Link>
            .
          </p>
        </section>
      </div>

      <section className="bg-navy-50 py-14" aria-labelledby="weights-title">
        <div className="container-page">
          <h2 id="weights-title" className="text-3xl font-bold text-navy-900">
            Domains and weights
          </h2>
          <p className="mt-3 max-w-3xl">
            Each domain's share of the exam, with the tasks a certified candidate can perform. The recommended numbers
            are the outline's guidance for how the {det.items} items are spread.
          </p>
          <div className="mt-8 grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
            {/* A scrolling region must be keyboard focusable so the whole table can be reached. */}
            {/* On a phone each domain is a card naming its columns (.table-stack in app.css), so no column is cut off. */}
            <div
              className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              role="region"
              aria-label="Domain weights table"
            >
              <table className="table-stack w-full border-collapse text-left text-sm" data-weights-table="">
                <caption className="sr-only">Domain weights and tasks of the {c.title}</caption>
                <thead>
                  <tr className="bg-navy-900 text-white">
                    <th scope="col" className="p-2 sm:p-3">
                      Domain
                    </th>
                    <th scope="col" className="p-2 sm:p-3">
                      Tasks
                    </th>
                    <th scope="col" className="w-20 p-2 text-right text-xs sm:w-32 sm:p-3 sm:text-sm">
                      Recommended % of Test
                    </th>
                    <th scope="col" className="w-20 p-2 text-right text-xs sm:w-32 sm:p-3 sm:text-sm">
                      Recommended Number of Questions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {det.weights.map((w) => (
                    <tr key={w.title} className="border-b border-slate-200 align-top">
                      <th scope="row" className="p-2 font-semibold break-words text-navy-900 sm:p-3">
                        {w.title}
                      </th>
                      <td className="p-2 sm:p-3" data-label="Tasks">
                        <ul className="list-disc space-y-1 pl-4">
                          {w.tasks.map((t) => (
                            <li key={t}>{t}</li>
                          ))}
                        </ul>
                      </td>
                      <td className="p-2 tabular-nums sm:p-3 sm:text-right" data-label="Recommended % of Test">
                        {w.percent}%
                      </td>
                      <td
                        className="p-2 tabular-nums sm:p-3 sm:text-right"
                        data-label="Recommended Number of Questions"
                      >
                        {w.questions}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <WeightsChart weights={det.weights} examName={c.title} id={`chart-${slug}`} />
          </div>
          <p className="mt-4 max-w-3xl text-sm" data-weights-note="">
            {`The figures are as published in the exam outline: the percentages add up to ${totals.percent}% and the recommended numbers of questions to ${totals.questions}.`}
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <button type="button" className="btn-primary" onClick={() => buy(c.id)}>
              Buy Exam
            </button>
            <Link to="/credentials" className="btn-outline">
              All credentials
            </Link>
          </div>
        </div>
      </section>
      {dialog}
    </>
  );
}
