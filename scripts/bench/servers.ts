/** The servers under test: ours (production build, fresh embedded database) and nginx on the same build. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root, SERVER_BUNDLE } from "../build-if-stale.mjs";
import { newSecretKey } from "../../server/credentials/keys";
import { CLIENT_DIR, NGINX } from "./config";
import { children, freePort, stopGroup, tempDir, waitFor } from "./processes";

export interface OurServer {
  base: string;
  child: ChildProcess;
  logLevel: string;
  /** the file its standard output (the log) goes to, as a process manager would keep it */
  logFile: string;
}

/**
 * Our server in production mode on a fresh embedded database and a free port, at the given log level.
 * Its log goes to a file (not to this terminal), so a line costs what it costs behind a process manager.
 */
export async function startServer(logLevel: string): Promise<OurServer> {
  const port = await freePort();
  const dataDir = tempDir("citb-bench-data-");
  const logFile = path.join(tempDir("citb-bench-log-"), "server.log");
  const out = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: root,
    stdio: ["ignore", out, "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      // production signs credentials: a throw-away key for the measured server
      CREDENTIAL_SIGNING_KEY: await newSecretKey(),
      LOG_LEVEL: logLevel,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "", // always the embedded database, whatever .env says
      CLIENT_DIR,
      // the login scenarios come from many client addresses (x-forwarded-for, accounts.ts)
      TRUST_PROXY: "1",
    },
  });
  fs.closeSync(out);
  children.add(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, "the server");
  return { base, child, logLevel, logFile };
}

/**
 * Cold start: `npm start` on the built tree (a fresh data folder, so migrations run) until /api/health
 * answers 200, in milliseconds. npm, its shell and the server run in their own process group, which is
 * ended as a whole afterwards.
 */
export async function coldStart(): Promise<number> {
  const port = await freePort();
  const dataDir = tempDir("citb-bench-cold-");
  const started = Date.now();
  const child = spawn("npm", ["start", "--silent"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      // production signs credentials: a throw-away key for the measured server
      CREDENTIAL_SIGNING_KEY: await newSecretKey(),
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      CLIENT_DIR,
    },
  });
  children.add(child);
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, child, "npm start", 180, 25);
    return Date.now() - started;
  } finally {
    await stopGroup(child);
  }
}

/**
 * nginx in the foreground on a copy of the build (readable by its workers), where gzip_static finds the
 * `.gz` postbuild writes beside every page and asset: the bytes our server holds in memory.
 */
export async function startNginx(): Promise<{ base: string; child: ChildProcess; errorLog: string }> {
  const dir = tempDir("citb-bench-nginx-");
  fs.chmodSync(dir, 0o755); // the workers run as nobody when we are root
  const docroot = path.join(dir, "root");
  fs.cpSync(path.resolve(root, CLIENT_DIR), docroot, { recursive: true });
  const port = await freePort();
  const errorLog = path.join(dir, "error.log");
  const user = process.getuid?.() === 0 ? "user nobody nogroup;" : "";
  const conf = `
daemon off;
master_process on;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
${user}
events { worker_connections 4096; }
http {
  types {
    text/html html;
    text/css css;
    text/javascript js mjs;
    application/json json;
    application/manifest+json webmanifest;
    application/xml xml;
    text/plain txt;
    image/svg+xml svg;
    image/png png;
    image/jpeg jpg jpeg;
    image/webp webp;
    image/avif avif;
    image/x-icon ico;
    font/woff2 woff2;
    application/pdf pdf;
  }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${docroot};
    location / { try_files $uri $uri.html $uri/index.html =404; }
  }
}
`;
  const confFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(confFile, conf);
  const child = spawn(NGINX, ["-p", `${dir}/`, "-c", confFile, "-e", errorLog], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.add(child);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/`, child, "nginx", 20);
  } catch (e) {
    const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "";
    throw new Error(`${(e as Error).message}\n${log}`);
  }
  return { base, child, errorLog };
}

/** What the bare server sends for a path: our body, and with `headers` every header ours sent (decision 0027). */
export interface BareFile {
  type: string;
  encoding?: string;
  headers?: [string, string][];
  body: Buffer;
}

/**
 * The bare node:http server (bench/bare-server.mjs) answering each path with the bytes our server sent for it
 * (its probe, with the same accept-encoding), the ceiling for one Node.js process.
 */
export async function startBare(files: Record<string, BareFile>): Promise<{ base: string; child: ChildProcess }> {
  const dir = tempDir("citb-bench-bare-");
  const list = path.join(dir, "files.json");
  fs.writeFileSync(
    list,
    JSON.stringify(
      Object.fromEntries(Object.entries(files).map(([p, f]) => [p, { ...f, body: f.body.toString("base64") }])),
    ),
  );
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "scripts/bench/bare-server.mjs")], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, BARE_FILES: list, PORT: String(port) },
  });
  children.add(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${Object.keys(files)[0]}`, child, "the bare node:http server", 20);
  return { base, child };
}
