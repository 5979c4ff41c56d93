import { createColumnHelper } from "@tanstack/react-table";
import { useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { FileField } from "~/forms/file-field";
import { FormField } from "~/forms/form-field";
import { useSubmitForm, type FormStatus } from "~/forms/useSubmitForm";
import { DataTable } from "~/components/staff/DataTable";
import { StaffPage, staffMeta, useFailure } from "~/components/staff/StaffConsole";
import { day, label, plural } from "~/lib/staff-format";
import { call } from "~/lib/api/client";
import {
  importResultsEndpoint,
  importResultsSchema,
  IMPORT_MAX_ROWS,
  recordResultEndpoint,
  RESULT_MESSAGES,
  type ImportRow,
  type RecordedResult,
} from "~/schemas/staff";
import { z } from "~/schemas/zod";

export const meta = () => staffMeta("Results", "/staff/results");

/** The form holds the score as text; it becomes a number (or indeterminate) when sent. */
const formSchema = z
  .object({
    voucherCode: z.string().check(z.trim(), z.minLength(1, RESULT_MESSAGES.voucher)),
    takenOn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, RESULT_MESSAGES.date)),
    score: z.string(),
    indeterminate: z.boolean(),
  })
  .check(
    z.refine((v) => v.indeterminate || (/^\d{1,3}(\.\d+)?$/.test(v.score.trim()) && Number(v.score) <= 100), {
      message: RESULT_MESSAGES.score,
      path: ["score"],
    }),
  );
type FormValues = z.infer<typeof formSchema>;

function describe(r: RecordedResult): string {
  const who = `${r.candidate}, ${r.examTitle}`;
  if (r.result === "pass")
    return `Pass recorded for ${who}. Certification ${r.credentialId} is issued and the holder was e-mailed.`;
  if (r.result === "indeterminate")
    return `Indeterminate score recorded for ${who}. The free retake voucher ${r.freeRetakeVoucher} was e-mailed.`;
  return `Fail (${r.scorePercent}%) recorded for ${who}; the candidate was e-mailed.`;
}

function SingleResult() {
  const fail = useFailure();
  const single = useSubmitForm({
    schema: formSchema,
    defaultValues: { voucherCode: "", takenOn: new Date().toISOString().slice(0, 10), score: "", indeterminate: false },
    send: (v: FormValues) =>
      call(recordResultEndpoint, {
        body: {
          voucherCode: v.voucherCode,
          takenOn: v.takenOn,
          ...(v.indeterminate ? { indeterminate: true } : { scorePercent: Number(v.score) }),
        },
      }),
    done: ({ recorded }, v, form) => {
      form.reset({ ...v, voucherCode: "", score: "", indeterminate: false });
      return describe(recorded);
    },
    // the server names the score it was sent; the form holds it as text
    serverFields: ({ scorePercent, ...fields }) => (scorePercent ? { ...fields, score: scorePercent } : fields),
    failure: fail,
  });
  const indeterminate = useWatch({ control: single.form.control, name: "indeterminate" });
  return (
    <section aria-labelledby="single-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="single-title" className="text-xl font-bold text-navy-900">
        Record one result
      </h2>
      <form {...single.formProps} className="mt-3 grid gap-4 md:grid-cols-3" aria-labelledby="single-title">
        <FormField label="Voucher code" {...single.field("voucherCode")} />
        <FormField label="Exam date" type="date" {...single.field("takenOn")} />
        <FormField
          label="Score (percent correct)"
          inputMode="decimal"
          {...single.field("score", { disabled: indeterminate })}
        />
        <label className="flex items-center gap-2 md:col-span-3">
          <input type="checkbox" className="size-5" {...single.form.register("indeterminate")} />
          The score is indeterminate (the candidate gets a free retake)
        </label>
        <div className="md:col-span-3">
          <button type="submit" className="btn-primary" disabled={single.submitting}>
            {single.submitting ? "Recording…" : "Record result"}
          </button>
        </div>
      </form>
      {single.alert && <div className="mt-4">{single.alert}</div>}
    </section>
  );
}

const col = createColumnHelper<ImportRow>();
const columns = [
  col.accessor("line", { header: "Line" }),
  col.accessor("voucherCode", { header: "Voucher", cell: (c) => <span className="font-mono">{c.getValue()}</span> }),
  col.accessor("takenOn", { header: "Date", cell: (c) => day(c.getValue()) }),
  col.accessor("score", { header: "Score" }),
  col.accessor("candidate", { header: "Candidate" }),
  col.accessor((r) => r.error ?? (r.outcome ? `Will record: ${label(r.outcome)}` : ""), {
    id: "check",
    header: "Check",
    cell: (c) =>
      c.row.original.error ? (
        <span className="font-semibold text-red-800">Error: {c.row.original.error}</span>
      ) : (
        c.getValue()
      ),
  }),
];

/** The import form checks the pasted or loaded rows; the file input only fills them in. */
const importFormSchema = z.object({ csv: importResultsSchema.shape.csv });
interface ImportValues {
  csv: string;
  file: FileList | null;
}

function CsvImport() {
  const fail = useFailure();
  const [preview, setPreview] = useState<{ rows: ImportRow[]; errors: number } | null>(null);
  // which button sent the form: "Check the file" (false) or "Record the results" (true)
  const commit = useRef(false);
  const upload = useSubmitForm({
    schema: importFormSchema as unknown as z.ZodMiniType<ImportValues, ImportValues>,
    defaultValues: { csv: "", file: null } as ImportValues,
    send: ({ csv }) => call(importResultsEndpoint, { body: { csv, commit: commit.current } }),
    done: (res, _values, form): FormStatus => {
      if (commit.current && res.errors === 0) {
        setPreview(null);
        form.reset({ csv: "", file: null });
        return { ok: true, text: `${res.committed.length} results recorded. ${res.committed.map(describe).join(" ")}` };
      }
      setPreview(res);
      if (res.errors > 0)
        return {
          ok: false,
          text: `${res.errors} of ${res.rows.length} rows have errors; correct the file and check it again. Nothing was recorded.`,
        };
      return { ok: true, text: `All ${res.rows.length} rows can be recorded.` };
    },
    failure: (e) => {
      setPreview(null);
      return fail(e);
    },
  });
  const csv = useWatch({ control: upload.form.control, name: "csv" });
  const busy = upload.submitting;
  return (
    <section
      aria-labelledby="import-title"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="import-title" className="text-xl font-bold text-navy-900">
        Import results from a CSV file
      </h2>
      <form {...upload.formProps} className="space-y-4" aria-labelledby="import-title">
        <FileField
          label="CSV file"
          accept=".csv,text/csv"
          {...upload.field("file", {
            onChange: async (e: { target: HTMLInputElement }) => {
              const file = e.target.files?.[0];
              if (file) {
                upload.form.setValue("csv", await file.text(), { shouldValidate: false });
                setPreview(null);
              }
            },
          })}
        />
        <FormField
          label="Or paste the rows"
          multiline
          rows={6}
          mono
          hint={
            <>
              The first line is the header <code>voucher,date,score</code>; then one row per voucher, with the exam date
              as 2026-01-31 and the score as a percentage or the word <code>indeterminate</code>. At most{" "}
              {IMPORT_MAX_ROWS} rows. Check the file first: nothing is recorded until every row is valid.
            </>
          }
          {...upload.field("csv", { onChange: () => setPreview(null) })}
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            className="btn-outline"
            disabled={busy || !csv.trim()}
            onClick={() => (commit.current = false)}
          >
            Check the file
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={busy || !preview || preview.errors > 0}
            onClick={() => (commit.current = true)}
          >
            {preview && preview.errors === 0
              ? `Record the ${preview.rows.length} ${plural(preview.rows.length, "result", "results")} of the file`
              : "Record the results of the file"}
          </button>
        </div>
      </form>
      {upload.alert}
      {preview && <DataTable caption="Rows of the file, as checked" columns={columns} data={preview.rows} />}
    </section>
  );
}

export default function Results() {
  return (
    <StaffPage
      title="Results"
      intro="Record exam results by voucher. A pass issues the certification at once and e-mails it to the holder; an indeterminate score gives a free retake."
    >
      <SingleResult />
      <CsvImport />
    </StaffPage>
  );
}
