import type { Endpoint, InputOf, ResponseOf } from "~/schemas/endpoint";
import { errorBodySchema } from "~/schemas/errors";
import { API_BASE, formDataOf, pathOf } from "./client";
import { ApiError } from "./error";

/**
 * `call` for a multipart endpoint whose upload takes a while (check-in's photos): the same request and the
 * same parsing of the answer, with the share of the body sent so far reported as it goes (0 to 1). fetch
 * cannot report an upload's progress; XMLHttpRequest can.
 */
export function callWithProgress<E extends Endpoint>(
  e: E,
  input: InputOf<E>,
  onProgress: (sent: number) => void,
): Promise<ResponseOf<E>> {
  const { body, params } = input as { body?: Record<string, unknown>; params?: Record<string, unknown> };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(e.method, `${API_BASE}/api${pathOf(e, params)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (ev) => ev.lengthComputable && onProgress(ev.loaded / ev.total);
    xhr.onerror = () =>
      reject(
        new ApiError(0, {
          error: "network_error",
          message: "We could not reach the server. Check your connection and try again.",
        }),
      );
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      const unexpected = { error: "server_error", message: "Something went wrong on our side. Please try again." };
      if (xhr.status < 200 || xhr.status >= 300) {
        const parsed = errorBodySchema.safeParse(data);
        return reject(new ApiError(xhr.status, parsed.success ? parsed.data : unexpected));
      }
      const parsed = e.response[xhr.status as keyof Endpoint["response"]]?.safeParse(data);
      if (!parsed?.success) return reject(new ApiError(xhr.status, unexpected));
      onProgress(1);
      resolve(parsed.data as ResponseOf<E>);
    };
    xhr.send(formDataOf(body ?? {}));
  });
}
