import { createColumnHelper } from "@tanstack/react-table";
import { Link, useSearchParams } from "react-router";
import { FormAlert } from "~/components/FormAlert";
import { DataTable } from "~/components/staff/DataTable";
import { Input, Loading, StaffPage, staffMeta, useLoad, useStaff } from "~/components/staff/StaffConsole";
import { day, label } from "~/lib/staff-format";
import { candidates } from "~/lib/api/staff";
import type { CandidateRow } from "~/schemas/staff";

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
  const { token } = useStaff();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const { data, error } = useLoad(() => candidates({ q: q || undefined, pageSize: "100" }, token), [q, token]);
  return (
    <StaffPage title="Candidates" intro="Find an account by name or e-mail and open its page.">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const v = String(new FormData(e.currentTarget).get("q") ?? "").trim();
          setParams(v ? { q: v } : {}, { replace: true });
        }}
      >
        <Input label="Name or e-mail" name="q" type="search" defaultValue={q} />
        <button type="submit" className="btn-primary min-h-10 py-2">
          Search
        </button>
      </form>
      {error && <FormAlert>{error}</FormAlert>}
      {!data ? (
        !error && <Loading what="the accounts" />
      ) : (
        <DataTable
          caption="Accounts, newest first"
          columns={columns}
          data={data.candidates}
          empty="No account matches."
        />
      )}
    </StaffPage>
  );
}
