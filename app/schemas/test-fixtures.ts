import { endpoint } from "./endpoint";
import { z } from "./zod";

/**
 * Test fixtures for the browser journeys (server/routes/test-fixtures.ts): registered only when the
 * server runs with E2E_FIXTURES=true outside production, so journeys set up data without the staff console.
 */
export const fixtureResultEndpoint = endpoint({
  method: "POST",
  path: "/test-fixtures/result",
  body: z.strictObject({
    /** the exam whose open voucher gets the result (default: the newest open voucher) */
    certId: z.optional(z.number()),
    scorePercent: z.optional(z.number().check(z.gte(0), z.lte(100))),
    indeterminate: z.optional(z.boolean()),
  }),
  response: {
    201: z.object({
      result: z.enum(["pass", "fail", "indeterminate"]),
      voucherCode: z.string(),
      credentialId: z.nullable(z.string()),
    }),
  },
});

/**
 * The first admin as `npm run admin:create` makes it (the same createInvitation, no e-mail): answers
 * the one-time set-password link's path. No session needed: the command line has none either.
 */
export const fixtureAdminInvitationEndpoint = endpoint({
  method: "POST",
  path: "/test-fixtures/admin-invitation",
  body: z.strictObject({ email: z.email() }),
  response: { 201: z.object({ path: z.string() }) },
});
