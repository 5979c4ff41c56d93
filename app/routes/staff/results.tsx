import { zodResolver } from "@hookform/resolvers/zod";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { FormAlert } from "~/forms/form-alert";
import { FormField } from "~/forms/form-field";
import { DataTable } from "~/components/staff/DataTable";
import { StaffPage, staffMeta, useFailure } from "~/components/staff/StaffConsole";
import { day, label, plural } from "~/lib/staff-format";
import { ApiError, call } from "~/lib/api/client";
import {
  importResultsEndpoint,
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
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { voucherCode: "", takenOn: new Date().toISOString().slice(0, 10), score: "", indeterminate: false },
  });
  const indeterminate = useWatch({ control, name: "indeterminate" });
  const onSubmit = async (v: FormValues) => {
    setStatus(null);
    try {
      const { recorded } = await call(recordResultEndpoint, {
        body: {
          voucherCode: v.voucherCode,
          takenOn: v.takenOn,
          ...(v.indeterminate ? { indeterminate: true } : { scorePercent: Number(v.score) }),
        },
      });
      reset({ ...v, voucherCode: "", score: "", indeterminate: false });
      setStatus({ ok: true, text: describe(recorded) });
    } catch (e) {
      if (e instanceof ApiError && e.body.fields)
        for (const [k, m] of Object.entries(e.body.fields))
          setError((k === "scorePercent" ? "score" : k) as keyof FormValues, { message: m });
      setStatus({ ok: false, text: fail(e) });
    }
  };
  return (
    <section aria-labelledby="single-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="single-title" className="text-xl font-bold text-navy-900">
        Record one result
      </h2>
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="mt-3 grid gap-4 md:grid-cols-3"
        aria-labelledby="single-title"
      >
        <FormField label="Voucher code" registration={register("voucherCode")} error={errors.voucherCode} />
        <FormField label="Exam date" type="date" registration={register("takenOn")} error={errors.takenOn} />
        <FormField
          label="Score (percent correct)"
          inputMode="decimal"
          registration={register("score", { disabled: indeterminate })}
          error={errors.score}
        />
        <label className="flex items-center gap-2 md:col-span-3">
          <input type="checkbox" className="size-5" {...register("indeterminate")} />
          The score is indeterminate (the candidate gets a free retake)
        </label>
        <div className="md:col-span-3">
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? "Recording…" : "Record result"}
          </button>
        </div>
      </form>
      {status && (
        <div className="mt-4">
          <FormAlert tone={status.ok ? "success" : "error"}>{status.text}</FormAlert>
        </div>
      )}
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

function CsvImport() {
  const fail = useFailure();
  const [csv, setCsv] = useState("");
  const [preview, setPreview] = useState<{ rows: ImportRow[]; errors: number } | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (commit: boolean) => {
    setBusy(true);
    setStatus(null);
    try {
      const res = await call(importResultsEndpoint, { body: { csv, commit } });
      setPreview(res);
      if (commit && res.errors === 0) {
        setStatus({
          ok: true,
          text: `${res.committed.length} results recorded. ${res.committed.map(describe).join(" ")}`,
        });
        setPreview(null);
        setCsv("");
      } else if (res.errors > 0)
        setStatus({
          ok: false,
          text: `${res.errors} of ${res.rows.length} rows have errors; correct the file and check it again. Nothing was recorded.`,
        });
      else setStatus({ ok: true, text: `All ${res.rows.length} rows can be recorded.` });
    } catch (e) {
      setPreview(null);
      setStatus({ ok: false, text: fail(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="import-title"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="import-title" className="text-xl font-bold text-navy-900">
        Import results from a CSV file
      </h2>
      <p id="import-hint" className="text-sm text-muted">
        The first line is the header <code>voucher,date,score</code>; then one row per voucher, with the exam date as
        2026-01-31 and the score as a percentage or the word <code>indeterminate</code>. At most {IMPORT_MAX_ROWS} rows.
        Check the file first: nothing is recorded until every row is valid.
      </p>
      <label className="block font-semibold text-navy-900">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block text-sm font-normal"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) {
              setCsv(await file.text());
              setPreview(null);
            }
          }}
        />
      </label>
      <label className="block font-semibold text-navy-900">
        Or paste the rows
        <textarea
          value={csv}
          onChange={(e) => {
            setCsv(e.target.value);
            setPreview(null);
          }}
          rows={6}
          aria-describedby="import-hint"
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 font-mono text-sm font-normal"
        />
      </label>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-outline" disabled={busy || !csv.trim()} onClick={() => run(false)}>
          Check the file
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={busy || !preview || preview.errors > 0}
          onClick={() => run(true)}
        >
          {preview && preview.errors === 0
            ? `Record the ${preview.rows.length} ${plural(preview.rows.length, "result", "results")} of the file`
            : "Record the results of the file"}
        </button>
      </div>
      {status && <FormAlert tone={status.ok ? "success" : "error"}>{status.text}</FormAlert>}
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
