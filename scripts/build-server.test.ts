// Issue 31.1: a production install (npm ci --omit=dev) has only package.json's "dependencies", so every
// package the built server loads must be one of them. .ci/run also installs a build that way and starts it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer, externalImports, undeclaredPackages } from "./build-server.mjs";

const out = fs.mkdtempSync(path.join(os.tmpdir(), "citb-server-build-"));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe("the built server's packages", () => {
  it("are all dependencies, not devDependencies (the build fails otherwise)", async () => {
    const file = await buildServer(out);
    const text = fs.readFileSync(file, "utf8");
    // the bundle's static imports (`import … from "x";` at the start of a line) and its import("x") calls
    const specifiers = [...text.matchAll(/^import\b[^;"]*?"([^".][^"]*)";|\bimport\("([^".][^"]*)"\)/gm)];
    const imported = specifiers
      .map((m) => m[1] ?? m[2]!)
      .map((s) =>
        s
          .split("/")
          .slice(0, s.startsWith("@") ? 2 : 1)
          .join("/"),
      )
      .filter((name) => !name.startsWith("node:"));
    expect(imported).toContain("fastify");
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
    expect([...new Set(imported)].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });

  it("names the package a production install would miss", () => {
    const metafile = {
      outputs: {
        "server.js": {
          imports: [
            { path: "fastify", kind: "import-statement", external: true },
            { path: "pdf-lib", kind: "import-statement", external: true },
            { path: "@scope/pkg/sub/file.mjs", kind: "dynamic-import", external: true },
            { path: "node:fs", kind: "import-statement", external: true },
            { path: "server/app.ts", kind: "import-statement" },
          ],
        },
      },
    };
    expect(externalImports(metafile)).toEqual(["@scope/pkg", "fastify", "pdf-lib"]);
    expect(undeclaredPackages(externalImports(metafile), { dependencies: { fastify: "5" } })).toEqual([
      "@scope/pkg",
      "pdf-lib",
    ]);
  });
});
