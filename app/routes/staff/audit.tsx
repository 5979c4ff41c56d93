import { createColumnHelper } from "@tanstack/react-table";
import { useSearchParams } from "react-router";
import { FormAlert } from "~/components/FormAlert";
import { DataTable } from "~/components/staff/DataTable";
import { Input, Loading, StaffPage, staffMeta, useLoad, useStaff } from "~/components/staff/StaffConsole";
import { dateTime } from "~/lib/staff-format";
import { auditLog } from "~/lib/api/staff";
import type { AuditEntry } from "~/schemas/staff";

export const meta = () => staffMeta("Audit log", "/staff/audit");

const PAGE = 100;
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
  const { token, user } = useStaff();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const query = Object.fromEntries(
    FILTERS.map((k) => [k, params.get(k) || undefined]).concat([
      ["page", String(page)],
      ["pageSize", String(PAGE)],
    ]),
  ) as Parameters<typeof auditLog>[0];
  const { data, error } = useLoad(
    () => (user.role === "admin" ? auditLog(query, token) : Promise.resolve(null)),
    [params.toString(), token],
  );
  if (user.role !== "admin")
    return (
      <StaffPage title="Audit log">
        <FormAlert>Only administrators read the audit log.</FormAlert>
      </StaffPage>
    );
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    setParams(next);
  };
  return (
    <StaffPage
      title="Audit log"
      intro="Every staff action and state change: who, what, when, the record, before and after. Nothing here can be changed or deleted."
    >
      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const next = new URLSearchParams();
          for (const k of FILTERS) {
            const v = String(f.get(k) ?? "").trim();
            if (v) next.set(k, v);
          }
          setParams(next);
        }}
      >
        <Input label="Action (e.g. request.decide)" name="action" defaultValue={params.get("action") ?? ""} />
        <Input label="Record kind (e.g. request)" name="entity" defaultValue={params.get("entity") ?? ""} />
        <Input label="Record id" name="entityId" defaultValue={params.get("entityId") ?? ""} />
        <Input label="From" name="from" type="date" defaultValue={params.get("from") ?? ""} />
        <Input label="Until" name="to" type="date" defaultValue={params.get("to") ?? ""} />
        <button type="submit" className="btn-primary min-h-10 py-2">
          Filter
        </button>
      </form>
      {error && <FormAlert>{error}</FormAlert>}
      {!data ? (
        !error && <Loading what="the audit log" />
      ) : (
        <>
          <DataTable
            caption="Audit entries, newest first"
            columns={columns}
            data={data.entries}
            empty="No entries match."
          />
          <p className="flex flex-wrap items-center gap-3 text-sm">
            {data.total} entries in all.
            <button
              type="button"
              className="btn-outline min-h-10 px-3 py-1"
              disabled={page <= 1}
              onClick={() => go(page - 1)}
            >
              Newer entries
            </button>
            <button
              type="button"
              className="btn-outline min-h-10 px-3 py-1"
              disabled={page * PAGE >= data.total}
              onClick={() => go(page + 1)}
            >
              Older entries
            </button>
          </p>
        </>
      )}
    </StaffPage>
  );
}
