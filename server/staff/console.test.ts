import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../auth/sessions";
import { auditLog, inquiries, outbox, sessions, staffInvitations, users } from "../db/schema";
import { accountWithRole, inviteStaff, staffInvitationMail } from "../testing/accounts";
import { testApp, type TestContext } from "../testing/helpers";

let t: TestContext;
let admin: Awaited<ReturnType<typeof accountWithRole>>;
beforeAll(async () => {
  t = await testApp({}, { SESSION_TTL_HOURS: "168", STAFF_SESSION_TTL_HOURS: "8" });
  admin = await accountWithRole(t.app, "admin", "admin@example.com");
});
afterAll(() => t.close());

const api = (method: "GET" | "POST", url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

/** The invitation token from the mail queued for `email`. */
const invitationToken = async (email: string) => String((await staffInvitationMail(t.app, email)).data.token);

/** The session row of a login token. */
async function sessionOf(token: string) {
  const [s] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return s!;
}

describe("staff members: invite, accept, shorter sessions, revoke", () => {
  let staffToken = "";
  let staffId = 0;

  it("an admin invites by e-mail: the invitation is queued as mail, and only the token's hash is stored", async () => {
    const res = await inviteStaff(t.app, admin.headers, "Grace@Example.com", "staff");
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation).toMatchObject({ email: "Grace@Example.com", role: "staff" });
    const token = await invitationToken("Grace@Example.com");
    const [inv] = await t.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.emailKey, "grace@example.com"));
    expect(inv!.tokenHash).toBe(hashToken(token));
    const list = await api("GET", "/api/staff/members", admin.headers);
    expect(list.json().invitations.map((i: { email: string }) => i.email)).toContain("Grace@Example.com");
  });

  it("the invited person sets a password on the public page and gets a staff session that ends within STAFF_SESSION_TTL_HOURS", async () => {
    const token = await invitationToken("Grace@Example.com");
    const look = await api("POST", "/api/invitations/lookup", {}, { token });
    expect(look.json()).toMatchObject({ email: "Grace@Example.com", role: "staff" });
    const weak = await api(
      "POST",
      "/api/invitations/accept",
      {},
      { token, firstName: "Grace", lastName: "Hopper", password: "short" },
    );
    expect(weak.statusCode).toBe(400);
    const res = await api(
      "POST",
      "/api/invitations/accept",
      {},
      { token, firstName: "Grace", lastName: "Hopper", password: "C0bol$ecret" },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: "staff", firstName: "Grace" });
    staffToken = res.json().token;
    staffId = res.json().user.id;
    const hours = ((await sessionOf(staffToken)).expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    // a used link does not work again
    const again = await api("POST", "/api/invitations/lookup", {}, { token });
    expect(again.statusCode).toBe(410);
    // staff log in with the password they set, and get the short session again
    const login = await api("POST", "/api/login", {}, { email: "grace@example.com", password: "C0bol$ecret" });
    expect(login.statusCode).toBe(200);
    expect((await sessionOf(login.json().token)).expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(8 * 3600_000);
  });

  it("candidates keep the longer SESSION_TTL_HOURS", async () => {
    await api(
      "POST",
      "/api/signup",
      {},
      { certUser: { firstName: "Cand", lastName: "Idate", email: "cand@example.com", password: "Cand1date!" } },
    );
    const login = await api("POST", "/api/login", {}, { email: "cand@example.com", password: "Cand1date!" });
    expect((await sessionOf(login.json().token)).expiresAt.getTime() - Date.now()).toBeGreaterThan(167 * 3600_000);
  });

  it("staff cannot invite (admins only)", async () => {
    const res = await inviteStaff(t.app, { authorization: `Bearer ${staffToken}` }, "x@example.com", "admin");
    expect(res.statusCode).toBe(403);
  });

  it("an admin revokes a staff member: the role goes back to candidate and their sessions end at once", async () => {
    const self = await api("POST", `/api/staff/members/${admin.user.id}/revoke`, admin.headers, {});
    expect(self.statusCode).toBe(409);
    const res = await api("POST", `/api/staff/members/${staffId}/revoke`, admin.headers, {});
    expect(res.statusCode).toBe(204);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, staffId));
    expect(u!.role).toBe("candidate");
    const inbox = await api("GET", "/api/staff/inquiries", { authorization: `Bearer ${staffToken}` });
    expect(inbox.statusCode).toBe(401);
  });

  it("an expired invitation is refused with a clear message", async () => {
    await inviteStaff(t.app, admin.headers, "late@example.com", "staff");
    const token = await invitationToken("late@example.com");
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.emailKey, "late@example.com"));
    const res = await api(
      "POST",
      "/api/invitations/accept",
      {},
      { token, firstName: "L", lastName: "Ate", password: "L4te$ecret" },
    );
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/not valid any more/);
  });
});

describe("the inbox", () => {
  let staff: Awaited<ReturnType<typeof accountWithRole>>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    staff = await accountWithRole(t.app, "staff", "desk@example.com");
    const rows = await t.database.db
      .insert(inquiries)
      .values([
        {
          reference: "INQ-AAAA1111",
          kind: "contact",
          name: "Ann Contact",
          email: "ann@example.com",
          message: "When is the next React exam window?",
          createdAt: new Date("2026-03-01T10:00:00Z"),
        },
        {
          reference: "INQ-BBBB2222",
          kind: "partner",
          name: "Bob Partner",
          email: "bob@example.com",
          organization: "=cmd|' /C calc'!A0",
          message: 'We would like to become a partner, "soon", please.',
          createdAt: new Date("2026-03-05T10:00:00Z"),
        },
        {
          reference: "INQ-CCCC3333",
          kind: "career",
          name: "Cat Career",
          email: "cat@example.com",
          message: "100% interested in the 50_50 role",
          createdAt: new Date("2026-03-09T10:00:00Z"),
        },
      ])
      .returning();
    for (const r of rows) ids[r.reference] = r.id;
  });

  const list = async (query: string) => {
    const res = await api("GET", `/api/staff/inquiries${query}`, staff.headers);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      inquiries: { reference: string; handledAt: string | null; replies: number }[];
      total: number;
    };
  };

  it("lists newest first and filters by kind, date and search (% and _ taken literally)", async () => {
    expect((await list("")).inquiries.map((i) => i.reference)).toEqual([
      "INQ-CCCC3333",
      "INQ-BBBB2222",
      "INQ-AAAA1111",
    ]);
    expect((await list("?kind=partner")).inquiries.map((i) => i.reference)).toEqual(["INQ-BBBB2222"]);
    expect((await list("?from=2026-03-05&to=2026-03-05")).inquiries.map((i) => i.reference)).toEqual(["INQ-BBBB2222"]);
    expect((await list("?q=react")).inquiries.map((i) => i.reference)).toEqual(["INQ-AAAA1111"]);
    expect((await list("?q=50_50")).total).toBe(1);
    expect((await list("?q=0%25")).total).toBe(1);
    expect((await list("?q=%25")).total).toBe(1);
    expect((await list("?pageSize=1&page=2")).inquiries.map((i) => i.reference)).toEqual(["INQ-BBBB2222"]);
    expect((await list("?sort=name")).inquiries.map((i) => i.reference)).toEqual([
      "INQ-AAAA1111",
      "INQ-BBBB2222",
      "INQ-CCCC3333",
    ]);
    const page2 = await list("?sort=-reference&pageSize=2&page=2");
    expect(page2).toMatchObject({ total: 3, inquiries: [{ reference: "INQ-AAAA1111" }] });
    const badSort = await api("GET", "/api/staff/inquiries?sort=message", staff.headers);
    expect(badSort.json().fields.sort).toBe("Not a column this list sorts by.");
    const bad = await api("GET", "/api/staff/inquiries?kind=spam&from=yesterday", staff.headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(["kind", "from"]));
  });

  it("opens one, marks it handled and back, each change in the audit log", async () => {
    const id = ids["INQ-AAAA1111"]!;
    const open = await api("GET", `/api/staff/inquiries/${id}`, staff.headers);
    expect(open.json().inquiry).toMatchObject({ name: "Ann Contact", handledAt: null });
    const done = await api("POST", `/api/staff/inquiries/${id}/handled`, staff.headers, { handled: true });
    expect(done.json().inquiry.handledBy).toBe("desk@example.com");
    expect((await list("?handled=no")).inquiries.map((i) => i.reference)).not.toContain("INQ-AAAA1111");
    await api("POST", `/api/staff/inquiries/${id}/handled`, staff.headers, { handled: false });
    expect((await list("?handled=no")).inquiries.map((i) => i.reference)).toContain("INQ-AAAA1111");
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "inquiries"), eq(auditLog.entityId, String(id))));
    expect(log.map((l) => l.action)).toEqual(["inquiry.mark-handled", "inquiry.mark-unhandled"]);
    expect(log[0]).toMatchObject({
      actorId: staff.user.id,
      actorRole: "staff",
      before: { handled: false },
      after: { handled: true },
    });
    expect((await api("GET", "/api/staff/inquiries/999999", staff.headers)).statusCode).toBe(404);
  });

  it("replies by e-mail: the mail is queued, the reply kept with the message, the message handled", async () => {
    const id = ids["INQ-BBBB2222"]!;
    const empty = await api("POST", `/api/staff/inquiries/${id}/replies`, staff.headers, { subject: " ", body: "" });
    expect(empty.statusCode).toBe(400);
    const res = await api("POST", `/api/staff/inquiries/${id}/replies`, staff.headers, {
      subject: "Your partnership request",
      body: "Thank you, Bob. Our partnerships lead will call you this week.",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().replies).toHaveLength(1);
    expect(res.json().inquiry.handledAt).not.toBeNull();
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, "bob@example.com"));
    expect(mail).toMatchObject({
      template: "staff-reply",
      data: { subject: "Your partnership request", reference: "INQ-BBBB2222" },
    });
    expect((await list("?q=partner")).inquiries[0]!.replies).toBe(1);
  });

  it("exports the filtered messages as CSV, escaped and safe from formula injection", async () => {
    const res = await api("GET", "/api/staff/inquiries/export.csv?kind=partner", staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe("Reference,Received,Kind,Name,E-mail,Phone,Organisation,Message,Handled,Replies");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`'=cmd|' /C calc'!A0`);
    expect(lines[1]).toContain(`"We would like to become a partner, ""soon"", please."`);
  });
});

describe("the audit log (admins only)", () => {
  it("shows who did what to which record, filtered, newest first", async () => {
    const res = await api("GET", "/api/staff/audit?action=inquiry.reply", admin.headers);
    expect(res.statusCode).toBe(200);
    const { entries, total } = res.json();
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({
      action: "inquiry.reply",
      entity: "inquiries",
      actorEmail: "desk@example.com",
    });
    const all = (await api("GET", "/api/staff/audit", admin.headers)).json();
    expect(all.total).toBeGreaterThanOrEqual(6);
    const times = all.entries.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const byActor = (await api("GET", `/api/staff/audit?actor=${admin.user.id}`, admin.headers)).json();
    expect(byActor.entries.every((e: { actorId: number }) => e.actorId === admin.user.id)).toBe(true);
  });
});
