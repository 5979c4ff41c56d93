import { useId, useState } from "react";
import { examsWithDetails } from "~/data/exams";
import { FormAlert } from "~/forms/form-alert";
import { Loading, useLoad } from "~/components/staff/StaffConsole";

/** The exams the engine delivers (those with a weights table), for the bank pages' exam choice. */
export const bankExams = examsWithDetails.filter((e) => e.details.weights.length > 0);

/** A labelled choice of exam; the page loads the chosen exam's figures. */
function ExamPicker({ certId, onChange }: { certId: number; onChange: (certId: number) => void }) {
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

/**
 * What a bank page shows of one exam at a time: the exam picker, then the chosen exam's figures (`load`, again
 * whenever another exam is chosen) once the answer for that exam is in, or the failure in their place. `what`
 * names them while they load ("the study"); `children` shows them, with `reload` for a change made there.
 */
export function ExamFigures<T extends { certId: number }>({
  what,
  load,
  children,
}: {
  what: string;
  load: (certId: number) => Promise<T>;
  children: (figures: T, reload: () => void) => React.ReactNode;
}) {
  const [certId, setCertId] = useState(bankExams[0]!.id);
  const { data, error, reload } = useLoad(() => load(certId), [certId]);
  return (
    <>
      <ExamPicker certId={certId} onChange={setCertId} />
      {error && <FormAlert>{error}</FormAlert>}
      {!data || data.certId !== certId ? !error && <Loading what={what} /> : children(data, reload)}
    </>
  );
}
