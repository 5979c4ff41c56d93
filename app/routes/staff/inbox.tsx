import { createColumnHelper } from "@tanstack/react-table";
import { dateTimeCell, labelCell, linkCell } from "~/components/staff/Columns";
import { FilterSelect, Input, Select, staffMeta } from "~/components/staff/StaffConsole";
import { StaffList, useStaffList } from "~/components/staff/StaffList";
import { API_BASE } from "~/lib/api/client";
import { call } from "~/lib/api/client";
import type { InputOf } from "~/schemas/endpoint";
import { inquiryKinds } from "~/schemas/inquiry";
import { inboxEndpoint, LIST_SORTS, type InquiryRow } from "~/schemas/staff";

export const meta = () => staffMeta("Inbox", "/staff/inbox");

const col = createColumnHelper<InquiryRow>();
const columns = [
  col.accessor("createdAt", { header: "Received", cell: dateTimeCell }),
  col.accessor("reference", { header: "Message", cell: linkCell((r) => `/staff/inbox/${r.id}`, "link font-mono") }),
  col.accessor("kind", { header: "Kind", cell: labelCell }),
  col.accessor("name", { header: "From", cell: (c) => `${c.getValue()} <${c.row.original.email}>` }),
  col.accessor("excerpt", { header: "Excerpt", enableSorting: false }),
  col.accessor((r) => (r.handledAt ? "Handled" : "Open"), { id: "handled", header: "State" }),
  col.accessor("replies", { header: "Replies" }),
];

/** Filters, page and sort live in the address (kind, handled, from, to, q, page, pageSize, sort). */
export default function Inbox() {
  const list = useStaffList(["kind", "handled", "from", "to", "q", "sort"], (query) =>
    call(inboxEndpoint, { query: query as InputOf<typeof inboxEndpoint>["query"] }).then((d) => ({
      rows: d.inquiries,
      total: d.total,
    })),
  );
  const { params, set } = list;
  const csv = new URLSearchParams(
    Object.entries(list.query).filter(([k, v]) => v && !["page", "pageSize"].includes(k)) as [string, string][],
  );

  return (
    <StaffList
      title="Inbox"
      intro="Contact, partner and career messages. Open one to reply by e-mail or mark it handled."
      list={list}
      submitNames={["q", "from", "to"]}
      filters={
        <>
          <FilterSelect list={list} name="kind" label="Kind" all="All kinds" values={inquiryKinds} />
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
        </>
      }
      what="the messages"
      caption="Messages, newest first unless sorted"
      columns={columns}
      sortable={LIST_SORTS.inquiries}
      empty="No messages match."
    >
      <p>
        <a className="link" href={`${API_BASE}/api/staff/inquiries/export.csv${csv.size ? `?${csv}` : ""}`}>
          Download these messages as CSV
        </a>
      </p>
    </StaffList>
  );
}
