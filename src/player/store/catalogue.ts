/**
 * Which scenario is on screen: a story at its start or at one of its steps, or the sandbox with an
 * algorithm. A scenario the list does not have yet waits for the rest of the catalogue (opts.more).
 */
import type { Params } from '../../sim/params.ts';
import { isFreePlay, withAlgorithm } from '../../sim/scenario/sandbox.ts';
import * as nav from '../steps.ts';
import type { Slice } from './context.ts';
import { clean, type Run } from './types.ts';

/** The cursor at the start of a run, or at one of its steps. */
export function cursorAtStep(run: Run | null, step: number | undefined): nav.Cursor {
  if (!run) return { t: 0, stepIndex: -1 };
  if (step === undefined) return nav.startOf(nav.stepsOf(run));
  return nav.goToStep(nav.stepsOf(run), step);
}

export const catalogueSlice: Slice<'selectScenario' | 'setAlgorithm'> = ({ set, opts, runs, flight }) => {
  /** Opens a scenario at its start, or at one of its steps. */
  const select = (id: string, step: number | undefined) => {
    const scenario = runs.find(id);
    const algorithm = scenario && isFreePlay(scenario) ? scenario.algorithm : undefined;
    flight.launch(
      {
        scenarioId: scenario?.id ?? id,
        algorithm,
        ...clean,
        history: { past: [], future: [] },
        pauseMs: null,
        compare: null,
      },
      (run) => ({
        scenarioId: run.scenario.id,
        algorithm: isFreePlay(run.scenario) ? run.scenario.algorithm : undefined,
        ...(isFreePlay(run.scenario) ? { whatIf: true } : {}),
        run,
        error: null,
        rejected: null,
        imported: false,
        ...cursorAtStep(run, step),
        playing: false,
        pace: 1,
      }),
    );
  };
  return {
    selectScenario(id, step) {
      // Not in the list yet: the rest of the catalogue first (once: an id it lacks too opens the first).
      if (!runs.find(id) && opts.more) flight.fetchMore(opts.more, () => select(id, step));
      else select(id, step);
    },
    setAlgorithm(algorithm, params: Partial<Params> = {}) {
      const { scenarioId } = flight.effective();
      const base = runs.find(scenarioId) ?? runs.first;
      try {
        withAlgorithm(base, algorithm);
      } catch (e) {
        set({ rejected: e instanceof Error ? e.message : String(e) });
        return false;
      }
      const input = { ...clean, params };
      flight.launch(
        { scenarioId, algorithm, ...input, history: { past: [], future: [] }, compare: null },
        (run) => ({ algorithm: run.scenario.algorithm, ...flight.landed(run), playing: false }),
      );
      return true;
    },
  };
};
