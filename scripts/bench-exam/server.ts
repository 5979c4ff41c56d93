/**
 * The server process of the exam scenario (scripts/bench-exam.ts): the API (no site) on PORT, on DATA_DIR
 * or DATABASE_URL, with the periodic jobs running. With BENCH_SEED=<n> it first imports a bank and starts
 * n sittings (accounts, vouchers, sessions) and writes what the load generator needs to BENCH_SEED_FILE.
 * It prints "ready" on stdout when it listens.
 */
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { buildApp } from "../../server/app";
import { createSession } from "../../server/auth/sessions";
import { openDatabase } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { loadEnv } from "../../server/env";
import { hasItems, importBank } from "../../server/exams/bank/import";
import { startSitting } from "../../server/exams/sittings";
import { writeTinyBank } from "../../server/testing/bank";
import { paidOrder } from "../../server/testing/records";

export interface SeededCandidate {
  token: string;
  sittingId: number;
  holderId: string;
  /** per position (0-based): the option ids */
  options: string[][];
}

async function seed(db: Awaited<ReturnType<typeof openDatabase>>["db"], n: number): Promise<SeededCandidate[]> {
  if (!(await hasItems(db))) await importBank(db, { dir: writeTinyBank(["js"]) });
  const out: SeededCandidate[] = [];
  for (let i = 0; i < n; i++) {
    const email = `bench-exam-${i}-${randomUUID().slice(0, 8)}@example.com`;
    const [user] = await db
      .insert(users)
      .values({
        email,
        emailKey: email,
        passwordHash: "x",
        firstName: "Bench",
        lastName: `Candidate ${i}`,
        emailVerifiedAt: new Date(),
      })
      .returning();
    const { reg } = await paidOrder(db, { userId: user!.id, certId: 1 });
    const holderId = randomUUID();
    const sitting = await startSitting(db, {
      userId: user!.id,
      registrationId: reg.id,
      country: "US",
      holderId,
      requireCheckIn: false,
    });
    const { token } = await createSession(db, user!.id, 12);
    out.push({ token, sittingId: sitting.id, holderId, options: sitting.form.map((p) => p.optionIds) });
  }
  return out;
}

async function main() {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const n = Number(process.env.BENCH_SEED ?? 0);
  if (n > 0) fs.writeFileSync(process.env.BENCH_SEED_FILE!, JSON.stringify(await seed(database.db, n)));
  const app = await buildApp({ env, database, serveSite: false, mailWorker: true });
  await app.listen({ host: env.HOST, port: env.PORT });
  process.stdout.write("ready\n");
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

await main();
