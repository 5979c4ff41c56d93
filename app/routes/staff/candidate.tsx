import { createColumnHelper, type ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { useParams } from "react-router";
import { FormAlert } from "~/forms/form-alert";
import { FormField } from "~/forms/form-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { DataTable } from "~/components/staff/DataTable";
import { actionColumn, codeCell, dateTimeCell, dayCell, labelCell } from "~/components/staff/Columns";
import { refundColumn } from "~/components/staff/RefundButton";
import { Loading, StaffPage, staffMeta, useFailure, useLoad } from "~/components/staff/StaffConsole";
import { day, label, money } from "~/lib/staff-format";
import { APPEAL_HOURS } from "~/data/program-rules";
import {
  candidateEndpoint,
  invalidateCertificationEndpoint,
  reinstateCertificationEndpoint,
  type CandidateDetail,
  type CertificationRowView,
  type OrderRow,
  type RequestRow,
} from "~/schemas/staff";
import { Paragraphs } from "~/components/Paragraphs";
import { call } from "~/lib/api/client";
import { Link } from "react-router";
import type { ResponseOf } from "~/schemas/endpoint";
import { staffSittingsEndpoint } from "~/schemas/exam";

export const meta = () => staffMeta("Candidate", "/staff/candidates");

type Voucher = CandidateDetail["vouchers"][number];
type Attempt = CandidateDetail["attempts"][number];
type SittingRow = ResponseOf<typeof staffSittingsEndpoint>["sittings"][number];

/** A decision on a certification that staff take with a reason: a button that opens the reason's form. */
function ReasonedAction({
  label,
  reasonLabel,
  credentialId,
  act,
  onDone,
}: {
  label: string;
  reasonLabel: React.ReactNode;
  credentialId: string;
  act: (reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const fail = useFailure();
  const [open, setOpen] = useState(false);
  const reasoned = useSubmitForm({
    defaultValues: { reason: "" },
    send: ({ reason }) => act(reason),
    done: () => onDone(),
    failure: fail,
  });
  if (!open)
    return (
      <button type="button" className="btn-outline min-h-10 px-3 py-1 text-sm" onClick={() => setOpen(true)}>
        {label}
        <span className="sr-only"> {credentialId}</span>
      </button>
    );
  return (
    <form {...reasoned.formProps} className="min-w-56 space-y-2 text-sm">
      <FormField label={reasonLabel} multiline rows={3} compact {...reasoned.field("reason")} />
      {reasoned.alert}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary min-h-10 px-3 py-1" disabled={reasoned.submitting}>
          {label}
        </button>
        <button type="button" className="btn-outline min-h-10 px-3 py-1" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Invalidating a certification (the holder reads the reason), or reinstating an invalidated one (an appeal upheld). */
function Invalidate({ cert, onDone }: { cert: CertificationRowView; onDone: () => void }) {
  if (cert.state === "invalidated")
    return (
      <div className="space-y-2">
        <Paragraphs text={cert.invalidationReason ?? ""} />
        <ReasonedAction
          label="Reinstate"
          reasonLabel="Reason for reinstating (kept in the audit log)"
          credentialId={cert.credentialId}
          act={(reason) => call(reinstateCertificationEndpoint, { params: { id: String(cert.id) }, body: { reason } })}
          onDone={onDone}
        />
      </div>
    );
  return (
    <ReasonedAction
      label="Invalidate"
      reasonLabel={<>Reason (the holder reads it, with {APPEAL_HOURS} hours to appeal)</>}
      credentialId={cert.credentialId}
      act={(reason) => call(invalidateCertificationEndpoint, { params: { id: String(cert.id) }, body: { reason } })}
      onDone={onDone}
    />
  );
}

const orderCol = createColumnHelper<OrderRow>();
const voucherCol = createColumnHelper<Voucher>();
const attemptCol = createColumnHelper<Attempt>();
const certCol = createColumnHelper<CertificationRowView>();
const sittingCol = createColumnHelper<SittingRow>();
const requestCol = createColumnHelper<RequestRow>();

export default function Candidate() {
  const id = Number(useParams().id);
  const { data, error, reload } = useLoad(() => call(candidateEndpoint, { params: { id: String(id) } }), [id]);
  const sittings = useLoad(() => call(staffSittingsEndpoint, { query: { userId: String(id) } }), [id]);
  const [notice, setNotice] = useState<string | null>(null);
  if (!data)
    return (
      <StaffPage title="Candidate">{error ? <FormAlert>{error}</FormAlert> : <Loading what="the account" />}</StaffPage>
    );
  const p = data.profile;
  const orderColumns = [
    orderCol.accessor("createdAt", { header: "Date", cell: dateTimeCell }),
    orderCol.accessor("reference", { header: "Order" }),
    orderCol.accessor("examTitle", { header: "Exam" }),
    orderCol.accessor("priceCents", { header: "Amount", cell: (c) => money(c.getValue()) }),
    orderCol.accessor("status", { header: "Payment", cell: labelCell }),
    refundColumn(orderCol, (o, m) => {
      setNotice(`${o.reference}: ${m}`);
      reload();
    }),
  ];
  const voucherColumns = [
    voucherCol.accessor("voucherCode", { header: "Voucher", cell: codeCell }),
    voucherCol.accessor("examTitle", { header: "Exam" }),
    voucherCol.accessor("source", { header: "From", cell: labelCell }),
    voucherCol.accessor("state", { header: "State", cell: labelCell }),
  ];
  const attemptColumns = [
    attemptCol.accessor("takenOn", { header: "Taken on", cell: dayCell }),
    attemptCol.accessor("examTitle", { header: "Exam" }),
    attemptCol.accessor("scorePercent", {
      header: "Score",
      cell: (c) => (c.getValue() === null ? "" : `${c.getValue()}%`),
    }),
    attemptCol.accessor("result", { header: "Result", cell: labelCell }),
  ];
  const sittingColumns = [
    sittingCol.accessor("startedAt", { header: "Started", cell: dateTimeCell }),
    sittingCol.accessor("examTitle", { header: "Exam" }),
    sittingCol.accessor("status", { header: "State", cell: labelCell }),
    sittingCol.accessor("scorePercent", {
      header: "Score",
      cell: (c) => (c.getValue() === null ? "" : `${c.getValue()}% (${label(c.row.original.result ?? "")})`),
    }),
    sittingCol.accessor("domains", {
      header: "By domain",
      cell: (c) =>
        c
          .getValue()
          .map((d) => `${d.domain} ${d.percent}%`)
          .join(", "),
    }),
    actionColumn(sittingCol, "open", "Form", (sitting) => (
      <Link to={`/staff/sittings/${sitting.id}`} className="link">
        Answers and keys<span className="sr-only"> of sitting {sitting.id}</span>
      </Link>
    )),
  ];
  const certColumns = [
    certCol.accessor("credentialId", { header: "Credential ID", cell: codeCell }),
    certCol.accessor("examTitle", { header: "Exam" }),
    certCol.accessor("issuedAt", { header: "Issued", cell: dayCell }),
    certCol.accessor("expiresAt", { header: "Expires", cell: dayCell }),
    certCol.accessor("state", { header: "State", cell: labelCell }),
    actionColumn(certCol, "invalidate", "Invalidation", (cert) => (
      <Invalidate
        cert={cert}
        onDone={() => {
          setNotice(
            cert.state === "invalidated"
              ? `${cert.credentialId} is reinstated; its credential verifies as valid again.`
              : `${cert.credentialId} is invalidated; the holder was told by e-mail.`,
          );
          reload();
        }}
      />
    )),
  ];
  const requestColumns = [
    requestCol.accessor("reference", { header: "Request" }),
    requestCol.accessor("kind", { header: "Kind", cell: labelCell }),
    requestCol.accessor("submittedAt", { header: "Submitted", cell: dayCell }),
    requestCol.accessor("dueAt", { header: "Due", cell: dateTimeCell }),
    requestCol.accessor("state", { header: "State", cell: labelCell }),
  ];
  // each table's caption names its own scrolling region, so it differs from its section's heading (landmark-unique)
  const tables: {
    id: string;
    title: string;
    caption: string;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each table has its own row type
    columns: ColumnDef<any, any>[];
    rows: unknown[];
    empty: string;
  }[] = [
    {
      id: "orders",
      title: "Orders",
      caption: "Orders of this account",
      columns: orderColumns,
      rows: data.orders,
      empty: "No orders.",
    },
    {
      id: "vouchers",
      title: "Vouchers",
      caption: "Exam vouchers of this account",
      columns: voucherColumns,
      rows: data.vouchers,
      empty: "No vouchers.",
    },
    {
      id: "attempts",
      title: "Exam attempts",
      caption: "Exam attempts of this account",
      columns: attemptColumns,
      rows: data.attempts,
      empty: "No results recorded.",
    },
    {
      id: "sittings",
      title: "Exams sat on the site",
      caption: "Exam sittings of this account",
      columns: sittingColumns,
      rows: sittings.data?.sittings ?? [],
      empty: sittings.error ?? (sittings.data ? "No exams sat on the site." : "Loading…"),
    },
    {
      id: "certs",
      title: "Certifications",
      caption: "Certifications of this account",
      columns: certColumns,
      rows: data.certifications,
      empty: "No certifications.",
    },
    {
      id: "requests",
      title: "Requests",
      caption: "Requests of this account",
      columns: requestColumns,
      rows: data.requests,
      empty: "No requests.",
    },
  ];
  const section = (id: string, title: string, body: React.ReactNode) => (
    <section key={id} aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-xl font-bold text-navy-900">
        {title}
      </h2>
      {body}
    </section>
  );
  return (
    <StaffPage title={`${p.firstName} ${p.lastName}`} intro={`${label(p.role)} account since ${day(p.createdAt)}`}>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {section(
        "profile-title",
        "Profile",
        <dl className="grid gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">E-mail</dt>
          <dd className="break-all">
            {p.email} {p.emailVerified ? "(confirmed)" : "(not confirmed)"}
          </dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{p.phone ?? "Not given"}</dd>
          <dt className="font-semibold">Address</dt>
          <dd>{[p.address, p.city, p.state, p.zip].filter(Boolean).join(", ") || "Not given"}</dd>
        </dl>,
      )}
      {tables.map(({ id, title, caption, columns, rows, empty }) =>
        section(`${id}-title`, title, <DataTable caption={caption} columns={columns} data={rows} empty={empty} />),
      )}
    </StaffPage>
  );
}
