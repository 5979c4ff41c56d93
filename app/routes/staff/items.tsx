import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { dateTimeCell, linkCell } from "~/components/staff/Columns";
import { bankExams } from "~/components/staff/bank/ExamPicker";
import { FilterSelect, Select, staffMeta, useStaff } from "~/components/staff/StaffConsole";
import { StaffList, useStaffList } from "~/components/staff/StaffList";
import { call } from "~/lib/api/client";
import { itemsEndpoint, itemStates, itemStateTitles, type ItemRow } from "~/schemas/items";

export const meta = () => staffMeta("Item bank", "/staff/items");

const CHECK_WORDS = { passed: "Passed", failed: "Failed", not_run: "Not run" } as const;

const col = createColumnHelper<ItemRow>();
const columns = [
  col.accessor((r) => `${r.itemId} v${r.version}`, {
    id: "item",
    header: "Item",
    cell: linkCell((r) => `/staff/items/${r.id}`, "link whitespace-nowrap"),
  }),
  col.accessor("domain", { header: "Domain" }),
  col.accessor("state", { header: "State", cell: (c) => itemStateTitles[c.getValue()] }),
  col.accessor("excerpt", { header: "Stem" }),
  col.accessor("checkStatus", { header: "Key check", cell: (c) => (c.getValue() ? CHECK_WORDS[c.getValue()!] : "—") }),
  col.accessor("author", { header: "Author", cell: (c) => c.getValue() ?? "Bank file" }),
  col.accessor("updatedAt", { header: "Changed", cell: dateTimeCell }),
];

/**
 * The item bank (issue 30.2): every version, by exam, domain and state, newest change first. SMEs write
 * items from here; staff and admins read them.
 */
export default function Items() {
  const { user } = useStaff();
  const list = useStaffList(["exam", "domain", "state"], (query) =>
    call(itemsEndpoint, { query: query as never }).then((d) => ({ rows: d.items, total: d.total })),
  );
  const exam = list.params.get("exam") ?? "";
  const domains = bankExams.find((e) => e.slug === exam)?.details.weights.map((w) => w.title) ?? [];
  return (
    <StaffList
      title="Item bank"
      intro={
        user.role === "sme"
          ? "Every version of every item, by exam, domain and state. Write an item, or open one to edit, review or approve it: approval needs a second subject-matter expert."
          : "Every version of every item, by exam, domain and state. Subject-matter experts write and approve items; staff and administrators read them."
      }
      list={list}
      submitNames={[]}
      submitLabel="Refresh"
      filters={
        <>
          <Select
            label="Exam"
            value={exam}
            onChange={(v) => list.update({ exam: v, domain: "" })}
            options={[["", "All exams"], ...bankExams.map((e): [string, string] => [e.slug, e.title])]}
          />
          <FilterSelect
            list={list}
            name="domain"
            label="Domain"
            all={exam ? "All domains" : "Choose an exam first"}
            values={domains}
            title={(d) => d}
          />
          <FilterSelect
            list={list}
            name="state"
            label="State"
            all="Every state"
            values={itemStates}
            title={(s) => itemStateTitles[s]}
          />
        </>
      }
      what="the items"
      caption="Item versions, most recently changed first"
      columns={columns}
      empty="No item matches."
    >
      {user.role === "sme" && (
        <p>
          <Link to="/staff/items/new" className="btn-primary inline-block">
            Write an item
          </Link>
        </p>
      )}
    </StaffList>
  );
}
