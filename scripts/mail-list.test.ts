// Issue 31.4: npm run mail:list, reading the database directly, prints links with the address of the server that
// runs on it (recorded at its start-up), not one built from the tool's own HOST and PORT.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../server/db/client";
import { recordPublicUrl } from "../server/db/settings";
import { enqueueMail } from "../server/mail/outbox";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "citb-mail-list-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function mailList(env: Record<string, string>) {
  const clean = { ...process.env };
  for (const key of ["DATABASE_URL", "PUBLIC_URL", "PORT", "HOST"]) delete clean[key];
  const { stdout } = await promisify(execFile)(
    path.resolve("node_modules/.bin/tsx"),
    ["--tsconfig", path.resolve("tsconfig.json"), path.resolve("scripts/mail-list.ts"), "--limit", "1"],
    { cwd: tmp /* no .env there */, env: { ...clean, DATA_DIR: path.join(tmp, "data"), ...env } },
  );
  return stdout;
}

describe("npm run mail:list", () => {
  it("prints the links with the server's address, or with PUBLIC_URL when the tool is given one", async () => {
    const database = await openDatabase({ dataDir: path.join(tmp, "data") });
    // what a server started with PORT=4000 records (server/server.ts), and a message it queued
    await recordPublicUrl(database.db, "http://127.0.0.1:4000");
    await enqueueMail(database.db, {
      to: "ada@example.com",
      template: "password-reset",
      data: { firstName: "Ada", token: "t".repeat(32) },
    });
    await database.close();

    const out = await mailList({});
    expect(out).toContain(`http://127.0.0.1:4000/reset-password?token=${"t".repeat(32)}`);
    expect(out).not.toContain("127.0.0.1:3000");
    const given = await mailList({ PUBLIC_URL: "https://www.citb.example" });
    expect(given).toContain(`https://www.citb.example/reset-password?token=${"t".repeat(32)}`);
  }, 90_000);
});
