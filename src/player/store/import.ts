/** A trace from elsewhere (Import) shown as is, instead of a simulation of the player's inputs. */
import { isFreePlay, withAlgorithm } from '../../sim/scenario/sandbox.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { importedInputs } from '../importedInputs.ts';
import * as nav from '../steps.ts';
import type { Slice } from './context.ts';

export const importSlice: Slice<'loadTrace' | 'openStory'> = ({ set, get, runs, flight }) => ({
  openStory(scenario) {
    runs.adopt(scenario);
    get().selectScenario(scenario.id);
  },
  loadTrace(trace) {
    const base = runs.find(trace.scenario);
    if (!base) return false;
    let scenario: Scenario;
    try {
      scenario = withAlgorithm(base, trace.algorithm);
    } catch {
      return false;
    }
    // Whatever was being simulated gives way to the imported trace.
    flight.drop();
    const run = runs.completeRun(scenario, trace, null);
    set({
      scenarioId: scenario.id,
      algorithm: isFreePlay(scenario) ? scenario.algorithm : undefined,
      seed: trace.seed,
      // Its own inputs, so the link carries them (Copy link reproduces the view).
      ...importedInputs(trace, scenario),
      history: { past: [], future: [] },
      pauseMs: null,
      compare: null,
      run,
      error: null,
      rejected: null,
      imported: true,
      until: trace.durationMs,
      ...nav.startOf(nav.stepsOf(run)),
      playing: false,
      pace: 1,
    });
    flight.settle();
    return true;
  },
});
