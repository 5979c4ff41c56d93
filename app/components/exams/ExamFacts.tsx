import { useId } from "react";
import { PRETEST_ITEMS } from "~/data/exam-delivery";
import { commonPrice, EXAM_MINUTES, examFormat, examsWithDetails, RECERTIFICATION_YEARS } from "~/data/exams";

/**
 * Exam facts for MDX pages, read from app/data/exams.ts so that a page never types a number the
 * data module holds (app/content/facts-once.test.ts fails when one is typed).
 * Import them in an MDX file: `import { ExamLength } from "~/components/exams/ExamFacts";`.
 */

/**
 * "90 minutes"; `plusMinutes={30}` gives the time with an extension ("120 minutes"), `adjective`
 * the form before a noun ("90-minute").
 */
export function ExamLength({ plusMinutes = 0, adjective = false }: { plusMinutes?: number; adjective?: boolean }) {
  const minutes = EXAM_MINUTES + plusMinutes;
  return <>{adjective ? `${minutes}-minute` : `${minutes} minutes`}</>;
}

/** "90" (items per exam) */
export function ExamItems() {
  return <>{examFormat.items}</>;
}

/** "5" (unscored pretest items on every form) */
export function PretestItems() {
  return <>{PRETEST_ITEMS}</>;
}

/** "85" (the items of a form that count towards the score when it carries its pretest items) */
export function ScoredItems() {
  return <>{examFormat.items - PRETEST_ITEMS}</>;
}

/** "$999.00" (the price every exam shares) */
export function ExamPrice() {
  return <>{commonPrice()}</>;
}

/** "3" (years a certification is valid) */
export function RecertificationYears() {
  return <>{RECERTIFICATION_YEARS}</>;
}

/** The passing score of each exam that has one, as a table. */
export function PassingScores() {
  const id = useId();
  return (
    // A scrolling region must be keyboard focusable so the whole table can be reached.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>Passing score of each exam</caption>
        <thead>
          <tr>
            <th scope="col">Exam</th>
            <th scope="col">Passing score</th>
          </tr>
        </thead>
        <tbody>
          {examsWithDetails.map((c) => (
            <tr key={c.slug}>
              <th scope="row">{c.shortName}</th>
              <td>{c.details.passingScore}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
