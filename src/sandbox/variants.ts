import { FAULTS, type Fault } from '../sim/faults/table.ts';
import { canonicalFaults } from '../sim/inputs.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';

/**
 * Compare's other kind of second run: the same run with one of its faults left out, a story's
 * scripted fault (what the story's fix removes: split-brain without its partition) or one the user
 * injected. Written in the compare spec's own shape, `{ name: WITHOUT, value: k }` (a link's
 * `compare=without:2`): k numbers the run's faults as `runFaults` lists them, -1 leaves out every
 * fault. No knob is called "without" (knob names are the algorithms' camelCase params).
 */
export const WITHOUT = 'without';

/**
 * One fault of a run: the story's script first, in its order, then the user's interventions in the
 * simulator's canonical order (the trace's `interventions`), so k means one fault whatever order
 * they were added or written in a link.
 */
export interface RunFault {
  index: number;
  tf: TimedFault;
  scripted: boolean;
}

export function runFaults(scenario: Scenario, interventions: readonly TimedFault[]): RunFault[] {
  return [
    ...scenario.faults.map((tf) => ({ tf, scripted: true })),
    ...canonicalFaults([...interventions]).map((tf) => ({ tf, scripted: false })),
  ].map((f, index) => ({ ...f, index }));
}

type Spec = { undo?(f: Fault): Fault | null; followUp?(f: Fault): unknown };
const specOf = (f: Fault) => FAULTS[f.kind] as unknown as Spec;

/**
 * The faults Compare offers to leave out: those that start something (a crash, a partition, a
 * pause…), per the fault table's `undo` and `followUp`. The ones that only end something (heal,
 * restart, resume…) go with the fault they end.
 */
export function leavable(faults: readonly RunFault[]): RunFault[] {
  return faults.filter((f) => {
    const s = specOf(f.tf.fault);
    return s.undo !== undefined || s.followUp !== undefined;
  });
}

/**
 * What leaving out fault k removes: k, and the first later fault of the run that undoes it (the
 * table's `undo`: a partition's heal, a crash's restart), so no lone heal is left behind. -1: all.
 */
export function leftOut(faults: readonly RunFault[], k: number): RunFault[] {
  if (k === -1) return [...faults];
  const f = faults[k];
  if (!f) return [];
  const undo = specOf(f.tf.fault).undo?.(f.tf.fault);
  const key = undo ? JSON.stringify(undo) : null;
  const ender = key
    ? faults
        .filter((g) => g.index !== k && g.tf.atMs >= f.tf.atMs && JSON.stringify(g.tf.fault) === key)
        .sort((a, b) => a.tf.atMs - b.tf.atMs || a.index - b.index)[0]
    : undefined;
  return ender ? [f, ender] : [f];
}

/** Whether k names a fault Compare may leave out of this run (or -1, every fault). */
export function validWithout(scenario: Scenario, interventions: readonly TimedFault[], k: number): boolean {
  if (!Number.isInteger(k)) return false;
  const faults = runFaults(scenario, interventions);
  if (k === -1) return faults.length > 0;
  return leavable(faults).some((f) => f.index === k);
}

/** The inputs of the run without fault k (and what ends it): a scenario and interventions to simulate. */
export function withoutFault(
  scenario: Scenario,
  interventions: readonly TimedFault[],
  k: number,
): { scenario: Scenario; interventions: TimedFault[]; dropped: RunFault[] } {
  const faults = runFaults(scenario, interventions);
  const dropped = leftOut(faults, k);
  const gone = new Set(dropped.map((f) => f.index));
  const kept = faults.filter((f) => !gone.has(f.index));
  return {
    scenario: { ...scenario, faults: kept.filter((f) => f.scripted).map((f) => f.tf) },
    interventions: kept.filter((f) => !f.scripted).map((f) => f.tf),
    dropped,
  };
}
