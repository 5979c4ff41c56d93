import { z } from "zod";

// Zod compiles validators with `new Function` when it can; the site's CSP forbids eval, so ask for
// the interpreter instead (no CSP violation, no feature detection by eval).
z.config({ jitless: true });

export { z };
