/**
 * The server's entry point (built to build/server/server.js): checks the Node.js version before any package
 * loads (server/node-version.mjs: on an unsupported Node a dependency would fail with an unrelated error),
 * then starts the server (server/server.ts). The build splits the bundle so that this check runs before the
 * packages that server.ts imports are loaded.
 */
import { checkNodeVersion } from "./node-version.mjs";

checkNodeVersion();
await import("./server");
