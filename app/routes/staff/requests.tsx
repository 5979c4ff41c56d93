import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useLocation } from "react-router";
import { ChoiceField } from "~/forms/choice-field";
import { FormField } from "~/forms/form-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { SubmitButton } from "~/forms/submit-button";
import { candidatePage, labelCell, linkCell } from "~/components/staff/Columns";
import { Select, staffMeta, useFailure } from "~/components/staff/StaffConsole";
import { StaffList, useStaffList } from "~/components/staff/StaffList";
import { dateTime, day, label } from "~/lib/staff-format";
import { ACCOMMODATION_DECISION_DAYS, APPEAL_HOURS } from "~/data/program-rules";
import {
  decideRequestEndpoint,
  decideRequestSchema,
  requestsEndpoint,
  staffFilePath,
  type RequestQueue,
  type RequestRow,
} from "~/schemas/staff";
import type { InputOf } from "~/schemas/endpoint";
import { API_BASE, call } from "~/lib/api/client";
import { Paragraphs } from "~/components/Paragraphs";

const QUEUES: Record<RequestQueue, { title: string; intro: string; outcomes: [string, string][] }> = {
  accommodations: {
    title: "Accommodation requests",
    intro: `Each request is decided within ${ACCOMMODATION_DECISION_DAYS} days; the candidate receives the determination by e-mail.`,
    outcomes: [
      ["granted", "Grant"],
      ["denied", "Deny"],
    ],
  },
  appeals: {
    title: "Appeals",
    intro: `A certification appeal is processed within ${APPEAL_HOURS} hours; the decision goes to the candidate by e-mail.`,
    outcomes: [
      ["granted", "Uphold the appeal"],
      ["denied", "Deny the appeal"],
    ],
  },
  complaints: {
    title: "Complaints",
    intro: "Resolve each complaint with a written answer; the candidate receives it by e-mail.",
    outcomes: [["resolved", "Resolve"]],
  },
};

export const meta = ({ location }: { location: { pathname: string } }) => {
  const queue = location.pathname.split("/")[2] as RequestQueue;
  return staffMeta(QUEUES[queue]?.title ?? "Requests", location.pathname);
};

function Decide({
  request,
  outcomes,
  onDone,
}: {
  request: RequestRow;
  outcomes: [string, string][];
  onDone: (r: RequestRow) => void;
}) {
  const fail = useFailure();
  // no outcome is chosen for the staff member (issue 25.20): a decision is a choice, not a default
  const decide = useSubmitForm({
    schema: decideRequestSchema,
    defaultValues: { outcome: "" as "granted", decision: "", extraMinutes: "" },
    send: ({ outcome, decision, extraMinutes }) =>
      call(decideRequestEndpoint, {
        params: { id: String(request.id) },
        body: { outcome, decision, ...(outcome === "granted" && extraMinutes ? { extraMinutes } : {}) },
      }),
    done: (res) => onDone(res.request),
    failure: fail,
  });
  const outcome = useWatch({ control: decide.form.control, name: "outcome" });
  const grantsTime = request.kind === "accommodation" && outcome === "granted";
  return (
    <form {...decide.formProps} className="space-y-3" aria-label={`Decide ${request.reference}`}>
      <ChoiceField
        legend="Decision"
        {...decide.field("outcome")}
        options={outcomes.map(([value, text]) => ({ value, label: text }))}
      />
      <FormField label="What the candidate reads" multiline rows={4} {...decide.field("decision")} />
      {grantsTime && (
        <FormField
          label="Extra exam minutes"
          optional
          hint="Added to the candidate's time on this exam, including the ESL extension for a candidate testing in Quebec. Leave empty for none."
          type="number"
          inputMode="numeric"
          {...decide.field("extraMinutes")}
        />
      )}
      {decide.alert}
      <SubmitButton submitting={decide.submitting} busy="Sending…">
        Send the decision
      </SubmitButton>
    </form>
  );
}

const col = createColumnHelper<RequestRow>();

export default function Requests() {
  const queue = useLocation().pathname.split("/")[2] as RequestQueue;
  const info = QUEUES[queue];
  const list = useStaffList(
    ["state"],
    (query) =>
      call(requestsEndpoint, { query: { ...query, queue } as InputOf<typeof requestsEndpoint>["query"] }).then((d) => ({
        rows: d.requests,
        total: d.total,
      })),
    [queue],
  );
  const state = list.params.get("state") ?? "open";
  const [selected, setSelected] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const chosen = list.data?.rows.find((r) => r.id === selected) ?? null;
  const columns = [
    col.accessor("dueAt", {
      header: "Due",
      cell: (c) => (
        <span className={c.row.original.overdue ? "font-semibold text-red-800" : undefined}>
          {dateTime(c.getValue())}
          {c.row.original.overdue ? " (overdue)" : ""}
        </span>
      ),
    }),
    col.accessor("reference", {
      header: "Request",
      cell: (c) => (
        <button
          type="button"
          className="link font-mono"
          onClick={() => setSelected(c.row.original.id)}
          aria-pressed={selected === c.row.original.id}
        >
          {c.getValue()}
        </button>
      ),
    }),
    col.accessor("kind", { header: "Kind", cell: labelCell }),
    col.accessor("candidateName", { header: "Candidate", cell: linkCell(candidatePage) }),
    col.accessor("examTitle", { header: "Exam" }),
    col.accessor("subject", { header: "Subject" }),
    col.accessor("state", { header: "State", cell: labelCell }),
  ];
  return (
    <StaffList
      title={info.title}
      intro={`${info.intro} What is overdue comes first.`}
      list={list}
      filters={
        <Select
          label="Show"
          value={state}
          onChange={(v) => {
            list.set("state", v === "open" ? "" : v);
            setSelected(null);
          }}
          options={[
            ["open", "Open"],
            ["decided", "Decided"],
            ["all", "All"],
          ]}
        />
      }
      notice={notice}
      what="the requests"
      caption={`${info.title}, overdue first`}
      columns={columns}
      empty="No requests here."
      after={
        chosen && (
          <section
            aria-labelledby="chosen-title"
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id="chosen-title" className="text-xl font-bold text-navy-900">
              {label(chosen.kind)} {chosen.reference}
            </h2>
            <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">Candidate</dt>
              <dd className="break-all">
                {chosen.candidateName} ({chosen.candidateEmail})
              </dd>
              <dt className="font-semibold">Submitted</dt>
              <dd>{dateTime(chosen.submittedAt)}</dd>
              <dt className="font-semibold">Due</dt>
              <dd>{dateTime(chosen.dueAt)}</dd>
              {chosen.plannedRegistrationOn && (
                <>
                  <dt className="font-semibold">Plans to register on</dt>
                  <dd>{day(chosen.plannedRegistrationOn)}</dd>
                </>
              )}
              <dt className="font-semibold">About</dt>
              <dd>{chosen.subject}</dd>
            </dl>
            <p className="whitespace-pre-wrap">{chosen.details}</p>
            {chosen.documents.length > 0 && (
              <div>
                <h3 className="font-semibold text-navy-900">Documents</h3>
                <ul className="mt-1 list-disc pl-6">
                  {chosen.documents.map((d) => (
                    <li key={d.id}>
                      <a className="link break-all" href={`${API_BASE}${staffFilePath(d.id)}`} download>
                        {d.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {chosen.state === "open" ? (
              <Decide
                request={chosen}
                outcomes={info.outcomes}
                onDone={(r) => {
                  setNotice(`${r.reference} is ${r.state}; the candidate was e-mailed.`);
                  setSelected(null);
                  list.replace(r);
                }}
              />
            ) : (
              <div>
                <p>
                  <strong>{label(chosen.state)}</strong> {dateTime(chosen.decidedAt)}
                </p>
                {chosen.extraMinutes ? <p>Extra exam minutes granted: {chosen.extraMinutes}</p> : null}
                <Paragraphs text={chosen.decision ?? ""} className="mt-2 space-y-2" />
              </div>
            )}
          </section>
        )
      }
    />
  );
}
