import {
  and,
  asc,
  desc,
  getTableName,
  gte,
  ilike,
  lt,
  or,
  sql,
  type Column,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";

/** Paging and date filters shared by the console's lists. */

export const DEFAULT_PAGE_SIZE = 25;

export function paging(q: { page?: number; pageSize?: number }) {
  const limit = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = Math.max(1, q.page ?? 1);
  return { limit, offset: (page - 1) * limit };
}

/** What every console list can be filtered and sorted by; a list adds its own fields. */
export interface ListFilter {
  /** a column key, "-key" for descending (`sortOrder`) */
  sort?: string;
  /** calendar days, both included (`dayRange`) */
  from?: string;
  to?: string;
  /** text searched for in the list's columns (`containsText`) */
  q?: string;
}

/** `from` and `to` are calendar days (UTC), both included: [from 00:00, the day after `to` 00:00). */
export function dayRange(q: { from?: string; to?: string }): { from?: Date; to?: Date } {
  const day = (s: string) => {
    const d = new Date(`${s}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? undefined : d;
  };
  const from = q.from ? day(q.from) : undefined;
  const end = q.to ? day(q.to) : undefined;
  return { from, to: end ? new Date(end.getTime() + 86_400_000) : undefined };
}

/** The conditions that keep `column` within the filter's days (`dayRange`): none, one or both ends. */
export function withinDays(column: Column, q: { from?: string; to?: string }): SQL[] {
  const { from, to } = dayRange(q);
  return [...(from ? [gte(column, from)] : []), ...(to ? [lt(column, to)] : [])];
}

/**
 * The WHERE of a console list: the list's own conditions, then its days (`withinDays` on `dayColumn`) and its
 * search text (`containsText` in `textColumns`); all of them hold, or no condition when there is none.
 */
export function listConditions(
  own: SQL[],
  f: ListFilter,
  dayColumn: Column,
  textColumns: (Column | SQL)[],
): SQL | undefined {
  const where = [...own, ...withinDays(dayColumn, f), ...(f.q ? [containsText(f.q, textColumns)] : [])];
  return where.length ? and(...where) : undefined;
}

/** `%` and `_` typed by a person are searched for literally in an ILIKE pattern. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search typed by a person: any of the columns contains the text (ILIKE, case-insensitive). */
export function containsText(text: string, columns: (Column | SQL)[]): SQL {
  const p = likePattern(text);
  return or(...columns.map((c) => ilike(c, p)))!;
}

/**
 * ORDER BY for a list's `sort` ("column" ascending, "-column" descending; the schema allows only the list's
 * keys), followed by the list's own order, which also breaks ties so paging is stable.
 */
export function sortOrder(sort: string | undefined, columns: Record<string, SQLWrapper>, fallback: SQL[]): SQL[] {
  if (!sort) return fallback;
  const descending = sort.startsWith("-");
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) return fallback;
  return [descending ? desc(column) : asc(column), ...fallback];
}

/**
 * A column named with its table: `"orders"."user_id"`. Inside a correlated subquery drizzle writes a
 * column of a one-table select by its bare name, which the subquery then reads as its own column
 * (`where "user_id" = "id"` compared the subquery's rows with themselves: every candidate got the same
 * counts, issue 25.13). Name both sides of a correlation with this.
 */
export const qualified = (column: Column) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The order of a review queue: what still waits first, the one waiting longest (or due soonest) first; then
 * what was decided, the latest decision first.
 */
export const queueOrder = (waiting: SQL, since: Column, decidedAt: Column, id: Column): SQL[] => [
  sql`case when ${waiting} then 0 else 1 end`,
  asc(sql`case when ${waiting} then ${since} end`),
  desc(decidedAt),
  asc(id),
];

/** The page of a console list: `limit` rows from `offset`, or every row (the list's export) when `limit` is null. */
export interface ListPage {
  limit: number | null;
  offset: number;
}

/** A select of how many rows match: `db.select(rowCount).from(…)` with the list's joins and WHERE. */
export const rowCount = { n: sql<number>`count(*)::int` };

/**
 * One page of a console list with the total its filter matches: `rows`, the list's sorted query, cut to the
 * page (all of it when `page.limit` is null), and `count`, a `rowCount` select over the same rows.
 */
export async function pageWithTotal<T>(
  rows: PromiseLike<T[]> & { limit(limit: number): { offset(offset: number): PromiseLike<T[]> } },
  page: ListPage,
  count: PromiseLike<{ n: number }[]>,
): Promise<{ rows: T[]; total: number }> {
  const found = page.limit === null ? await rows : await rows.limit(page.limit).offset(page.offset);
  const [counted] = await count;
  return { rows: found, total: counted?.n ?? 0 };
}
