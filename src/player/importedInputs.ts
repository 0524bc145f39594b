// The inputs an imported trace was simulated from, as the player's overrides: so that the link (UrlSync)
// and Copy link carry its knobs, cluster size, length and faults, and a change re-simulates from them.
import { algorithmFor } from '../sim/algorithms/declared.ts';
import { netParams, type Params } from '../sim/params.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import type { Trace } from '../sim/trace/trace.ts';

export interface ImportedInputs {
  params: Partial<Params>;
  nodes: number | undefined;
  interventions: TimedFault[];
  durationMs: number | undefined;
}

/**
 * The overrides that reproduce `trace` on `scenario` (the scenario and algorithm it names): each knob
 * whose value differs from the scenario's (else the default), the cluster size and length where they
 * differ, and the user's interventions (the trace keeps them apart from the scenario's script).
 */
export function importedInputs(trace: Trace, scenario: Scenario): ImportedInputs {
  const specs = { ...netParams, ...algorithmFor(scenario.algorithm).params };
  const params: Partial<Params> = {};
  for (const [k, v] of Object.entries(trace.params)) {
    const spec = Object.hasOwn(specs, k) ? specs[k] : undefined;
    if (!spec) continue;
    const base = Object.hasOwn(scenario.params, k) ? scenario.params[k] : spec.default;
    if (v !== base) params[k] = v;
  }
  const count = trace.hosts.filter((h) => h.kind === 'node').length;
  return {
    params,
    nodes: count !== scenario.nodes ? count : undefined,
    interventions: trace.interventions.map((f) => ({ ...f })),
    durationMs: trace.durationMs !== scenario.durationMs ? trace.durationMs : undefined,
  };
}
