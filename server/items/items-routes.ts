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
import { fromContract } from "../contract";
import { HttpError } from "../errors";
import { requireRole, userOf } from "../plugins/session";
import { acceptAgreement, agreementStatus, requireCurrentAgreement } from "./agreement";
import { createItem, getItem, listItems, newVersion, reviewItem, updateItem, type SmeActor } from "./bank";

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

  r.route({
    ...fromContract(createItemEndpoint),
    onRequest: onlySme,
    async handler(request, reply) {
      const id = await createItem(app.db, await author(request), request.body, checks());
      return reply.status(201).send(await getItem(app.db, id));
    },
  });

  r.route({
    ...fromContract(updateItemEndpoint),
    onRequest: onlySme,
    async handler(request, reply) {
      await updateItem(app.db, await author(request), request.params.id, request.body, checks());
      return reply.status(200).send(await getItem(app.db, request.params.id));
    },
  });

  r.route({
    ...fromContract(newVersionEndpoint),
    onRequest: onlySme,
    async handler(request, reply) {
      const id = await newVersion(app.db, await author(request), request.params.id, checks());
      return reply.status(201).send(await getItem(app.db, id));
    },
  });

  r.route({
    ...fromContract(reviewItemEndpoint),
    onRequest: onlySme,
    async handler(request, reply) {
      await reviewItem(app.db, await author(request), request.params.id, request.body, checks());
      return reply.status(200).send(await getItem(app.db, request.params.id));
    },
  });
}
