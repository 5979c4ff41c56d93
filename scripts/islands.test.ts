import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISLANDS_ENTRY } from "../app/lib/islands";
import { assertNoRouterInIslands, islandImports, islandsReach, islandsScripts, withIslandsScript } from "./islands";

/** A client build in a temporary folder: file name to code. */
function clientDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "islands-"));
  fs.mkdirSync(path.join(dir, "assets"));
  for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(dir, "assets", name), code);
  return dir;
}

describe("the islands script in the prerendered pages", () => {
  const build = {
    "islands-abc.js": `import{a}from"./react-1.js";import"./shell-2.js";const m=["assets/Print-3.js"];import("./Index-4.js");`,
    "react-1.js": "export const a=1;",
    "shell-2.js": `import{a}from"./react-1.js";`,
    "Print-3.js": "export{}",
    "Index-4.js": `import"./catalog-5.js";`,
    "catalog-5.js": "export{}",
  };

  it("finds the hashed entry and the modules it imports statically, to preload", () => {
    expect(islandsScripts(clientDir(build))).toEqual({
      entry: "/assets/islands-abc.js",
      imports: ["/assets/react-1.js", "/assets/shell-2.js"],
    });
  });

  it("puts the hashed file in place of the placeholder, with its preloads in the head; other pages stay as they are", () => {
    const page = `<html><head><title>x</title></head><body><script type="module" src="${ISLANDS_ENTRY}"></script></body></html>`;
    const out = withIslandsScript(page, { entry: "/assets/islands-abc.js", imports: ["/assets/react-1.js"] });
    expect(out).toBe(
      '<html><head><title>x</title><link rel="modulepreload" href="/assets/react-1.js"/></head><body><script type="module" src="/assets/islands-abc.js"></script></body></html>',
    );
    const app = "<html><head></head><body><script>window.__reactRouterContext={}</script></body></html>";
    expect(withIslandsScript(app, { entry: "/assets/islands-abc.js", imports: [] })).toBe(app);
  });

  it("follows dynamic imports too, and fails the build when an island can reach React Router", () => {
    const dir = clientDir(build);
    expect(islandsReach(dir, "/assets/islands-abc.js")).toContain("/assets/catalog-5.js");
    expect(() => assertNoRouterInIslands(dir, "/assets/islands-abc.js")).not.toThrow();

    const bad = clientDir({ ...build, "catalog-5.js": `import"./router-9.js";`, "router-9.js": "export{}" });
    expect(() => assertNoRouterInIslands(bad, "/assets/islands-abc.js")).toThrow(
      /can load React Router.*~\/lib\/router/,
    );
  });

  it("reads which modules each island of the registry imports as it starts", () => {
    const source = `
      const page = (load: () => Promise<unknown>) => async () => load();
      const islands = {
        nav: () => <NavBar />,
        print: async () => { const { PrintButton } = await import("~/components/PrintButton"); return <PrintButton />; },
        "account-exams": page(() => import("~/components/account/ExamsPage").then((m) => m.AccountExams)),
      };`;
    expect(islandImports(source)).toEqual({
      nav: [],
      print: ["~/components/PrintButton"],
      "account-exams": ["~/components/account/ExamsPage"],
    });
    // the registry of the site itself: every island named in it
    const real = islandImports(fs.readFileSync("app/islands.client.tsx", "utf8"));
    expect(Object.keys(real)).toEqual(expect.arrayContaining(["nav", "footer", "print", "content-index"]));
    expect(real["content-index"]).toEqual(["~/components/ContentIndex"]);
  });
});
