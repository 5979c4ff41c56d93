import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../server/app";
import { openDatabase } from "../server/db/client";
import { staffInvitations, users } from "../server/db/schema";
import { loadEnv } from "../server/env";

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-admin-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const adminCreate = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", ...args], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", PUBLIC_URL: "https://citb.example" },
  });

describe("npm run admin:create", { timeout: 240_000 }, () => {
  it("prints a one-time set-password link and sets no password; the link makes the first admin", async () => {
    const { stdout } = await adminCreate("--email", "Chief@Example.org");
    const link = /https:\/\/citb\.example\/invitation\?token=([\w-]+)/.exec(stdout);
    expect(link, stdout).not.toBeNull();
    expect(stdout).toContain("An admin invitation for Chief@Example.org");

    const database = await openDatabase({ dataDir: dir });
    try {
      expect(await database.db.select().from(users)).toEqual([]);
      const [inv] = await database.db.select().from(staffInvitations);
      expect(inv).toMatchObject({ emailKey: "chief@example.org", role: "admin", invitedBy: null });
      expect(inv!.tokenHash).not.toContain(link![1]);

      const app = await buildApp({ env: loadEnv({ NODE_ENV: "test" }), database, serveSite: false, logger: false });
      const accept = (password: string) =>
        app.inject({
          method: "POST",
          url: "/api/invitations/accept",
          payload: { token: decodeURIComponent(link![1]!), firstName: "Chief", lastName: "Admin", password },
        });
      const res = await accept("N3w$ecret!");
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email: "Chief@Example.org", role: "admin" });
      // once only
      expect((await accept("Oth3r$ecret!")).statusCode).toBe(410);
      await app.close();
    } finally {
      await database.close();
    }
  });

  it("refuses to run without a valid e-mail address", async () => {
    const err = (await adminCreate("--email", "not-an-address").catch((e) => e)) as { code: number; stderr: string };
    expect(err.code).toBe(1);
    expect(err.stderr).toContain("Give the e-mail address");
  });
});
