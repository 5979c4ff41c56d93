/**
 * The JSON body parser, in place of Fastify's own (which makes the same checks but answers every refusal as
 * "not valid JSON", throwing away why). Bodies are parsed with secure-json-parse, as Fastify does, refusing a
 * key that could reach an object's prototype (`__proto__`, or `constructor` holding `prototype`): such a body
 * is valid JSON, so the client is told which keys are refused instead. Fastify's body limit, content-type
 * matching and empty-body refusal are unchanged.
 */
import type { FastifyInstance } from "fastify";
import { parse } from "secure-json-parse";
import { HttpError } from "../errors";

const REFUSE = { protoAction: "error", constructorAction: "error" } as const;

export const NOT_JSON = "The request body is not valid JSON.";
export const EMPTY_BODY = "The request body is empty; send a JSON object.";
export const PROTOTYPE_KEY =
  "The request body has a key that is not accepted: __proto__, or constructor holding prototype. Remove it and send again.";

/** Parses a JSON body, or says in words why it cannot be taken (always 400, error `invalid_json`). */
export function parseJsonBody(body: string): unknown {
  if (body.length === 0) throw new HttpError(400, "invalid_json", EMPTY_BODY);
  try {
    return parse(body, REFUSE);
  } catch {
    // the error path only: valid JSON here means secure-json-parse refused a key
    let valid = true;
    try {
      JSON.parse(body);
    } catch {
      valid = false;
    }
    throw new HttpError(400, "invalid_json", valid ? PROTOTYPE_KEY : NOT_JSON);
  }
}

export function installJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (e) {
      done(e as HttpError, undefined);
    }
  });
}
