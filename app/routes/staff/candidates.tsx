import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { Input, staffMeta } from "~/components/staff/StaffConsole";
import { StaffList, useStaffList } from "~/components/staff/StaffList";
import { day, label } from "~/lib/staff-format";
import { call } from "~/lib/api/client";
import type { InputOf } from "~/schemas/endpoint";
import { candidatesEndpoint, LIST_SORTS, type CandidateRow } from "~/schemas/staff";

export const meta = () => staffMeta("Candidates", "/staff/candidates");

const col = createColumnHelper<CandidateRow>();
const columns = [
  col.accessor((r) => `${r.firstName} ${r.lastName}`, {
    id: "name",
    header: "Name",
    cell: (c) => (
      <Link to={`/staff/candidates/${c.row.original.id}`} className="link">
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor("email", { header: "E-mail" }),
  col.accessor("role", { header: "Role", cell: (c) => label(c.getValue()) }),
  col.accessor("createdAt", { header: "Since", cell: (c) => day(c.getValue()) }),
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
