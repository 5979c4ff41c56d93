// Builds the server once for the whole fault suite (esbuild, under a second), as `npm run build` does:
// every fault test runs the JavaScript a production server runs. The bundle goes to a temporary folder
// under node_modules/.cache, where its packages resolve from node_modules, and is removed afterwards.
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { root } from "../../scripts/build-if-stale.mjs";
import { buildServer } from "../../scripts/build-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** the built server (server.js, migrations beside it) the fault tests run */
    serverBundle: string;
  }
}

export default async function setup(project: TestProject) {
  const cache = path.join(root, "node_modules", ".cache", "citb");
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, "faults-server-"));
  project.provide("serverBundle", await buildServer(dir));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
