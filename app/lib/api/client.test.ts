import { afterEach, describe, expect, it, vi } from "vitest";
import { meEndpoint, logoutEndpoint } from "~/schemas/auth";
import { endpoint } from "~/schemas/endpoint";
import { z } from "~/schemas/zod";
import { testUser } from "~/testing/user";
import { ApiError, call } from "./client";

const user = testUser({ id: 7 });

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json", ...headers },
      }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("call(): the browser's side of the contract", () => {
  it("parses the answer with the endpoint's response schema and drops what the schema does not name", async () => {
    const fetch = answer(200, { user: { ...user, passwordHash: "$argon2id$..." }, extra: 1 });
    vi.stubGlobal("fetch", fetch);
    const res = await call(meEndpoint, {});
    expect(res).toEqual({ user });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/me");
    expect(init?.method).toBe("GET");
    // the session cookie authenticates the call: it goes with the request, and no token is sent
    expect(init?.credentials).toBe("same-origin");
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it("refuses an answer that does not match the schema, as a server error", async () => {
    vi.stubGlobal("fetch", answer(200, { user: { id: "seven" } }));
    await expect(call(meEndpoint, {})).rejects.toMatchObject({ status: 200, body: { error: "server_error" } });
  });

  it("turns an error answer into an ApiError with the error body and Retry-After", async () => {
    const body = { error: "too_many_attempts", message: "Too many failed logins.", fields: { email: "x" } };
    vi.stubGlobal("fetch", answer(429, body, { "retry-after": "30" }));
    const err = (await call(meEndpoint, {}).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(429);
    expect(err.body).toEqual(body);
    expect(err.retryAfter).toBe(30);
  });

  it("gives a generic message when an error answer is not the API's error body", async () => {
    vi.stubGlobal("fetch", answer(502, "<html>Bad gateway</html>"));
    await expect(call(meEndpoint, {})).rejects.toMatchObject({ status: 502, body: { error: "server_error" } });
  });

  it("reports an unreachable server as status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(call(meEndpoint, {})).rejects.toMatchObject({ status: 0, body: { error: "network_error" } });
  });

  it("accepts 204 with no body, and fills path parameters and the query string, encoded", async () => {
    vi.stubGlobal("fetch", answer(204, undefined));
    await expect(call(logoutEndpoint, {})).resolves.toBeNull();
    const fetch = answer(200, { ok: true });
    vi.stubGlobal("fetch", fetch);
    const lookup = endpoint("GET", "/things/:id", {
      params: z.object({ id: z.string() }),
      querystring: z.object({ q: z.optional(z.string()), empty: z.optional(z.string()) }),
      response: { 200: z.object({ ok: z.boolean() }) },
    });
    await call(lookup, { params: { id: "a/b c" }, query: { q: "x&y", empty: "" } });
    expect(fetch.mock.calls[0]![0]).toBe("/api/things/a%2Fb%20c?q=x%26y");
  });
});
