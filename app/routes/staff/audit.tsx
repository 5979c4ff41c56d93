import { createColumnHelper } from "@tanstack/react-table";
import { FormAlert } from "~/forms/form-alert";
import { Input, StaffPage, staffMeta, useStaff } from "~/components/staff/StaffConsole";
import { StaffList, useStaffList } from "~/components/staff/StaffList";
import { dateTime } from "~/lib/staff-format";
import { call } from "~/lib/api/client";
import type { InputOf } from "~/schemas/endpoint";
import { auditLogEndpoint, type AuditEntry } from "~/schemas/staff";

export const meta = () => staffMeta("Audit log", "/staff/audit");

const json = (v: unknown) => (v ? JSON.stringify(v) : "");
const col = createColumnHelper<AuditEntry>();
const columns = [
  col.accessor("at", { header: "When", cell: (c) => dateTime(c.getValue()) }),
  col.accessor((e) => e.actorEmail ?? e.actorRole, { id: "actor", header: "Who" }),
  col.accessor("action", { header: "What" }),
  col.accessor((e) => `${e.entity} ${e.entityId}`, { id: "record", header: "Record" }),
  col.accessor((e) => [e.fromState, e.toState].filter(Boolean).join(" → "), { id: "state", header: "State" }),
  col.accessor((e) => json(e.before), {
    id: "before",
    header: "Before",
    cell: (c) => <code className="text-xs break-all">{c.getValue()}</code>,
  }),
  col.accessor((e) => json(e.after), {
    id: "after",
    header: "After",
    cell: (c) => <code className="text-xs break-all">{c.getValue()}</code>,
  }),
  col.accessor("reason", { header: "Reason" }),
];
const FILTERS = ["action", "entity", "entityId", "from", "to"] as const;

export default function Audit() {
  const { user } = useStaff();
  const list = useStaffList(FILTERS, (query) =>
    user.role === "admin"
      ? call(auditLogEndpoint, { query: query as InputOf<typeof auditLogEndpoint>["query"] }).then((d) => ({
          rows: d.entries,
          total: d.total,
        }))
      : Promise.resolve({ rows: [], total: 0 }),
  );
  if (user.role !== "admin")
    return (
      <StaffPage title="Audit log">
        <FormAlert>Only administrators read the audit log.</FormAlert>
      </StaffPage>
    );
  const value = (k: string) => list.params.get(k) ?? "";
  return (
    <StaffList
      title="Audit log"
      intro="Every staff action and state change: who, what, when, the record, before and after. Nothing here can be changed or deleted."
      list={list}
      submitNames={[...FILTERS]}
      submitLabel="Filter"
      filters={
        <>
          <Input label="Action (e.g. request.decide)" name="action" defaultValue={value("action")} />
          <Input label="Record kind (e.g. request)" name="entity" defaultValue={value("entity")} />
          <Input label="Record id" name="entityId" defaultValue={value("entityId")} />
          <Input label="From" name="from" type="date" defaultValue={value("from")} />
          <Input label="Until" name="to" type="date" defaultValue={value("to")} />
        </>
      }
      what="the audit log"
      caption="Audit entries, newest first"
      columns={columns}
      empty="No entries match."
    />
  );
}
