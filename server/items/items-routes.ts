import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  acceptAgreementEndpoint,
  createItemEndpoint,
  itemEndpoint,
  itemsEndpoint,
  newVersionEndpoint,
  reviewItemEndpoint,
  smeAgreementEndpoint,
  updateItemEndpoint,
} from "../../app/schemas/items";
import type { Endpoint } from "../../app/schemas/endpoint";
import type { z } from "../../app/schemas/zod";
import { fromContract } from "../contract";
import { HttpError } from "../errors";
import { requireRole, userOf } from "../plugins/session";
import { acceptAgreement, agreementStatus, requireCurrentAgreement } from "./agreement";
import { createItem, getItem, listItems, newVersion, reviewItem, updateItem, type SmeActor } from "./bank";

/** What an endpoint's request carries once validated: its path parameters and its body. */
type Sent<E extends Endpoint> = {
  params: E["params"] extends z.ZodMiniType ? z.output<E["params"]> : undefined;
  body: E["body"] extends z.ZodMiniType ? z.output<E["body"]> : undefined;
};

/** The signed-in SME (403 to any other role: only subject-matter experts write, review and sign the agreement). */
function smeOf(request: FastifyRequest): SmeActor {
  const user = userOf(request);
  if (user.role !== "sme")
    throw new HttpError(403, "forbidden", "Only subject-matter experts write and review exam items.");
  return { id: user.id, role: user.role };
}

/**
 * The item bank in the console (issue 30): under /api/staff, in a scope of its own whose hook lets in
 * subject-matter experts, staff and admins (401 for guests, 403 for candidates and other roles) before
 * anything else runs. Staff and admins read the bank; SMEs read it and, only they, write and review it,
 * once they have accepted the current agreement (403 agreement_required before). Registered by server/app.ts.
 */
export default async function itemRoutes(app: FastifyInstance, opts: { sqlConfigured?: boolean } = {}) {
  app.addHook("onRequest", requireRole("sme", "staff", "admin"));
  const r = app.withTypeProvider<ZodTypeProvider>();
  // before the body is validated: another role learns nothing from an SME-only route but 403
  const onlySme = async (request: FastifyRequest) => void smeOf(request);
  const checks = () => ({ sqlConfigured: opts.sqlConfigured ?? false });
  /** An SME who may work on the bank now (the agreement accepted). */
  const author = async (request: FastifyRequest) => {
    const sme = smeOf(request);
    await requireCurrentAgreement(app.db, sme.id);
    return sme;
  };
  /** Anyone in this scope reads the bank; an SME only after the agreement. */
  const reader = async (request: FastifyRequest) => {
    if (userOf(request).role === "sme") await author(request);
  };

  r.route({
    ...fromContract(smeAgreementEndpoint),
    onRequest: onlySme,
    async handler(request, reply) {
      return reply.status(200).send(await agreementStatus(app.db, smeOf(request).id));
    },
  });

  r.route({
    ...fromContract(acceptAgreementEndpoint),
    onRequest: onlySme,
    async handler(request, reply) {
      return reply.status(200).send(await acceptAgreement(app.db, smeOf(request), request.body));
    },
  });

  r.route({
    ...fromContract(itemsEndpoint),
    async handler(request, reply) {
      await reader(request);
      return reply.status(200).send(await listItems(app.db, request.query));
    },
  });

  r.route({
    ...fromContract(itemEndpoint),
    async handler(request, reply) {
      await reader(request);
      return reply.status(200).send(await getItem(app.db, request.params.id));
    },
  });

  /**
   * A route by which an SME writes to the bank (a new item, a draft's edit, a new version, a review step):
   * SME-only before the body is read, by an author who has accepted the agreement. `write` answers the id of
   * the version it wrote; the answer is that version as it now stands, with `status`.
   */
  function writeRoute<const E extends Endpoint>(
    endpoint: E,
    status: 200 | 201,
    write: (sme: SmeActor, sent: Sent<E>) => Promise<number>,
  ) {
    app.route({
      ...fromContract<Endpoint>(endpoint),
      onRequest: onlySme,
      async handler(request, reply) {
        // validated by the endpoint's schemas
        const id = await write(await author(request), request as unknown as Sent<E>);
        return reply.status(status).send(await getItem(app.db, id));
      },
    });
  }

  writeRoute(createItemEndpoint, 201, (sme, { body }) => createItem(app.db, sme, body, checks()));
  writeRoute(updateItemEndpoint, 200, async (sme, { params, body }) => {
    await updateItem(app.db, sme, params.id, body, checks());
    return params.id;
  });
  writeRoute(newVersionEndpoint, 201, (sme, { params }) => newVersion(app.db, sme, params.id, checks()));
  writeRoute(reviewItemEndpoint, 200, async (sme, { params, body }) => {
    await reviewItem(app.db, sme, params.id, body, checks());
    return params.id;
  });
}
