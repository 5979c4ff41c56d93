import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { auditLog, ceActivities, certificationsTable, outbox, renewalNotices } from "../db/schema";
import { freshDatabase } from "../testing/helpers";
import { evidenceFile, insertAccount } from "../testing/records";
import { sendRenewalNotices } from "./renewal-notices";
import { addDays, addYears } from "../credentials/state";

let database: Awaited<ReturnType<typeof freshDatabase>>;
let userId: number;
const NOW = new Date("2026-11-23T12:00:00Z");
let n = 0;

async function certification(expiresAt: Date, extra: Partial<typeof certificationsTable.$inferInsert> = {}) {
  const [c] = await database.db
    .insert(certificationsTable)
    .values({
      credentialId: `CITB-TEST-${String(++n).padStart(4, "0")}-AAAA-BBBB`,
      userId,
      certId: 1,
      holderFirstName: "Ada",
      holderLastName: "Lovelace",
      issuedAt: addYears(expiresAt, -3),
      cycleStartedAt: addYears(expiresAt, -3),
      expiresAt,
      ...extra,
    })
    .returning();
  return c!;
}
const noticesFor = (id: number) =>
  database.db.select().from(renewalNotices).where(eq(renewalNotices.certificationId, id));
async function mailFor(credentialId: string) {
  const rows = await database.db.select().from(outbox).where(eq(outbox.template, "renewal-notice"));
  return rows.filter((r) => r.data.credentialId === credentialId);
}

beforeAll(async () => {
  database = await freshDatabase();
  userId = (await insertAccount(database.db)).id;
}, 60_000);
afterAll(() => database.drop());

describe("renewal notices: 30 days before the renewal date and when grace starts, once each", () => {
  it("sends the first notice from 30 days before the renewal date (not 30 days and 1 second before), with the units still needed", async () => {
    const early = await certification(new Date(addDays(NOW, 30).getTime() + 1000));
    const onTime = await certification(addDays(NOW, 30));
    // 6 approved units count toward the 20 of the cycle
    const file = await evidenceFile(database.db, userId);
    await database.db.insert(ceActivities).values({
      userId,
      certificationId: onTime.id,
      title: "Course",
      provider: "College",
      activityDate: "2026-01-10",
      category: "Course or training",
      units: 6,
      evidenceUploadId: file.id,
      reviewState: "approved",
    });
    await sendRenewalNotices(database.db, NOW);
    expect(await noticesFor(early.id)).toHaveLength(0);
    const [notice] = await noticesFor(onTime.id);
    expect(notice).toMatchObject({ stage: "before_expiry" });
    const [mail] = await mailFor(onTime.credentialId);
    expect(mail!.recipient).toBe("ada@example.com");
    expect(notice!.outboxId).toBe(mail!.id);
    expect(mail!.data).toMatchObject({
      stage: "before_expiry",
      unitsRequired: 20,
      approvedUnits: 6,
      unitsNeeded: 14,
      expiresOn: "2026-12-23",
    });
    const logged = await database.db.select().from(auditLog).where(eq(auditLog.action, "certification.renewal_notice"));
    expect(logged.some((l) => l.entityId === String(onTime.id) && l.actorRole === "system")).toBe(true);
  });

  it("sends the grace notice on the renewal date itself, not the instant before (then it is the 30-day notice)", async () => {
    const before = await certification(new Date(NOW.getTime() + 1));
    const atGrace = await certification(NOW);
    await sendRenewalNotices(database.db, NOW);
    expect((await noticesFor(before.id)).map((x) => x.stage)).toEqual(["before_expiry"]);
    expect((await noticesFor(atGrace.id)).map((x) => x.stage)).toEqual(["grace"]);
    expect((await mailFor(atGrace.credentialId))[0]!.data).toMatchObject({ stage: "grace", graceEndsOn: "2027-02-21" });
    // the day the grace period ends and after: no notice; an invalidated certification: none
    const ended = await certification(addDays(NOW, -90));
    const invalidated = await certification(addDays(NOW, 10), {
      invalidatedAt: addDays(NOW, -1),
      invalidationReason: "x",
    });
    await sendRenewalNotices(database.db, NOW);
    expect(await noticesFor(ended.id)).toHaveLength(0);
    expect(await noticesFor(invalidated.id)).toHaveLength(0);
  });

  it("sends once per certification and stage across runs (a restart) and two concurrent runs (two instances)", async () => {
    const c = await certification(addDays(NOW, 12));
    const second =
      database.kind === "postgres" && database.url
        ? await openDatabase({ databaseUrl: database.url, dataDir: "unused" })
        : null;
    const runs = await Promise.all([
      sendRenewalNotices(database.db, NOW),
      sendRenewalNotices((second ?? database).db, NOW),
      sendRenewalNotices(database.db, NOW),
    ]);
    await second?.close();
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    await sendRenewalNotices(database.db, addDays(NOW, 1)); // a later run (after a restart)
    expect(await mailFor(c.credentialId)).toHaveLength(1);
    // when grace starts, the second notice, once
    const atExpiry = addDays(NOW, 12);
    await sendRenewalNotices(database.db, atExpiry);
    await sendRenewalNotices(database.db, addDays(atExpiry, 1));
    expect((await mailFor(c.credentialId)).map((m) => m.data.stage)).toEqual(["before_expiry", "grace"]);
    // a renewal starts a new cycle, whose notices are new
    const renewedTo = addYears(atExpiry, 3);
    await database.db
      .update(certificationsTable)
      .set({ cycleStartedAt: atExpiry, expiresAt: renewedTo })
      .where(eq(certificationsTable.id, c.id));
    await sendRenewalNotices(database.db, addDays(renewedTo, -30));
    expect((await mailFor(c.credentialId)).map((m) => m.data.stage)).toEqual([
      "before_expiry",
      "grace",
      "before_expiry",
    ]);
  });
});
