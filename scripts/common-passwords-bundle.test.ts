import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 31.5: the common-password list (about 184 KB brotli) stays on the server. This reads the last
 * build (build/client/assets, when there is one; it builds nothing) and finds no script that carries
 * the list: the list's 23rd to 28th entries, as they stand side by side in it.
 */
const assets = path.resolve(import.meta.dirname, "../build/client/assets");
const listRun = /qwertyuiop.{0,120}1qaz2wsx/s;

describe.skipIf(!fs.existsSync(assets))("the built client", () => {
  it("ships no copy of the common-password list in any script", () => {
    const scripts = fs.readdirSync(assets).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    const carrying = scripts.filter((f) => listRun.test(fs.readFileSync(path.join(assets, f), "utf8")));
    expect(carrying).toEqual([]);
  });
});
