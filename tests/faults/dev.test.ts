// `npm run dev` serves the API too: Vite's dev server passes /api to the API server it starts beside it,
// so a form posted to the dev port is stored; SIGTERM to npm stops both. A public page is served as the build
// serves it, as islands (decision 0026), and hot updates reach its islands.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fixtureClientDir,
  freePort,
  inquiryBody,
  request,
  root,
  serverEnv,
  tempDir,
  waitFor,
  watchProcess,
  type ServerProcess,
} from "./helpers";

let clientDir: string;
let dataDir: string;
let dev: ServerProcess | undefined;

beforeAll(() => {
  clientDir = fixtureClientDir();
  dataDir = tempDir("dev");
});

afterAll(async () => {
  if (dev?.alive()) {
    // npm, the dev script, Vite and the API server run in their own process group: end it as a whole
    process.kill(-dev.child.pid!, "SIGKILL");
    await dev.exited;
  }
  if (process.env.DEBUG_FAULTS) console.log(`dev output:\n${dev?.stdout()}\n${dev?.stderr()}`);
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("answers /api through the dev port, and stops on SIGTERM", async () => {
    const [webPort, apiPort] = [await freePort(), await freePort()];
    const env = serverEnv({ port: apiPort, dataDir, clientDir, env: { DEV_API_PORT: String(apiPort) } });
    dev = watchProcess(
      spawn("npm", ["run", "dev", "--", "--port", String(webPort)], {
        cwd: root,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      }),
      webPort,
    );
    const current = dev;
    await waitFor(
      "the API through the dev port",
      async () => {
        if (!current.alive()) throw new Error(`npm run dev exited:\n${current.stdout()}\n${current.stderr()}`);
        return (await request(current.base, "GET", "/api/health", { timeoutMs: 2000 })).status === 200;
      },
      60_000,
      200,
    );
    // the dev port is Vite's (its client script), and a form posted to it reaches the database
    expect((await request(current.base, "GET", "/@vite/client")).status).toBe(200);
    // a public page goes through the islands path of the build (decision 0026): the islands script from its
    // source, after React Router's hot-reload preamble, and none of React Router's client scripts
    const home = await request(current.base, "GET", "/");
    expect(home.status).toBe(200);
    const scripts = [...home.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      expect.stringContaining("virtual:react-router/inject-hmr-runtime"),
      "/app/islands/entry.client.tsx",
    ]);
    expect(home.body).toMatch(/data-island="/);
    expect(home.body).not.toMatch(/__reactRouterContext|entry\.client\.tsx"[^>]*>[^<]*react-router/);
    // hot updates reach the islands: the script stands in for the data router the refresh runtime revalidates
    const entry = await request(current.base, "GET", "/app/islands/entry.client.tsx");
    expect(entry.status).toBe(200);
    expect(entry.body).toContain("__reactRouterDataRouter");
    const stored = await request(current.base, "POST", "/api/inquiries", { body: inquiryBody(1, "dev") });
    expect(stored.status).toBe(201);
    expect(JSON.parse(stored.body)).toMatchObject({ inquiry: { reference: expect.stringMatching(/^INQ-/) } });

    current.child.kill("SIGTERM");
    expect(await current.exited).toEqual({ code: 0, signal: null });
    // the API server let go of the data folder
    await waitFor("the data folder to be released", () => !fs.existsSync(`${dataDir}/server.lock`), 10_000);
  });
});
