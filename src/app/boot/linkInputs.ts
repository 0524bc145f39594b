/** A link's run inputs, read the same way for the page's first run and for a challenge it reopens. */
import { needSimulator } from '../../player/simulator.ts';
import type { RunInput } from '../../player/store.ts';
import { nodesProblem, scenarioParams } from '../../sim/inputs.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { checkFaultHosts } from '../link/faults.ts';
import type { LinkProblem } from '../link/problems.ts';
import type { LinkView } from '../link/view.ts';

/** The parameters that say which run is shown and where in it (the rest is the view: theme, panel, ...). */
export const RUN_PARAMS = [
  'scenario',
  'step',
  't',
  'algorithm',
  'seed',
  'nodes',
  'set',
  'fault',
  'duration',
  'choices',
  'fix',
  'compare',
  'whatif',
  'inspect',
] as const;

/**
 * The link's own inputs for this scenario (seed, nodes, knobs, faults, length, choices), each checked
 * on its own as the sandbox would: a refused one is named in `problems`, the rest load.
 */
export function linkInputs(scenario: Scenario, view: LinkView, problems: LinkProblem[]): Partial<RunInput> {
  const inputs: Partial<RunInput> = {};
  const refuse = (reason: string) => problems.push({ param: 'rejected', value: '', reason });
  if (view.seed !== null) inputs.seed = view.seed;
  if (view.nodes !== null) {
    const bad = nodesProblem(scenario, view.nodes, view.params);
    if (bad) refuse(bad);
    else inputs.nodes = view.nodes;
  }
  if (Object.keys(view.params).length > 0) {
    try {
      scenarioParams(scenario, view.params);
      inputs.params = view.params;
    } catch (e) {
      refuse(e instanceof Error ? e.message : String(e));
    }
  }
  if (view.faults.length > 0) {
    // The faults too: adding a server a Raft cluster does not have makes its host (add-server).
    const hosts = needSimulator('a link with faults').hostIdsOf(
      scenario,
      inputs.nodes,
      inputs.params,
      view.faults,
    );
    const checked = checkFaultHosts(view.faults, hosts);
    problems.push(...checked.problems);
    if (checked.faults.length > 0) inputs.interventions = checked.faults;
  }
  if (view.durationMs !== null) inputs.durationMs = view.durationMs;
  if (view.choices) inputs.choices = view.choices;
  return inputs;
}
