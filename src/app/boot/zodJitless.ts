/**
 * Turns off zod's JIT in the browser. Zod 4 compiles object parsers with `new Function` and, when
 * each object schema is built, probes whether eval is allowed; under this app's Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval', see vite.config.ts) the probe is blocked and, although zod
 * catches the error, the browser still reports a `securitypolicyviolation` and logs a console error.
 * `jitless` skips both the probe and the compiled path (same results, interpreted).
 *
 * The flag is read when a schema is BUILT, not when it parses, so it must be set before any module
 * that builds schemas (src/sim/scenario/schema.ts, src/sim/trace/import.ts) is evaluated: this module
 * is the first import of app/exportActions.ts, the one chunk that loads them in the browser (the link's
 * fault check in link/faults.ts is zod-free, so zod is not in the first view). The CLI and tests do not load it and keep the JIT.
 *
 * It is imported for its side effect alone, so package.json's `sideEffects` must name it: the list
 * marks every other module of the package free of side effects, and the bundler would drop a bare
 * import of this one (it did, and zod's probe broke the CSP when Export opened; e2e/csp.spec.ts).
 */
import { z } from 'zod';

z.config({ jitless: true });
