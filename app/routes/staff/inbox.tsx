import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { DataTable } from "~/components/staff/DataTable";
import {
  Input,
  Loading,
  Select,
  StaffPage,
  staffMeta,
  useFilterParams,
  useLoad,
  useStaff,
} from "~/components/staff/StaffConsole";
import { dateTime, label } from "~/lib/staff-format";
import { API_BASE } from "~/lib/api/client";
import { inbox } from "~/lib/api/staff";
import { inquiryKinds } from "~/schemas/inquiry";
import type { InquiryRow } from "~/schemas/staff";

export const meta = () => staffMeta("Inbox", "/staff/inbox");

const col = createColumnHelper<InquiryRow>();
const columns = [
  col.accessor("createdAt", { header: "Received", cell: (c) => dateTime(c.getValue()) }),
  col.accessor("reference", {
    header: "Message",
    cell: (c) => (
      <Link className="link font-mono" to={`/staff/inbox/${c.row.original.id}`}>
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor("kind", { header: "Kind", cell: (c) => label(c.getValue()) }),
  col.accessor("name", { header: "From", cell: (c) => `${c.getValue()} <${c.row.original.email}>` }),
  col.accessor("excerpt", { header: "Excerpt", enableSorting: false }),
  col.accessor((r) => (r.handledAt ? "Handled" : "Open"), { id: "handled", header: "State" }),
  col.accessor("replies", { header: "Replies" }),
];

/** Filters live in the address (kind, handled, from, to, q), so a filtered list can be shared and reloaded. */
export default function Inbox() {
  const { token } = useStaff();
  const { params, set, submit } = useFilterParams();
  const query = {
    kind: params.get("kind") || undefined,
    handled: params.get("handled") || undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    q: params.get("q") || undefined,
    pageSize: "100",
  } as Parameters<typeof inbox>[0];
  const { data, error } = useLoad(() => inbox(query, token), [params.toString(), token]);
  const csv = new URLSearchParams(
    Object.entries(query).filter(([k, v]) => v && k !== "pageSize") as [string, string][],
  );

  return (
    <StaffPage
      title="Inbox"
      intro="Contact, partner and career messages. Open one to reply by e-mail or mark it handled."
    >
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:items-end" onSubmit={submit(["q", "from", "to"])}>
        <Select
          label="Kind"
          value={params.get("kind") ?? ""}
          onChange={(v) => set("kind", v)}
          options={[["", "All kinds"], ...inquiryKinds.map((k) => [k, label(k)] as [string, string])]}
        />
        <Select
          label="State"
          value={params.get("handled") ?? ""}
          onChange={(v) => set("handled", v)}
          options={[
            ["", "Open and handled"],
            ["no", "Open"],
            ["yes", "Handled"],
          ]}
        />
        <Input label="Received from" name="from" type="date" defaultValue={params.get("from") ?? ""} />
        <Input label="Received until" name="to" type="date" defaultValue={params.get("to") ?? ""} />
        <Input label="Search" name="q" type="search" defaultValue={params.get("q") ?? ""} />
        <button type="submit" className="btn-primary min-h-10 py-2">
          Search
        </button>
      </form>
      <p>
        <a className="link" href={`${API_BASE}/api/staff/inquiries/export.csv${csv.size ? `?${csv}` : ""}`}>
          Download these messages as CSV
        </a>
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      {!data ? (
        !error && <Loading what="the messages" />
      ) : (
        <>
          {data.total > data.inquiries.length && (
            <p className="text-sm text-muted">
              Showing the newest {data.inquiries.length} of {data.total}; narrow the filters to see older ones.
            </p>
          )}
          <DataTable
            caption="Messages, newest first"
            columns={columns}
            data={data.inquiries}
            empty="No messages match."
          />
        </>
      )}
    </StaffPage>
  );
}
