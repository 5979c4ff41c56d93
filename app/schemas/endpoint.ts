import { z } from "./zod";

type Schema = z.ZodMiniType;

/**
 * One API endpoint: its method, its path under /api (`:name` for a path parameter), the schemas of
 * what it takes (body, query string, path parameters) and of every success answer by status. The
 * server registers its route from this object and the browser's typed call parses the answer with it,
 * so the contract is written once.
 */
export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: Schema;
  /**
   * The body goes as multipart/form-data (a form with files, streamed by the server): each field a
   * part, each file (a Blob) a file part. The server validates these fields itself.
   */
  multipart?: true;
  querystring?: Schema;
  params?: Schema;
  /** success answers by status; error answers always have the error body (./errors) */
  response: Partial<Record<200 | 201 | 202 | 204, Schema>>;
}

/**
 * Declares an endpoint as its request reads, method and path first:
 * `endpoint("POST", "/orders", { body: orderSchema, response: { 201: … } })`.
 */
export function endpoint<
  const M extends Endpoint["method"],
  const P extends string,
  const S extends Omit<Endpoint, "method" | "path">,
>(method: M, path: P, schemas: S): { method: M; path: P } & S {
  return { method, path, ...schemas };
}

/** The parsed success answer of an endpoint (the union over its success statuses). */
export type ResponseOf<E extends Endpoint> = {
  [K in keyof E["response"]]: E["response"][K] extends Schema ? z.output<E["response"][K]> : never;
}[keyof E["response"]];

/** What the caller gives: the body as the form holds it (schema input), the query and path parameters. */
export type InputOf<E extends Endpoint> = (E["body"] extends Schema ? { body: z.input<E["body"]> } : unknown) &
  (E["querystring"] extends Schema ? { query: z.input<E["querystring"]> } : unknown) &
  (E["params"] extends Schema ? { params: z.input<E["params"]> } : unknown);

/**
 * A whole number written in a path or a query string ("42"), of 1 to `digits` digits, given to the route
 * as a number; `message` is what a malformed one answers (zod's default without it).
 */
export const wholeNumberParam = (digits: number, message?: string) =>
  z.pipe(z.string().check(z.regex(new RegExp(`^\\d{1,${digits}}$`), message)), z.transform(Number));

/** The `:id` of a path: a row's id. */
export const idParam = wholeNumberParam(9);
export const idParams = z.object({ id: idParam });

/**
 * A GET whose answer is a file's bytes, not JSON (a PDF, a photo, a download): the schema says only that
 * there is one; errors are the usual error body.
 */
export function fileEndpoint<const P extends string, Params extends Schema>(path: P, params: Params) {
  return endpoint("GET", path, { params, response: { 200: z.unknown() } });
}

/** The rows of a list answer under their name: `{ key: row[] }`. */
export const rowsUnder = <const K extends string, R extends Schema>(key: K, row: R) =>
  ({ [key]: z.array(row) }) as { [k in K]: z.ZodMiniArray<R> };

/** A GET whose answer is every row of a list (no paging, unlike the console's lists): `{ key: row[] }`. */
export function rowsEndpoint<const P extends string, const K extends string, R extends Schema>(
  path: P,
  key: K,
  row: R,
) {
  return endpoint("GET", path, { response: { 200: z.object(rowsUnder(key, row)) } });
}
