import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "~/components/FormAlert";
import { DataTable } from "~/components/staff/DataTable";
import { RefundButton } from "~/components/staff/RefundButton";
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
import { dateTime, label, money } from "~/lib/staff-format";
import { orders } from "~/lib/api/staff";
import { orderStatuses, type OrderRow } from "~/schemas/staff";
import { CANCELLATION_HOURS } from "~/data/program-rules";

export const meta = () => staffMeta("Orders", "/staff/orders");

const col = createColumnHelper<OrderRow>();

export default function Orders() {
  const { token } = useStaff();
  const { params, set, submit } = useFilterParams();
  const [notice, setNotice] = useState<string | null>(null);
  const query = {
    status: params.get("status") || undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    q: params.get("q") || undefined,
    pageSize: "100",
  } as Parameters<typeof orders>[0];
  const { data, error, setData } = useLoad(() => orders(query, token), [params.toString(), token]);
  const replace = (o: OrderRow) =>
    setData((d) => (d ? { ...d, orders: d.orders.map((x) => (x.id === o.id ? o : x)) } : d));

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
          token={token}
          onDone={(o, message) => {
            replace(o);
            setNotice(`${o.reference}: ${message}`);
          }}
        />
      ),
    }),
  ];

  return (
    <StaffPage
      title="Orders"
      intro={`A paid order can be refunded within ${CANCELLATION_HOURS} hours of purchase while its voucher is unused (refund policy). The registration fee's amount is not published, so the whole price is refunded.`}
    >
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:items-end" onSubmit={submit(["q", "from", "to"])}>
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
        <button type="submit" className="btn-primary min-h-10 py-2">
          Search
        </button>
      </form>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {error && <FormAlert>{error}</FormAlert>}
      {!data ? (
        !error && <Loading what="the orders" />
      ) : (
        <DataTable caption="Orders, newest first" columns={columns} data={data.orders} empty="No orders match." />
      )}
    </StaffPage>
  );
}
