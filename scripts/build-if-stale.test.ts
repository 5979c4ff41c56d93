// npm start builds when anything that feeds the build is newer than the build (scripts/build-if-stale.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_INPUTS, staleReason } from "./build-if-stale.mjs";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "citb-stale-"));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
function write(file: string, when: Date) {
  const full = path.join(base, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, file);
  fs.utimesSync(full, when, when);
  for (let dir = path.dirname(full); dir !== base; dir = path.dirname(dir)) fs.utimesSync(dir, at(0), at(0));
}

/** One file in each input (a file inside each folder input), all older than the build. */
const inputFiles = BUILD_INPUTS.map((input) => (path.extname(input) ? input : `${input}/nested/file.ts`));

describe("the build's staleness", () => {
  it("is stale without a build, or without either half of it", () => {
    for (const f of inputFiles) write(f, at(0));
    expect(staleReason("build/client", base)).toMatch(/^No build yet/);
    write("build/client/index.html", at(10));
    expect(staleReason("build/client", base)).toMatch(/^No build yet/); // the server is not built
    write("build/server/server.js", at(10));
    expect(staleReason("build/client", base)).toBeUndefined();
  });

  it("is stale when any input is newer than the older half of the build, not when a test is", () => {
    expect(BUILD_INPUTS).toEqual(
      expect.arrayContaining(["app", "server", "public", "scripts", "package-lock.json", "vite.config.ts"]),
    );
    for (const [i, f] of inputFiles.entries()) {
      write(f, at(20));
      expect(staleReason("build/client", base)).toBe(`${BUILD_INPUTS[i]} changed since the last build: building…`);
      write(f, at(0));
    }
    write("app/routes/home.test.tsx", at(20));
    write("server/accounts/auth-routes.test.ts", at(20));
    expect(staleReason("build/client", base)).toBeUndefined();
    write("build/server/server.js", at(5)); // the server half is older than the app's files now
    expect(staleReason("build/client", base)).toBeUndefined(); // inputs at 0 still older
    write("server/app.ts", at(7));
    expect(staleReason("build/client", base)).toBe("server changed since the last build: building…");
  });

  it("is stale when a file that fed the build is deleted", () => {
    for (const f of inputFiles) write(f, at(0));
    write("app/content/testing/old-page.mdx", at(0));
    write("build/client/index.html", at(10));
    write("build/server/server.js", at(10));
    expect(staleReason("build/client", base)).toBeUndefined();
    fs.rmSync(path.join(base, "app/content/testing/old-page.mdx")); // the folder's time is now
    expect(staleReason("build/client", base)).toBe("app changed since the last build: building…");
  });
});
