/**
 * A pitfall story under random faults, without and with its fix: the chaos generator's schedule for
 * the algorithm the run uses (the fix may change it), on the story's cluster without its script. The
 * schedule draws the algorithm's numeric knobs; its switches (every boolean knob: the pitfall and,
 * with the fix, the defence, e.g. `confirmRenew`, `ownCopy`, gossip's `takesWrites`) stay as the
 * story and its fix set them, or at their defaults.
 */
import { scenarioById } from '../../../scenarios/index.ts';
import { algorithmFor } from '../../sim/algorithms/registry.ts';
import { interventionsOf, materialize, type RawSchedule } from '../../sim/chaos/schedule.ts';
import { onlyHosts } from '../../sim/faults/shape.ts';
import { specOf } from '../../sim/faults/table.ts';
import type { Params } from '../../sim/params.ts';
import { withFix } from '../../sim/scenario/fix.ts';
import type { Scenario, TimedFault } from '../../sim/scenario/schema.ts';
import { simulate } from '../../sim/simulate.ts';
import type { Trace } from '../../sim/trace/trace.ts';

export interface PitfallRun {
  scenario: Scenario;
  params: Params;
  interventions: TimedFault[];
  trace: Trace;
}

/** Only faults on hosts the run has (an ownCopy lease run has no shared storage host). */
function onHosts(faults: TimedFault[], hosts: ReadonlySet<string>): TimedFault[] {
  return faults.flatMap((tf) => {
    const fault = onlyHosts(specOf(tf.fault).fields, tf.fault, hosts);
    return fault ? [{ atMs: tf.atMs, fault }] : [];
  });
}

export function pitfallRun(storyId: string, raw: RawSchedule, fix: boolean): PitfallRun {
  const story = scenarioById(storyId);
  if (!story) throw new Error(`pitfall chaos: no scenario ${storyId}`);
  const { scenario } = withFix(story, fix ? { fix: true } : {});
  const s = materialize(scenario.algorithm, raw, false);
  const switches = Object.entries(algorithmFor(scenario.algorithm).params).flatMap(([k, spec]) =>
    typeof spec.default === 'boolean' ? [[k, scenario.params[k] ?? spec.default] as const] : [],
  );
  const params: Params = { ...s.params, ...Object.fromEntries(switches) };
  const base = { withoutScript: true, seed: s.seed, nodes: s.nodes, params, states: false } as const;
  const hosts = new Set(simulate(scenario, { ...base, durationMs: 1 }).hosts.map((h) => h.id));
  const interventions = onHosts(interventionsOf(s), hosts);
  const trace = simulate(scenario, { ...base, interventions, durationMs: s.durationMs });
  return { scenario, params, interventions, trace };
}
