import { createColumnHelper } from "@tanstack/react-table";
import { dayCell, labelCell, linkCell } from "~/components/staff/Columns";
import { Input, staffMeta } from "~/components/staff/StaffConsole";
import { StaffList, useStaffList } from "~/components/staff/StaffList";
import { call } from "~/lib/api/client";
import type { InputOf } from "~/schemas/endpoint";
import { candidatesEndpoint, LIST_SORTS, type CandidateRow } from "~/schemas/staff";

export const meta = () => staffMeta("Candidates", "/staff/candidates");

const col = createColumnHelper<CandidateRow>();
const columns = [
  col.accessor((r) => `${r.firstName} ${r.lastName}`, {
    id: "name",
    header: "Name",
    cell: linkCell((r) => `/staff/candidates/${r.id}`),
  }),
  col.accessor("email", { header: "E-mail" }),
  col.accessor("role", { header: "Role", cell: labelCell }),
  col.accessor("createdAt", { header: "Since", cell: dayCell }),
  col.accessor("orders", { header: "Orders" }),
  col.accessor("certifications", { header: "Certifications" }),
];

export default function Candidates() {
  const list = useStaffList(["q", "sort"], (query) =>
    call(candidatesEndpoint, { query: query as InputOf<typeof candidatesEndpoint>["query"] }).then((d) => ({
      rows: d.candidates,
      total: d.total,
    })),
  );
  return (
    <StaffList
      title="Candidates"
      intro="Find an account by name or e-mail and open its page."
      list={list}
      narrow
      submitNames={["q"]}
      filters={<Input label="Name or e-mail" name="q" type="search" defaultValue={list.params.get("q") ?? ""} />}
      what="the accounts"
      caption="Accounts, newest first unless sorted"
      columns={columns}
      sortable={LIST_SORTS.candidates}
      empty="No account matches."
    />
  );
}
