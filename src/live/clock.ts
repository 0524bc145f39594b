/**
 * Live mode's clock: the machines run on the real one, injected like the simulator's virtual clock,
 * so a test can hand a live run a clock of its own.
 */
/** The real clock, injected: ms since some origin, and timers. */
export interface RealClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: RealClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};
