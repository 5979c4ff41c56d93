import { Link } from "react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { dateTimeCell, labelCell, linkCell } from "~/components/staff/Columns";
import { DataTable } from "~/components/staff/DataTable";
import { Loading, StaffPage, staffMeta, useLoad } from "~/components/staff/StaffConsole";
import { plural } from "~/lib/staff-format";
import { call } from "~/lib/api/client";
import { dashboardEndpoint, type RequestRow } from "~/schemas/staff";
import { FormAlert } from "~/forms/form-alert";

export const meta = () => staffMeta("Dashboard", "/staff");

/** Each queue's card; `open` names what waits in it, singular and plural ("1 open request", "2 open requests"). */
const QUEUES = {
  inbox: { title: "Inbox", to: "/staff/inbox", open: ["unhandled message", "unhandled messages"] },
  accommodations: { title: "Accommodations", to: "/staff/accommodations", open: ["open request", "open requests"] },
  "ce-activities": {
    title: "Continuing education",
    to: "/staff/continuing-education",
    open: ["activity to review", "activities to review"],
  },
  appeals: { title: "Appeals", to: "/staff/appeals", open: ["open appeal", "open appeals"] },
  complaints: { title: "Complaints", to: "/staff/complaints", open: ["open complaint", "open complaints"] },
} as const;
const QUEUE_OF_KIND: Record<string, string> = {
  accommodation: "/staff/accommodations",
  certification_appeal: "/staff/appeals",
  sanction_appeal: "/staff/appeals",
  complaint: "/staff/complaints",
};

const col = createColumnHelper<RequestRow>();
const columns = [
  col.accessor("dueAt", { header: "Was due", cell: dateTimeCell }),
  col.accessor("reference", {
    header: "Request",
    cell: linkCell((r) => QUEUE_OF_KIND[r.kind] ?? "/staff", "link font-mono"),
  }),
  col.accessor("kind", { header: "Kind", cell: labelCell }),
  col.accessor("candidateName", { header: "Candidate" }),
  col.accessor("subject", { header: "Subject" }),
];

export default function Dashboard() {
  const { data, error } = useLoad(() => call(dashboardEndpoint, {}), []);
  return (
    <StaffPage title="Dashboard" intro="What is waiting for a decision, and what is past its due date.">
      {error && <FormAlert>{error}</FormAlert>}
      {!data ? (
        !error && <Loading what="the dashboard" />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {data.queues.map((q) => {
              const info = QUEUES[q.queue];
              return (
                <li key={q.queue} className="rounded-lg border border-slate-200 bg-white p-4">
                  <h2 className="text-lg font-bold text-navy-900">
                    <Link to={info.to} className="link">
                      {info.title}
                    </Link>
                  </h2>
                  <p className="mt-1">
                    <strong className="text-2xl">{q.open}</strong> {plural(q.open, info.open[0], info.open[1])}
                  </p>
                  {q.overdue > 0 && <p className="font-semibold text-red-800">{q.overdue} overdue</p>}
                </li>
              );
            })}
            <li className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="text-lg font-bold text-navy-900">
                <Link to="/staff/orders?status=paid" className="link">
                  Orders
                </Link>
              </h2>
              <p className="mt-1">
                <strong className="text-2xl">{data.refundableOrders}</strong> still inside the refund window
              </p>
            </li>
          </ul>
          <section aria-labelledby="overdue-title" className="space-y-2">
            <h2 id="overdue-title" className="text-xl font-bold text-navy-900">
              Past their due date
            </h2>
            <DataTable
              caption="Overdue requests, longest overdue first"
              columns={columns}
              data={data.overdue}
              empty="Nothing is overdue."
            />
          </section>
        </>
      )}
    </StaffPage>
  );
}
