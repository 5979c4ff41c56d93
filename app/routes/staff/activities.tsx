import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { FormField } from "~/forms/form-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { actionColumn, candidatePage, labelCell, linkCell } from "~/components/staff/Columns";
import { Select, staffMeta, useFailure } from "~/components/staff/StaffConsole";
import { StaffList, useStaffList } from "~/components/staff/StaffList";
import { day } from "~/lib/staff-format";
import { API_BASE, call } from "~/lib/api/client";
import {
  activitiesEndpoint,
  reviewActivityEndpoint,
  reviewActivitySchema,
  type ActivityRow,
  type ReviewActivityInput,
} from "~/schemas/staff";
import type { InputOf } from "~/schemas/endpoint";
import { Paragraphs } from "~/components/Paragraphs";

export const meta = () => staffMeta("Continuing education", "/staff/continuing-education");

function Review({ activity, onDone }: { activity: ActivityRow; onDone: (a: ActivityRow) => void }) {
  const fail = useFailure();
  const review = useSubmitForm({
    schema: reviewActivitySchema,
    defaultValues: { outcome: "approved", reason: "" } as ReviewActivityInput,
    send: ({ outcome, reason }) =>
      call(reviewActivityEndpoint, {
        params: { id: String(activity.id) },
        body: { outcome, reason: reason || undefined },
      }),
    done: (res) => onDone(res.activity),
    failure: fail,
  });
  if (activity.reviewState !== "pending") return <Paragraphs text={activity.reviewReason ?? ""} />;
  // the button pressed is the outcome sent
  const decideAs = (outcome: ReviewActivityInput["outcome"]) => () => review.form.setValue("outcome", outcome);
  return (
    <form {...review.formProps} className="min-w-48 space-y-2">
      <FormField label="Reason (needed to reject)" multiline rows={2} compact {...review.field("reason")} />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary min-h-10 px-3 py-1 text-sm" onClick={decideAs("approved")}>
          Approve<span className="sr-only"> {activity.title}</span>
        </button>
        <button type="submit" className="btn-outline min-h-10 px-3 py-1 text-sm" onClick={decideAs("rejected")}>
          Reject<span className="sr-only"> {activity.title}</span>
        </button>
      </div>
      {review.alert}
    </form>
  );
}

const col = createColumnHelper<ActivityRow>();

export default function Activities() {
  const list = useStaffList(["state"], (query) =>
    call(activitiesEndpoint, { query: query as InputOf<typeof activitiesEndpoint>["query"] }).then((d) => ({
      rows: d.activities,
      total: d.total,
    })),
  );
  const state = list.params.get("state") ?? "pending";
  const [notice, setNotice] = useState<string | null>(null);
  const columns = [
    col.accessor("createdAt", {
      header: "Submitted",
      cell: (c) => (
        <>
          {day(c.getValue())}
          <span className="block text-muted">
            {c.row.original.waitingDays === 1 ? "1 day" : `${c.row.original.waitingDays} days`} waiting
          </span>
        </>
      ),
    }),
    col.accessor("candidateName", { header: "Holder", cell: linkCell(candidatePage) }),
    col.accessor("title", {
      header: "Activity",
      cell: (c) => {
        const a = c.row.original;
        return (
          <div className="min-w-48">
            <p className="font-semibold">{a.title}</p>
            <p>
              {a.provider} · {day(a.activityDate)} · {a.units === 1 ? "1 unit" : `${a.units} units`}
            </p>
            <p className="text-muted">
              Cycle of {a.credentialId}: {day(a.cycleStartsOn)} to {day(a.cycleEndsOn)}
            </p>
            {!a.countsInCycle && (
              <p className="font-semibold text-red-800" data-outside-cycle="">
                Dated before the current cycle: its units do not count.
              </p>
            )}
          </div>
        );
      },
    }),
    col.accessor("evidenceName", {
      header: "Evidence",
      cell: (c) => (
        <a className="link" href={`${API_BASE}${c.row.original.evidenceUrl}`} download>
          {c.getValue()}
        </a>
      ),
    }),
    col.accessor("reviewState", { header: "State", cell: labelCell }),
    actionColumn(col, "review", "Review", (activity) => (
      <Review
        activity={activity}
        onDone={(a) => {
          setNotice(`“${a.title}” is ${a.reviewState}; the holder was e-mailed.`);
          list.replace(a);
        }}
      />
    )),
  ];
  return (
    <StaffList
      title="Continuing education"
      intro="Activities claimed toward renewal, the longest waiting first (the policies set no review period). Approve them, or reject them with a reason the holder reads."
      list={list}
      filters={
        <Select
          label="Show"
          value={state}
          onChange={(v) => list.set("state", v === "pending" ? "" : v)}
          options={[
            ["pending", "Waiting for review"],
            ["approved", "Approved"],
            ["rejected", "Rejected"],
            ["all", "All"],
          ]}
        />
      }
      notice={notice}
      what="the activities"
      caption="Continuing-education activities, longest waiting first"
      columns={columns}
      empty="Nothing to review."
    />
  );
}
