/** The API's error shape (DESIGN.md contracts). */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    readonly retryAfter?: number,
  ) {
    super(body.message);
  }
}

/** Where the API lives; same origin unless the build points it elsewhere. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? "";

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string | null } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/api${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      credentials: "same-origin",
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, {
      error: "network_error",
      message: "We could not reach the server. Check your connection and try again.",
    });
  }
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const body =
      data && typeof data === "object" && "message" in data
        ? (data as ApiErrorBody)
        : { error: "server_error", message: "Something went wrong on our side. Please try again in a moment." };
    const retry = Number(res.headers.get("retry-after"));
    throw new ApiError(res.status, body, Number.isFinite(retry) && retry > 0 ? retry : undefined);
  }
  return data as T;
}
