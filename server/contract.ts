import type { Endpoint } from "../app/schemas/endpoint";
import { errorBodySchema } from "../app/schemas/errors";

/**
 * The Fastify route options of a contract endpoint (app/schemas): method, URL and every schema,
 * with the error body for every 4xx and 5xx answer. Fastify validates what comes in with them and
 * serializes what goes out with them, so a field that the response schema does not name is never sent.
 */
export function fromContract<const E extends Endpoint>(e: E) {
  // only the schemas the endpoint has (Fastify warns about a key whose schema is undefined)
  const given = Object.fromEntries(
    (["body", "querystring", "params"] as const)
      // a multipart body is read part by part by its route (files are streamed), not validated whole
      .filter((k) => e[k] && !(k === "body" && e.multipart))
      .map((k) => [k, e[k]]),
  ) as { body: E["body"]; querystring: E["querystring"]; params: E["params"] };
  return {
    method: e.method,
    url: e.path,
    schema: {
      ...given,
      response: { ...e.response, "4xx": errorBodySchema, "5xx": errorBodySchema } as E["response"] & {
        "4xx": typeof errorBodySchema;
        "5xx": typeof errorBodySchema;
      },
    },
  };
}
