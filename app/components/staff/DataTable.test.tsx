// @vitest-environment jsdom
import { createColumnHelper } from "@tanstack/react-table";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataTable } from "./DataTable";

type Row = { id: number; reference: string; note: string };
const col = createColumnHelper<Row>();
const columns = [col.accessor("reference", { header: "Order" }), col.accessor("note", { header: "Note" })];
/** rows 26 to 50 of 112, as the server sends page 2 of 25 */
const page2 = Array.from({ length: 25 }, (_, i) => ({ id: 26 + i, reference: `ORD-${26 + i}`, note: "x" }));

afterEach(cleanup);

/** The table holding page `page` of 112 orders, sortable by reference only. */
const paged = (onChange: () => void, more: { page?: number; sort?: string } = {}) => (
  <DataTable
    caption="Orders"
    columns={columns}
    data={page2}
    server={{ total: 112, page: 2, pageSize: 25, sortable: ["reference"], onChange, ...more }}
  />
);

describe("DataTable paged and sorted by the server", () => {
  it("shows which rows of the total it holds and pages through the server, never cutting the list short", async () => {
    const onChange = vi.fn();
    render(paged(onChange));
    expect(screen.getByText("Rows 26–50 of 112")).toBeTruthy();
    expect(screen.getByText("Page 2 of 5")).toBeTruthy();
    // every row the server sent is shown (no second paging in the browser)
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(26);
    // no filter box: it could only filter the one page
    expect(screen.queryByRole("searchbox")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, pageSize: 25 });
    await userEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25 });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Rows per page" }), "100");
    expect(onChange).toHaveBeenLastCalledWith({ pageSize: 100, page: 1 });
  });

  it("sorts on the server by the columns it names, from the first page; the other headers do not sort", async () => {
    const onChange = vi.fn();
    const { rerender } = render(paged(onChange));
    expect(screen.queryByRole("button", { name: /Note/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /Order/ }));
    expect(onChange).toHaveBeenLastCalledWith({ sort: "reference", page: 1 });
    rerender(paged(onChange, { page: 1, sort: "reference" }));
    expect(screen.getByRole("columnheader", { name: /Order/ }).getAttribute("aria-sort")).toBe("ascending");
    await userEvent.click(screen.getByRole("button", { name: /Order/ }));
    expect(onChange).toHaveBeenLastCalledWith({ sort: "-reference", page: 1 });
  });

  it("an empty result says so", () => {
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        data={[]}
        empty="No orders match."
        server={{ total: 0, page: 1, pageSize: 25, sortable: [], onChange: () => {} }}
      />,
    );
    expect(screen.getByText("No rows")).toBeTruthy();
    expect(screen.getByText("No orders match.")).toBeTruthy();
  });
});
