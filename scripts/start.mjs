/**
 * `npm start`: builds the site and the server when the build is missing or stale (scripts/build-if-stale.mjs),
 * then runs the built server (build/server/server.js) in this very process. package.json runs it with
 * `exec node scripts/start.mjs`, so npm's shell is replaced by this process: npm passes SIGTERM and SIGINT
 * straight to the server, which shuts down cleanly, and npm exits with the server's code.
 */
import { pathToFileURL } from "node:url";
import { buildIfStale, SERVER_BUNDLE } from "./build-if-stale.mjs";

buildIfStale();
await import(pathToFileURL(SERVER_BUNDLE).href);
