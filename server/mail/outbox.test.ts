import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, outbox } from "../db/schema";
import { freshDatabase } from "../testing/helpers";
import { enqueueMail } from "./outbox";

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

describe("the outbox", () => {
  it("keeps a message with the event that caused it, or neither when the transaction fails", async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx
        .insert(inquiries)
        .values({ reference: "INQ-OK", kind: "contact", name: "A", email: "a@example.com", message: "Hello there" });
      await enqueueMail(tx, {
        to: "a@example.com",
        template: "inquiry-ack",
        data: { reference: "INQ-OK", name: "A", kind: "contact" },
      });
    });
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, {
          to: "b@example.com",
          template: "inquiry-ack",
          data: { reference: "INQ-LOST", name: "B", kind: "contact" },
        });
        await tx.insert(inquiries).values({
          reference: "INQ-OK",
          kind: "contact",
          name: "B",
          email: "b@example.com",
          message: "Same reference",
        });
      }),
    ).rejects.toThrow();
    const rows = await db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipient: "a@example.com",
      template: "inquiry-ack",
      status: "pending",
      attempts: 0,
    });
    expect(rows[0]!.data).toEqual({ reference: "INQ-OK", name: "A", kind: "contact" });
    expect(await db.select().from(outbox).where(eq(outbox.recipient, "b@example.com"))).toHaveLength(0);
  });
});
