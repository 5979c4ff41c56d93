import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link } from "react-router";
import { codeCell, dateTimeCell, labelCell } from "~/components/staff/Columns";
import { refundColumn } from "~/components/staff/RefundButton";
import { FilterSelect, Input, staffMeta } from "~/components/staff/StaffConsole";
import { StaffList, useStaffList } from "~/components/staff/StaffList";
import { money } from "~/lib/staff-format";
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
  const { params } = list;
  const [notice, setNotice] = useState<string | null>(null);

  const columns = [
    col.accessor("createdAt", { header: "Date", cell: dateTimeCell }),
    col.accessor("reference", { header: "Order", cell: codeCell }),
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
    col.accessor("status", { header: "Payment", cell: labelCell }),
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
    refundColumn(col, (o, message) => {
      list.replace(o);
      setNotice(`${o.reference}: ${message}`);
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
          <FilterSelect list={list} name="status" label="Payment state" all="All" values={orderStatuses} />
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
