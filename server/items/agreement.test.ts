/**
 * Issue 30.1: an admin invites a subject-matter expert; before first access the SME accepts the
 * non-disclosure agreement and declares no conflict of interest, each stored with its version and time
 * and audited; until then the bank answers 403 agreement_required. Other roles never sign it.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SME_COI, SME_NDA } from "../../app/data/sme-agreement";
import { auditLog, smeAgreements } from "../db/schema";
import { accountWithRole, inviteStaff, staffInvitationMail } from "../testing/accounts";
import { testApp, type TestContext } from "../testing/helpers";

let t: TestContext;
let admin: Awaited<ReturnType<typeof accountWithRole>>;
beforeAll(async () => {
  t = await testApp({}, { STAFF_SESSION_TTL_HOURS: "8" });
  admin = await accountWithRole(t.app, "admin");
});
afterAll(() => t.close());

const api = (method: "GET" | "POST", url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const accept = { ndaVersion: SME_NDA.version, coiVersion: SME_COI.version, acceptNda: true, noConflict: true };

describe("the sme role and its agreement", () => {
  let sme: Record<string, string> = {};
  let smeId = 0;

  it("an admin invites an SME; the invitation mail names the role; the accepted account is an sme", async () => {
    const res = await inviteStaff(t.app, admin.headers, "ada@example.com", "sme");
    expect(res.statusCode).toBe(201);
    const mail = await staffInvitationMail(t.app, "ada@example.com");
    expect(mail.data.role).toBe("sme");
    const accepted = await api(
      "POST",
      "/api/invitations/accept",
      {},
      { token: mail.data.token, firstName: "Ada", lastName: "Lovelace", password: "An4lytical$engine" },
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user.role).toBe("sme");
    sme = { authorization: `Bearer ${accepted.json().token}` };
    smeId = accepted.json().user.id;
    const members = await api("GET", "/api/staff/members", admin.headers);
    expect(members.json().members.map((m: { role: string }) => m.role)).toContain("sme");
  });

  it("a staff invitation with an unknown role is refused with the field's message", async () => {
    const res = await inviteStaff(t.app, admin.headers, "x@example.com", "boss");
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.role).toBe("Choose one of the roles listed.");
  });

  it("before accepting, the SME has accepted nothing, and the bank answers 403 agreement_required", async () => {
    const status = await api("GET", "/api/staff/sme-agreement", sme);
    expect(status.json()).toEqual({ nda: null, coi: null, current: false });
    const bank = await api("GET", "/api/staff/items", sme);
    expect(bank.statusCode).toBe(403);
    expect(bank.json().error).toBe("agreement_required");
  });

  it("the SME is kept out of the rest of the console", async () => {
    const res = await api("GET", "/api/staff/dashboard", sme);
    expect(res.statusCode).toBe(403);
  });

  it("both boxes must be ticked, with the messages the form shows", async () => {
    const res = await api("POST", "/api/staff/sme-agreement", sme, { ...accept, noConflict: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.noConflict).toBe("Declare that you have no conflict of interest to continue.");
  });

  it("accepting an older version than the current one is refused (409)", async () => {
    const res = await api("POST", "/api/staff/sme-agreement", sme, { ...accept, ndaVersion: "nda-0" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("agreement_changed");
  });

  it("accepting stores each text's version and time, audits both, and opens the bank", async () => {
    const res = await api("POST", "/api/staff/sme-agreement", sme, accept);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nda: { version: SME_NDA.version },
      coi: { version: SME_COI.version },
      current: true,
    });
    const rows = await t.database.db.select().from(smeAgreements).where(eq(smeAgreements.userId, smeId));
    expect(rows.map((r) => [r.kind, r.version]).sort()).toEqual([
      ["coi", SME_COI.version],
      ["nda", SME_NDA.version],
    ]);
    expect(rows.every((r) => Math.abs(r.acceptedAt.getTime() - Date.now()) < 60_000)).toBe(true);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, smeId), eq(auditLog.entity, "sme_agreements")));
    expect(audited.map((a) => a.action).sort()).toEqual(["sme.coi_declare", "sme.nda_accept"]);
    expect((await api("GET", "/api/staff/items", sme)).statusCode).toBe(200);
  });

  it("an acceptance of an earlier version does not count: the SME accepts the revised text again", async () => {
    await t.database.db
      .update(smeAgreements)
      .set({ version: "nda-0" })
      .where(and(eq(smeAgreements.userId, smeId), eq(smeAgreements.kind, "nda")));
    expect((await api("GET", "/api/staff/sme-agreement", sme)).json().current).toBe(false);
    expect((await api("GET", "/api/staff/items", sme)).statusCode).toBe(403);
    expect((await api("POST", "/api/staff/sme-agreement", sme, accept)).json().current).toBe(true);
  });

  it("staff and admins do not sign it (403): they read the bank without it", async () => {
    const staff = await accountWithRole(t.app, "staff");
    expect((await api("GET", "/api/staff/sme-agreement", staff.headers)).statusCode).toBe(403);
    expect((await api("GET", "/api/staff/items", staff.headers)).statusCode).toBe(200);
    expect((await api("GET", "/api/staff/items", admin.headers)).statusCode).toBe(200);
  });
});
