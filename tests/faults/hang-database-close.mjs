// Preloaded into a server under test (node --import) by shutdown-deadline.test.ts: the embedded database's
// close never finishes, as a wedged database or a stuck driver would. The server's own code is unchanged.
import { PGlite } from "@electric-sql/pglite";

PGlite.prototype.close = function close() {
  process.stderr.write("fault: the database close hangs\n");
  return new Promise(() => {});
};
