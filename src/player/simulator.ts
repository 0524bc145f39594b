/**
 * The page's simulator, once it has one. The default view opens on the build's run of its first
 * frame (the prerender's `#first-run` block, main.tsx) and never needs it: Play, seek and steps read
 * that trace, and every change is simulated by the engine (a worker). Any other view loads it before
 * its first render (`loadSimulator`). The CLI, the tests, the embed libraries and the prerender install
 * it statically (`installSimulator`), so the store and boot work as before there.
 */
import type { hostIdsOf, simulate } from '../sim/simulate.ts';

export interface Simulator {
  simulate: typeof simulate;
  hostIdsOf: typeof hostIdsOf;
}

let current: Simulator | null = null;

export function installSimulator(s: Simulator): void {
  current = s;
}

/** The simulator, or a clear error naming what needed it before it was loaded. */
export function needSimulator(what: string): Simulator {
  if (!current) throw new Error(`${what} needs the simulator, which this page has not loaded`);
  return current;
}

/** Fetches the simulator's chunk (once) and installs it. */
export function loadSimulator(): Promise<Simulator> {
  if (current) return Promise.resolve(current);
  return import('../sim/simulate.ts').then((m) => {
    current ??= { simulate: m.simulate, hostIdsOf: m.hostIdsOf };
    return current;
  });
}
