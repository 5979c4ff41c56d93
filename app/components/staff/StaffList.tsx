import type { ColumnDef } from "@tanstack/react-table";
import { FormAlert } from "~/forms/form-alert";
import { PAGE_SIZES } from "~/schemas/staff";
import { DataTable, type ServerPaging } from "./DataTable";
import { Loading, StaffPage, useFilterParams, useLoad } from "./StaffConsole";

const DEFAULT_PAGE_SIZE = 25;

/** The query of a server-paged list (app/schemas/staff.ts listQuery): its filters, page, page size and sort. */
export type ListQuery = Record<string, string | undefined>;

/**
 * A list the server pages, sorts and filters, with all of it in the address (the named filters, page,
 * pageSize, sort), so a page of a filtered list can be shared and reloaded. `load` turns the query into
 * one page of rows and the total.
 */
export function useStaffList<R extends { id: number }>(
  filterNames: readonly string[],
  load: (query: ListQuery) => Promise<{ rows: R[]; total: number }>,
  /** what else the list depends on (the queue of a path) */
  deps: unknown[] = [],
) {
  const filters = useFilterParams();
  const { params, update } = filters;
  const page = Math.max(1, Number(params.get("page")) || 1);
  // any size the server takes (1 to 100) may come in the address; the pager offers PAGE_SIZES
  const asked = Number(params.get("pageSize"));
  const pageSize = Number.isInteger(asked) && asked >= 1 && asked <= PAGE_SIZES.at(-1)! ? asked : DEFAULT_PAGE_SIZE;
  const sort = params.get("sort") || undefined;
  const query: ListQuery = {
    ...Object.fromEntries(filterNames.map((k) => [k, params.get(k) || undefined])),
    page: String(page),
    pageSize: String(pageSize),
    sort,
  };
  const loaded = useLoad(() => load(query), [params.toString(), ...deps]);
  const paging = (sortable: readonly string[], total: number): ServerPaging => ({
    total,
    page,
    pageSize,
    sort,
    sortable,
    onChange: (next) =>
      update({
        ...(next.page !== undefined ? { page: next.page > 1 ? String(next.page) : "" } : {}),
        ...(next.pageSize !== undefined ? { pageSize: String(next.pageSize) } : {}),
        ...("sort" in next ? { sort: next.sort ?? "" } : {}),
      }),
  });
  /** puts a changed row (a decision, a refund) in place of the loaded row with its id */
  const replace = (row: R) =>
    loaded.setData((d) => (d ? { ...d, rows: d.rows.map((x) => (x.id === row.id ? row : x)) } : d));
  return { ...filters, ...loaded, query, paging, replace };
}

/**
 * The frame of a console list page (inbox, orders, candidates, audit, the request queues, continuing
 * education): the heading, a bar of filters sent with one button (or, without `submitNames`, filters that
 * apply at once), what the page adds under it, the notice or error, the server-paged table and what the
 * page shows after it.
 */
export function StaffList<R extends { id: number }>({
  title,
  intro,
  list,
  filters,
  submitNames,
  submitLabel = "Search",
  narrow = false,
  children,
  after,
  notice,
  what,
  caption,
  columns,
  sortable = [],
  empty,
}: {
  title: string;
  intro?: React.ReactNode;
  list: ReturnType<typeof useStaffList<R>>;
  /** the filter fields; the text and date inputs among them are named in `submitNames` */
  filters: React.ReactNode;
  /** without it, no form: the filters are selects that apply at once */
  submitNames?: string[];
  submitLabel?: string;
  /** one search field: the bar is a single row instead of a grid */
  narrow?: boolean;
  children?: React.ReactNode;
  /** under the table (the chosen row's details) */
  after?: React.ReactNode;
  notice?: string | null;
  /** "the orders": shown while the page loads */
  what: string;
  caption: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are typed per column
  columns: ColumnDef<R, any>[];
  sortable?: readonly string[];
  empty: string;
}) {
  const { data, error } = list;
  return (
    <StaffPage title={title} intro={intro}>
      {submitNames ? (
        <form
          className={
            narrow ? "flex flex-wrap items-end gap-3" : "grid gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:items-end"
          }
          onSubmit={list.submit(submitNames)}
        >
          {filters}
          <button type="submit" className="btn-primary min-h-10 py-2">
            {submitLabel}
          </button>
        </form>
      ) : (
        filters
      )}
      {children}
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {error && <FormAlert>{error}</FormAlert>}
      {!data ? (
        !error && <Loading what={what} />
      ) : (
        <DataTable
          caption={caption}
          columns={columns}
          data={data.rows}
          empty={empty}
          server={list.paging(sortable, data.total)}
        />
      )}
      {after}
    </StaffPage>
  );
}
