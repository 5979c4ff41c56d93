import type { ColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { dateTime, day, label } from "~/lib/staff-format";

/** What a shared cell reads of TanStack's cell context: the value, and the row for a link. */
interface Cell<V, T = unknown> {
  getValue: () => V;
  row: { original: T };
}

/**
 * The cells the console's tables share, for a column's `cell`: a stored word as a label ("in_progress" is
 * "In progress"), a day ("Nov 23, 2026"), a date with its time, a code in a fixed-width font.
 */
export const labelCell = (c: Cell<string>) => label(c.getValue());
export const dayCell = (c: Cell<string | null>) => day(c.getValue());
export const dateTimeCell = (c: Cell<string | null>) => dateTime(c.getValue());
export const codeCell = (c: Cell<string>) => <span className="font-mono">{c.getValue()}</span>;

/** A cell whose value links to the row's own page: `linkCell((r) => `/staff/items/${r.id}`)`. */
export const linkCell =
  <T,>(to: (row: T) => string, className = "link") =>
  (c: Cell<React.ReactNode, T>) => (
    <Link className={className} to={to(c.row.original)}>
      {c.getValue()}
    </Link>
  );

/** The page of a candidate's account, where a row that names the candidate links. */
export const candidatePage = (r: { userId: number | null }) => `/staff/candidates/${r.userId}`;

/** A column with no value of its own: what the row's `cell` renders (an action's button or form). */
export const actionColumn = <T,>(col: ColumnHelper<T>, id: string, header: string, cell: (row: T) => React.ReactNode) =>
  col.display({ id, header, cell: (c) => cell(c.row.original) });
