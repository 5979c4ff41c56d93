/**
 * `npm start`: builds the site and the server when the build is missing or stale (scripts/build-if-stale.mjs),
 * then runs the built server (build/server/server.js) in this very process. package.json runs it with
 * `exec node scripts/start.mjs`, so npm's shell is replaced by this process: npm passes SIGTERM and SIGINT
 * straight to the server, which shuts down cleanly, and npm exits with the server's code.
 *
 * `npm start` is a production start: NODE_ENV is `production` unless the environment or `.env` names another
 * (the development tools, such as the mailbox at /dev/mailbox, come with `npm run dev`).
 */
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { buildIfStale, SERVER_BUNDLE } from "./build-if-stale.mjs";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ||= "production";
buildIfStale();
await import(pathToFileURL(SERVER_BUNDLE).href);
