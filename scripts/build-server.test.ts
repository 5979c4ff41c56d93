// Issue 31.1: a production install (npm ci --omit=dev) has only package.json's "dependencies", so every
// package the built server loads must be one of them. .ci/run also installs a build that way and starts it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../server/node-version.mjs";
import { buildServer, externalImports, undeclaredPackages } from "./build-server.mjs";

const out = fs.mkdtempSync(path.join(os.tmpdir(), "citb-server-build-"));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe("the built server's packages", () => {
  it("are all dependencies, not devDependencies (the build fails otherwise)", async () => {
    await buildServer(out);
    const files = fs.readdirSync(out).filter((f) => f.endsWith(".js"));
    const text = files.map((f) => fs.readFileSync(path.join(out, f), "utf8")).join("\n");
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

/** Runs a built server file with process.versions.node reading `version`; resolves to its exit code and stderr. */
async function runAs(file: string, version: string) {
  const fake = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`;
  try {
    await promisify(execFile)(process.execPath, ["--import", fake, file], { env: { ...process.env, PORT: "0" } });
    return { code: 0, stderr: "" };
  } catch (e) {
    return e as { code: number; stderr: string };
  }
}

describe("the Node.js version (issue 31.3)", () => {
  it("is checked before any package loads: an unsupported Node gets the reason, not a module error", async () => {
    // `out` has no node_modules anywhere above it: every package import fails once the check lets it through
    const file = path.join(out, "server.js");
    if (!fs.existsSync(file)) await buildServer(out);
    for (const version of ["22.11.0", "21.7.3", "20.18.1", "23.1.0", "18.20.0"]) {
      const run = await runAs(file, version);
      expect(run.code, version).toBe(1);
      expect(run.stderr).toContain(`This is Node.js ${version}; the site needs Node.js 20.19 or a later 20, 22.12`);
      expect(run.stderr).not.toContain("ERR_MODULE_NOT_FOUND");
    }
    const supported = await runAs(file, "22.12.0");
    expect(supported.code).toBe(1);
    expect(supported.stderr).toContain("ERR_MODULE_NOT_FOUND"); // went on to load the packages
    expect(supported.stderr).not.toContain("the site needs Node.js");
  });

  it("admits the range package.json states", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } };
    expect(pkg.engines.node).toBe("^20.19 || ^22.12 || >=24");
    for (const v of ["20.19.0", "20.20.2", "22.12.0", "22.20.1", "24.0.0", "25.2.1"])
      expect(nodeVersionProblem(v), v).toBeUndefined();
    for (const v of ["20.18.3", "21.0.0", "22.0.0", "22.11.0", "23.11.0", "19.9.0"])
      expect(nodeVersionProblem(v), v).toBeDefined();
  });
});
