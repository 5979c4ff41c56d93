import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link } from "react-router";
import { RefundButton } from "~/components/staff/RefundButton";
import { Input, Select, staffMeta } from "~/components/staff/StaffConsole";
import { StaffList, useStaffList } from "~/components/staff/StaffList";
import { dateTime, label, money } from "~/lib/staff-format";
import { call } from "~/lib/api/client";
import type { InputOf } from "~/schemas/endpoint";
import { LIST_SORTS, ordersEndpoint, orderStatuses, type OrderRow } from "~/schemas/staff";
import { CANCELLATION_HOURS } from "~/data/program-rules";

export const meta = () => staffMeta("Orders", "/staff/orders");

const col = createColumnHelper<OrderRow>();

export default function Orders() {
  const list = useStaffList(["status", "from", "to", "q", "sort"], (query) =>
    call(ordersEndpoint, { query: query as InputOf<typeof ordersEndpoint>["query"] }).then((d) => ({
      rows: d.orders,
      total: d.total,
    })),
  );
  const { params, set, setData } = list;
  const [notice, setNotice] = useState<string | null>(null);
  const replace = (o: OrderRow) => setData((d) => (d ? { ...d, rows: d.rows.map((x) => (x.id === o.id ? o : x)) } : d));

  const columns = [
    col.accessor("createdAt", { header: "Date", cell: (c) => dateTime(c.getValue()) }),
    col.accessor("reference", { header: "Order", cell: (c) => <span className="font-mono">{c.getValue()}</span> }),
    col.accessor("name", {
      header: "Buyer",
      cell: (c) => {
        const o = c.row.original;
        return o.userId ? (
          <Link to={`/staff/candidates/${o.userId}`} className="link">
            {o.name}
          </Link>
        ) : (
          o.name
        );
      },
    }),
    col.accessor("email", { header: "E-mail" }),
    col.accessor("examTitle", { header: "Exam" }),
    col.accessor("priceCents", { header: "Amount", cell: (c) => money(c.getValue(), c.row.original.currency) }),
    col.accessor("status", { header: "Payment", cell: (c) => label(c.getValue()) }),
    col.accessor("voucherCode", {
      header: "Voucher",
      cell: (c) =>
        c.getValue() ? (
          <span className="font-mono whitespace-nowrap">
            {c.getValue()} ({c.row.original.registrationState})
          </span>
        ) : (
          ""
        ),
    }),
    col.display({
      id: "refund",
      header: "Refund",
      cell: (c) => (
        <RefundButton
          order={c.row.original}
          onDone={(o, message) => {
            replace(o);
            setNotice(`${o.reference}: ${message}`);
          }}
        />
      ),
    }),
  ];

  return (
    <StaffList
      title="Orders"
      intro={`A paid order can be refunded within ${CANCELLATION_HOURS} hours of purchase while its voucher is unused (refund policy). The registration fee's amount is not published, so the whole price is refunded.`}
      list={list}
      submitNames={["q", "from", "to"]}
      filters={
        <>
          <Select
            label="Payment state"
            value={params.get("status") ?? ""}
            onChange={(v) => set("status", v)}
            options={[["", "All"], ...orderStatuses.map((s) => [s, label(s)] as [string, string])]}
          />
          <Input label="Ordered from" name="from" type="date" defaultValue={params.get("from") ?? ""} />
          <Input label="Ordered until" name="to" type="date" defaultValue={params.get("to") ?? ""} />
          <Input
            label="Search (reference, name, e-mail, voucher)"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
          />
        </>
      }
      notice={notice}
      what="the orders"
      caption="Orders, newest first unless sorted"
      columns={columns}
      sortable={LIST_SORTS.orders}
      empty="No orders match."
    />
  );
}
