import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import { useId, useState } from "react";
import { ScrollHint } from "~/components/ScrollHint";
import { useOverflows } from "~/lib/useOverflows";
import { PAGE_SIZES } from "~/schemas/staff";

/** A list the server pages and sorts: the rows are one page of `total`; changes go back to the server. */
export interface ServerPaging {
  total: number;
  /** from 1 */
  page: number;
  pageSize: number;
  /** "column" or "-column" */
  sort?: string;
  /** the columns the server sorts by; the other headers do not sort */
  sortable: readonly string[];
  onChange: (next: { page?: number; pageSize?: number; sort?: string }) => void;
}

const toSorting = (sort?: string): SortingState =>
  sort ? [{ id: sort.replace(/^-/, ""), desc: sort.startsWith("-") }] : [];
const fromSorting = (s: SortingState) => (s[0] ? `${s[0].desc ? "-" : ""}${s[0].id}` : undefined);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are typed per column
const columnId = (c: ColumnDef<any, any>) => c.id ?? (c as { accessorKey?: string }).accessorKey;

/**
 * The console's table (TanStack Table): sortable columns (header buttons, aria-sort) and pages.
 * With `server`, the server pages and sorts (manual pagination and sorting): the table shows which
 * rows of the total it holds ("Rows 26–50 of 112") and never cuts a list short. Without it (short
 * lists that arrive whole), it sorts, filters and pages in the browser. Every control is a native
 * button, input or select, so the keyboard reaches all of it. The table scrolls sideways inside a
 * labelled, focusable region on narrow screens.
 */
export function DataTable<T>({
  caption,
  columns,
  data,
  empty = "Nothing to show.",
  filterLabel = "Filter these rows",
  initialSort = [],
  server,
}: {
  caption: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are typed per column
  columns: ColumnDef<T, any>[];
  data: T[];
  empty?: string;
  filterLabel?: string;
  initialSort?: SortingState;
  server?: ServerPaging;
}) {
  const id = useId();
  const [regionRef, overflows] = useOverflows<HTMLDivElement>();
  const [localSorting, setSorting] = useState<SortingState>(initialSort);
  const [globalFilter, setGlobalFilter] = useState("");
  const sorting = server ? toSorting(server.sort) : localSorting;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions each render by design
  const table = useReactTable({
    data,
    columns: server
      ? columns.map((c) => ({ ...c, enableSorting: server.sortable.includes(columnId(c) ?? "") }))
      : columns,
    getCoreRowModel: getCoreRowModel(),
    ...(server
      ? {
          manualPagination: true,
          manualSorting: true,
          rowCount: server.total,
          state: { sorting, pagination: { pageIndex: server.page - 1, pageSize: server.pageSize } },
          enableMultiSort: false,
          onSortingChange: (u) =>
            server.onChange({ sort: fromSorting(typeof u === "function" ? u(sorting) : u), page: 1 }),
          onPaginationChange: (u) => {
            const next = typeof u === "function" ? u({ pageIndex: server.page - 1, pageSize: server.pageSize }) : u;
            server.onChange({ page: next.pageIndex + 1, pageSize: next.pageSize });
          },
        }
      : {
          state: { sorting, globalFilter },
          onSortingChange: setSorting,
          onGlobalFilterChange: setGlobalFilter,
          getSortedRowModel: getSortedRowModel(),
          getFilteredRowModel: getFilteredRowModel(),
          getPaginationRowModel: getPaginationRowModel(),
          initialState: { pagination: { pageSize: 25 } },
        }),
  });
  const { pageIndex, pageSize } = table.getState().pagination;
  const shown = server ? data.length : table.getFilteredRowModel().rows.length;
  const pages = Math.max(1, table.getPageCount());
  const firstRow = server ? (server.page - 1) * server.pageSize + 1 : 0;
  const pageButton = (text: string, go: () => void, can: boolean) => (
    <button type="button" className="btn-outline min-h-10 px-3 py-1" onClick={go} disabled={!can}>
      {text}
    </button>
  );

  return (
    <div className="space-y-3">
      {server ? (
        <p className="text-sm text-muted" aria-live="polite">
          {server.total === 0 ? "No rows" : `Rows ${firstRow}–${firstRow + data.length - 1} of ${server.total}`}
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-filter`} className="block text-sm font-semibold text-navy-900">
              {filterLabel}
            </label>
            <input
              id={`${id}-filter`}
              type="search"
              value={globalFilter}
              onChange={(e) => setGlobalFilter(e.target.value)}
              className="mt-1 w-64 max-w-full rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          <p className="text-sm text-muted" aria-live="polite">
            {shown} {shown === 1 ? "row" : "rows"}
          </p>
        </div>
      )}
      {/* a focusable scrolling region, so the keyboard can scroll a wide table (axe: scrollable-region-focusable) */}
      {/* a table wider than the console says so, rather than hiding its last columns (issue 25.16) */}
      <ScrollHint id={`${id}-hint`} show={overflows} />
      <div
        ref={regionRef}
        // relative: a visually hidden (absolutely placed) label inside a wide table stays inside the box too
        className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
        role="region"
        aria-labelledby={`${id}-caption`}
        aria-describedby={overflows ? `${id}-hint` : undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption id={`${id}-caption`} className="p-3 text-left font-semibold text-navy-900">
            {caption}
          </caption>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id} className="border-b-2 border-navy-900">
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const label = flexRender(h.column.columnDef.header, h.getContext());
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className="p-2 align-bottom whitespace-nowrap"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    >
                      {h.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={h.column.getToggleSortingHandler()}
                          className="inline-flex min-h-6 items-center gap-1 rounded font-semibold text-navy-900 hover:underline"
                        >
                          {label}
                          <span aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-200 align-top">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="p-2">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {shown === 0 && (
              <tr>
                <td colSpan={columns.length} className="p-4 text-muted">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav aria-label={`Pages of ${caption.toLowerCase()}`} className="flex flex-wrap items-center gap-3 text-sm">
        {pageButton("Previous page", () => table.previousPage(), table.getCanPreviousPage())}
        <span>
          Page {pageIndex + 1} of {pages}
        </span>
        {pageButton("Next page", () => table.nextPage(), table.getCanNextPage())}
        <label className="flex items-center gap-2">
          Rows per page
          <select
            value={pageSize}
            onChange={(e) =>
              server
                ? server.onChange({ pageSize: Number(e.target.value), page: 1 })
                : table.setPageSize(Number(e.target.value))
            }
            className="rounded-md border border-slate-400 px-2 py-1"
          >
            {[...new Set([...PAGE_SIZES, pageSize])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </label>
      </nav>
    </div>
  );
}
