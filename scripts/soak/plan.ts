/**
 * The soak's fault schedule: the chaos generator's random schedules (src/sim/chaos/schedule.ts),
 * one per window, laid end to end over the whole run on the etcd-lease cluster, each window closed
 * the chaos way (heal, restart the crashed, clocks back to rate 1) so the next one starts clean.
 * Pure and seeded: the same seed and hours give the same link.
 */
import fc from 'fast-check';
import { scenarios } from '../../scenarios/index.ts';
import { faultToText } from '../../src/app/link/faults.ts';
import { encodeView, type LinkView, MAX_DURATION_S } from '../../src/app/link/view.ts';
import { closingFaults, materialize, rawScheduleArb } from '../../src/sim/chaos/schedule.ts';
import type { TimedFault } from '../../src/sim/scenario/schema.ts';

export const SOAK_SCENARIO = 'etcd-lease';
const HOUR = 3_600_000;
/**
 * A link of at most this many characters: Node's HTTP server (vite preview) refuses request lines
 * over 16 KB, so the number of windows adapts to what fits.
 */
export const MAX_QUERY_CHARS = 14_000;

export interface SoakPlan {
  hours: number;
  seed: number;
  durationMs: number;
  windows: number;
  windowMs: number;
  faults: TimedFault[];
  /** Faults per kind. */
  kinds: Record<string, number>;
  /** The page's query: the run (with the faults) at 10x, the What-if sandbox open. */
  query: string;
}

function nodeCount(): number {
  const s = scenarios.find((x) => x.id === SOAK_SCENARIO);
  if (!s) throw new Error(`no scenario ${SOAK_SCENARIO}`);
  return s.nodes;
}

/** Faults of `windows` random schedules, window i shifted to start at i x windowMs. */
export function tiledFaults(seed: number, windows: number, windowMs: number): TimedFault[] {
  const nodes = nodeCount();
  const raws = fc.sample(rawScheduleArb({ maxFaults: 8 }), { seed, numRuns: windows });
  const out: TimedFault[] = [];
  raws.forEach((raw, i) => {
    // The cluster is the scenario's (5 nodes, its TTL): only the fault shapes and times are drawn.
    const s = materialize('lease', { ...raw, nodes }, false);
    const offset = i * windowMs;
    // A schedule lasts at most a few TTLs (of the drawn TTL, <= 20 s); it must end inside its window.
    if (s.faultsEndMs >= windowMs) return;
    for (const f of [...s.faults, ...closingFaults(s)]) out.push({ atMs: offset + f.atMs, fault: f.fault });
  });
  return out;
}

export function soakPlan(hours: number, seed: number): SoakPlan {
  // A link carries whole seconds.
  const durationMs = Math.round((hours * HOUR) / 1000) * 1000;
  if (!(durationMs >= 1000 && durationMs <= MAX_DURATION_S * 1000))
    throw new Error(`hours must be between 1 s and 24 h, got ${hours}`);
  const view = (faults: TimedFault[]): LinkView => ({
    scenario: SOAK_SCENARIO,
    step: null,
    t: null,
    seed,
    nodes: null,
    algorithm: null,
    durationMs,
    compare: null,
    params: {},
    faults,
    speed: 10,
    whatIf: true,
    panel: 'sequence',
    theme: null,
    lang: 'en',
  });
  // As many windows as the link can carry, at most one every 5 minutes.
  let windows = Math.max(1, Math.ceil(durationMs / 300_000));
  for (;;) {
    const windowMs = Math.floor(durationMs / windows);
    const faults = tiledFaults(seed, windows, windowMs);
    const query = encodeView(view(faults));
    if (query.length <= MAX_QUERY_CHARS || windows === 1) {
      const kinds: Record<string, number> = {};
      for (const f of faults) kinds[f.fault.kind] = (kinds[f.fault.kind] ?? 0) + 1;
      return { hours, seed, durationMs, windows, windowMs, faults, kinds, query };
    }
    windows = Math.max(1, Math.floor(windows * 0.8));
  }
}

/** For the report: the faults as link text. */
export const faultLines = (p: SoakPlan): string[] => p.faults.map(faultToText);
