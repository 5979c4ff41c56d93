import { useId } from "react";
import { examsWithDetails } from "~/data/exams";

/** The exams the engine delivers (those with a weights table), for the bank pages' exam choice. */
export const bankExams = examsWithDetails.filter((e) => e.details.weights.length > 0);

/** A labelled choice of exam; the page loads the chosen exam's figures. */
export function ExamPicker({ certId, onChange }: { certId: number; onChange: (certId: number) => void }) {
  const id = useId();
  return (
    <p className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="font-semibold">
        Exam
      </label>
      <select
        id={id}
        className="w-full max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 sm:w-auto"
        value={certId}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {bankExams.map((e) => (
          <option key={e.id} value={e.id}>
            {e.title}
          </option>
        ))}
      </select>
    </p>
  );
}
