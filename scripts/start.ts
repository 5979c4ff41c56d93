/**
 * `npm start`: builds the site when the build is missing or older than the sources, then serves
 * the site and the API (server/server.ts).
 */
import { buildIfStale } from "./build-if-stale";

buildIfStale();
await import("../server/server.ts");
