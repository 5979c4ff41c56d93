import type { Endpoint, InputOf, ResponseOf } from "~/schemas/endpoint";
import { errorBodySchema, type ErrorBody } from "~/schemas/errors";
import { ApiError, apiMessage } from "./error";

export { ApiError, apiMessage };

/** Where the API lives; same origin unless the build points it elsewhere. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? "";

const UNREACHABLE: ErrorBody = {
  error: "network_error",
  message: "We could not reach the server. Check your connection and try again.",
};
const UNEXPECTED: ErrorBody = {
  error: "server_error",
  message: "Something went wrong on our side. Please try again in a moment.",
};

/** The endpoint's path with its `:name` parameters filled in (encoded). */
export function pathOf(e: Endpoint, params?: Record<string, unknown>): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
}

/** A multipart body: fields first (the server reads them before the files), then every file part. */
export function formDataOf(body: Record<string, unknown>): FormData {
  const form = new FormData();
  const files: [string, Blob][] = [];
  for (const [key, value] of Object.entries(body)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v instanceof Blob) files.push([key, v]);
      else if (v !== undefined && v !== null) form.append(key, String(v));
    }
  }
  for (const [key, blob] of files) form.append(key, blob, blob instanceof File ? blob.name : "file");
  return form;
}

/**
 * Calls one endpoint of the contract (app/schemas) and parses the answer with the endpoint's own
 * response schema: what the caller gets is exactly what the schema describes, or an ApiError.
 * The session cookie (HttpOnly, sent with `credentials: "same-origin"`) authenticates the call: no
 * caller passes a token. Components call it directly: `call(myExamsEndpoint, {})`.
 */
export async function call<E extends Endpoint>(
  e: E,
  input: InputOf<E> & { signal?: AbortSignal },
): Promise<ResponseOf<E>> {
  const { body, query, params } = input as {
    body?: unknown;
    query?: Record<string, unknown>;
    params?: Record<string, unknown>;
  };
  const headers: Record<string, string> = { accept: "application/json" };
  // a form with files goes as multipart/form-data (the browser sets the type with its boundary)
  const sent = body !== undefined && e.multipart ? formDataOf(body as Record<string, unknown>) : undefined;
  if (body !== undefined && !sent) headers["content-type"] = "application/json";
  const search = query
    ? `?${new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined && v !== "")
          .map(([k, v]) => [k, String(v)]),
      )}`
    : "";
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/api${pathOf(e, params)}${search === "?" ? "" : search}`, {
      method: e.method,
      headers,
      credentials: "same-origin",
      body: sent ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: input.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError(0, UNREACHABLE);
  }
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => undefined);
  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(data);
    const retry = Number(res.headers.get("retry-after"));
    throw new ApiError(res.status, parsed.success ? parsed.data : UNEXPECTED, retry > 0 ? retry : undefined);
  }
  const schema = e.response[res.status as keyof Endpoint["response"]];
  const parsed = schema?.safeParse(data);
  if (!parsed?.success) throw new ApiError(res.status, UNEXPECTED);
  return parsed.data as ResponseOf<E>;
}
