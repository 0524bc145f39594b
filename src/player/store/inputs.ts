/**
 * The run's inputs and their history: each change of seed, knobs, size, faults or length is one
 * undoable step, simulated through the flight (the run on screen stays until the new one is ready).
 */

import type { TimedFault } from '../../sim/scenario/schema.ts';
import type { Slice } from './context.ts';
import type { Flight } from './flight.ts';
import { inputOf, type PlayerState, type RunInput, sameInputs } from './types.ts';

/** Re-simulates with new inputs; keeps the cursor time (the past is unchanged for interventions). */
export function rerun(
  flight: Flight,
  patch: Partial<RunInput> & Partial<Pick<PlayerState, 'history'>>,
): void {
  const s = { ...flight.effective(), ...patch };
  flight.launch(
    { ...flight.pendingPatch(), ...patch, scenarioId: s.scenarioId, algorithm: s.algorithm, ...inputOf(s) },
    flight.landed,
  );
}

export const inputsSlice: Slice<
  | 'setDuration'
  | 'setInputs'
  | 'changeInputs'
  | 'setSeed'
  | 'setParams'
  | 'resetKnobs'
  | 'setNodes'
  | 'setInterventions'
  | 'addIntervention'
  | 'removeIntervention'
  | 'undo'
  | 'redo'
  | 'cancelPending'
  | 'whenSettled'
> = ({ flight }) => {
  /** A change of the run's inputs as one undoable step (a refused change leaves no entry). */
  const change = (patch: Partial<RunInput>) => {
    const s = flight.effective();
    if (sameInputs(patch, s)) return;
    rerun(flight, { ...patch, history: { past: [...s.history.past, inputOf(s)], future: [] } });
  };
  const changeInterventions = (interventions: TimedFault[]) => change({ interventions });
  return {
    setDuration(durationMs) {
      change({ durationMs });
    },
    setInputs(patch) {
      const s = flight.effective();
      if (sameInputs(patch, s)) return;
      rerun(flight, { ...patch, history: { past: [], future: [] } });
    },
    changeInputs(patch) {
      change(patch);
    },
    setSeed(seed) {
      change({ seed });
    },
    setParams(params) {
      change({ params });
    },
    resetKnobs() {
      change({ params: {}, nodes: undefined });
    },
    setNodes(nodes) {
      change({ nodes });
    },
    setInterventions(interventions) {
      changeInterventions(interventions);
    },
    addIntervention(fault) {
      changeInterventions([...flight.effective().interventions, fault]);
    },
    removeIntervention(index) {
      const list = flight.effective().interventions;
      if (index < 0 || index >= list.length) return;
      changeInterventions(list.filter((_, i) => i !== index));
    },
    undo() {
      const s = flight.effective();
      const prev = s.history.past[s.history.past.length - 1];
      if (!prev) return;
      rerun(flight, {
        ...prev,
        history: { past: s.history.past.slice(0, -1), future: [inputOf(s), ...s.history.future] },
      });
    },
    redo() {
      const s = flight.effective();
      const next = s.history.future[0];
      if (!next) return;
      rerun(flight, {
        ...next,
        history: { past: [...s.history.past, inputOf(s)], future: s.history.future.slice(1) },
      });
    },
    cancelPending() {
      flight.cancelPending();
    },
    whenSettled(fn) {
      flight.whenSettled(fn);
    },
  };
};
