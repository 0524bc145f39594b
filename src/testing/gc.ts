import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A context made after the flag has `gc` (as the bench does it, scripts/bench/sim.ts): a test reads
// the heap, or a weak reference, after a full collection without a flag on vitest's command line.
setFlagsFromString('--expose-gc');

/** A full garbage collection. */
export const gc = runInNewContext('gc') as () => void;
