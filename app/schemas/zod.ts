import * as z from "zod/mini";

// The schemas are written with zod's small build (`zod/mini`): the same validator core as the full
// build, a fraction of its size in the browser. Zod compiles validators with `new Function` when it
// can; the site's CSP forbids eval, so ask for the interpreter instead.
z.config({ jitless: true });

export { z };
