import { type AlgorithmId, algorithms } from '../sim/algorithms/registry.ts';
import type { Params } from '../sim/params.ts';

/**
 * The sandbox's algorithm choices: an algorithm plus the switch that makes the difference
 * its story is about (quorum for heartbeat, fencing for the lease). The preset only sets the knobs: the run
 * input stays algorithm + params, so the link and the knobs panel say the same thing.
 */
export interface Preset {
  id: string;
  algorithm: AlgorithmId;
  params: Partial<Params>;
}

/** Every algorithm's presets (its declaration's `sandbox.presets`), in the registry's order. */
export const PRESETS: readonly Preset[] = Object.values(algorithms).flatMap((a) =>
  a.sandbox.presets.map((p) => ({ id: p.id, algorithm: a.id as AlgorithmId, params: { ...p.params } })),
);

/** The preset a run matches: its algorithm, and the switches as the run resolved them. */
export function presetOf(algorithm: string, params: Params): Preset | undefined {
  const own = PRESETS.filter((p) => p.algorithm === algorithm);
  return own.find((p) => Object.entries(p.params).every(([k, v]) => params[k] === v)) ?? own[0];
}

/** Run lengths offered in the sandbox, virtual seconds (the link takes any from 10 to 3600). */
export const DURATIONS_S: readonly number[] = [60, 120, 300, 600, 1200];
