import { useWatch } from "react-hook-form";
import { Link } from "~/lib/router";
import { AccountPage, Loading, Panel, useAccountData } from "~/components/account/AccountPage";
import { FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { APPEAL_HOURS, COMPLAINT_DAYS, SANCTION_APPEAL_DAYS } from "~/data/program-rules";
import { call } from "~/lib/api/client";
import { formatDay, formatDeadline } from "~/lib/dates";
import {
  appealRequestEndpoint,
  complaintEndpoint,
  myRequestsEndpoint,
  REQUEST_KIND_LABELS,
  REQUEST_STATE_LABELS,
  sanctionAppealEndpoint,
  type Appealable,
  type RequestView,
} from "~/schemas/credentials";
import { Paragraphs } from "~/components/Paragraphs";

type Kind = "certification_appeal" | "sanction_appeal" | "complaint";
interface RequestForm {
  kind: Kind;
  decision: string;
  subject: string;
  eventOn: string;
  details: string;
}

function NewRequest({ appealable, onFiled }: { appealable: Appealable[]; onFiled: () => void }) {
  const { form, field, formProps, alert, submitting } = useSubmitForm({
    defaultValues: { kind: "certification_appeal", decision: "", subject: "", eventOn: "", details: "" } as RequestForm,
    send: (v: RequestForm) =>
      v.kind === "certification_appeal"
        ? call(appealRequestEndpoint, { body: { decision: v.decision, details: v.details } })
        : call(v.kind === "complaint" ? complaintEndpoint : sanctionAppealEndpoint, {
            body: { subject: v.subject, eventOn: v.eventOn, details: v.details },
          }),
    done: (res, v, form) => {
      form.reset({ kind: v.kind, decision: "", subject: "", eventOn: "", details: "" });
      onFiled();
      return res.message;
    },
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  const dateLabel = kind === "complaint" ? "Date of the issue" : "Date you were notified of the sanction";
  return (
    <form {...formProps} className="space-y-4" aria-labelledby="new-title">
      <fieldset>
        <legend className="font-semibold text-navy-900">What do you want to send?</legend>
        <div className="mt-2 space-y-1">
          {(["certification_appeal", "sanction_appeal", "complaint"] as const).map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-3">
              <input type="radio" value={k} className="h-5 w-5 accent-brand-600" {...form.register("kind")} />
              <span>
                {REQUEST_KIND_LABELS[k]}{" "}
                <span className="text-sm text-muted">
                  (
                  {k === "certification_appeal"
                    ? `within ${APPEAL_HOURS} hours of the decision`
                    : k === "sanction_appeal"
                      ? `within ${SANCTION_APPEAL_DAYS} days of notification`
                      : `within ${COMPLAINT_DAYS} days of the issue`}
                  )
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "certification_appeal" ? (
        <SelectField
          label="Decision you appeal"
          {...field("decision")}
          options={[
            { value: "", label: appealable.length ? "Choose a decision" : "You have no decision to appeal" },
            ...appealable.map((d) => ({
              value: d.value,
              label: d.open
                ? `${d.label} (appeal by ${formatDeadline(d.appealBy)})`
                : `${d.label} (the time to appeal ended ${formatDeadline(d.appealBy)})`,
            })),
          ]}
        />
      ) : (
        <>
          <FormField label="What is it about?" {...field("subject")} />
          <FormField label={dateLabel} type="date" {...field("eventOn")} />
        </>
      )}
      <FormField label="Details" multiline hint="What happened and what you ask us to do." {...field("details")} />
      {alert}
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? "Sending…" : "Send"}
      </button>
    </form>
  );
}

function RequestList({ requests }: { requests: RequestView[] }) {
  if (requests.length === 0) return <p className="text-muted">You have not sent a request yet.</p>;
  return (
    <ul className="space-y-3">
      {requests.map((r) => (
        <li key={r.id} className="rounded-xl border border-slate-200 p-4 text-sm" data-request={r.reference}>
          <p className="flex flex-wrap justify-between gap-2">
            <strong className="text-base text-navy-900">{REQUEST_KIND_LABELS[r.kind]}</strong>
            <span className="font-semibold">{REQUEST_STATE_LABELS[r.state] ?? r.state}</span>
          </p>
          <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Reference</dt>
            <dd className="font-mono">{r.reference}</dd>
            <dt className="font-semibold">About</dt>
            <dd>{r.subject}</dd>
            <dt className="font-semibold">Sent</dt>
            <dd>{formatDeadline(r.submittedAt)}</dd>
            {r.plannedRegistrationOn && (
              <>
                <dt className="font-semibold">Planned registration</dt>
                <dd>{formatDay(r.plannedRegistrationOn)}</dd>
              </>
            )}
            {r.state === "open" ? (
              <>
                <dt className="font-semibold">Decision due by</dt>
                <dd>{r.kind === "certification_appeal" ? formatDeadline(r.dueAt) : formatDay(r.dueAt)}</dd>
              </>
            ) : (
              <>
                <dt className="font-semibold">Decision</dt>
                <dd>
                  {r.decidedAt && <p>{formatDay(r.decidedAt)}</p>}
                  {r.decision && <Paragraphs text={r.decision} />}
                </dd>
              </>
            )}
            {r.documents > 0 && (
              <>
                <dt className="font-semibold">Documents</dt>
                <dd>{r.documents}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Requests() {
  const state = useAccountData(() => call(myRequestsEndpoint, {}));
  return (
    <>
      <Panel id="list-title" title="Requests sent">
        <Loading state={state} what="requests">
          {(d) => <RequestList requests={d.requests} />}
        </Loading>
      </Panel>
      <Panel id="new-title" title="Appeal a decision or file a complaint">
        <Loading state={state} what="decisions">
          {(d) => <NewRequest appealable={d.appealable} onFiled={state.reload} />}
        </Loading>
      </Panel>
    </>
  );
}

/** /account/requests: the requests sent, and appealing a decision or filing a complaint. The route serves it as an island. */
export function AccountRequests() {
  return (
    <AccountPage
      title="My requests"
      path="/account/requests"
      intro={
        <p>
          Each request gets a reference and an acknowledgement e-mail. To ask for a testing accommodation, use the form
          on the{" "}
          <Link to="/special-accommodations" className="link">
            special accommodation policy
          </Link>{" "}
          page. See the{" "}
          <Link to="/policy/appeal-process-policy" className="link">
            appeal process
          </Link>{" "}
          and{" "}
          <Link to="/policy/complaint-process-policy" className="link">
            complaint process
          </Link>{" "}
          policies.
        </p>
      }
    >
      {() => <Requests />}
    </AccountPage>
  );
}
