/**
 * Branch here: the choice points still open at the cursor that the player can take as an
 * intervention, and the index Compare needs to draw the other future (the run without it) beside.
 *
 * Open today: the explorer's fault menu (src/sim/explore, faultMenu) at the cursor, for the faults
 * Compare can leave out again (a crash, a pause past the TTL, isolating a node: variants.ts
 * `leavable`). The rest of the explorer's choice points (which message arrives next, which is lost,
 * when a randomized timer fires) are draws of the run's schedule, not faults: they are not offered yet.
 */
import { faultMenu } from '../sim/explore/explore.ts';
import { foldFault, freshLife } from '../sim/faults/fold.ts';
import type { HostLife } from '../sim/faults/table.ts';
import { type NetState, openNet } from '../sim/net/reach.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import type { Fault, TraceEvent } from '../sim/trace/events.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { leavable, runFaults } from './variants.ts';

/** A run's fault events, found once: the section re-renders with the cursor, every frame while playing. */
// Keyed by the count too: a long run's events grow in place while it streams in.
const faultsOf = new WeakMap<Trace, { n: number; list: Extract<TraceEvent, { k: 'fault' }>[] }>();
function faultEvents(trace: Trace): Extract<TraceEvent, { k: 'fault' }>[] {
  const hit = faultsOf.get(trace);
  if (hit && hit.n === trace.events.length) return hit.list;
  const list = (trace.events as readonly TraceEvent[]).filter(
    (e): e is Extract<TraceEvent, { k: 'fault' }> => e.k === 'fault',
  );
  faultsOf.set(trace, { n: trace.events.length, list });
  return list;
}

/** The nodes' lives and the network just before `t`, folded from the trace's faults as the simulator does. */
function worldAt(trace: Trace, t: number): { lives: Map<string, HostLife>; net: NetState } {
  const lives = new Map(trace.hosts.filter((h) => h.kind === 'node').map((h) => [h.id, freshLife]));
  let net = openNet;
  for (const e of faultEvents(trace)) {
    if (e.t >= t) break;
    const step = foldFault(e.fault, (h) => lives.get(h), net);
    if (step.host !== undefined && step.life) lives.set(step.host, step.life);
    net = step.net;
  }
  return { lives, net };
}

/** The faults one may branch on at `t`: the explorer's menu, those Compare can leave out again. */
export function branchOptions(trace: Trace, t: number, pauseMs: number): Fault[] {
  const menu = faultMenu(worldAt(trace, t), pauseMs);
  const probe = (f: Fault) => leavable([{ index: 0, tf: { atMs: t, fault: f }, scripted: false }]).length > 0;
  return menu.filter(probe);
}

/** Compare's index (`compare=without:k`) of the branch's fault among the run's faults. */
export function branchIndex(
  scenario: Scenario,
  interventions: readonly TimedFault[],
  branch: TimedFault,
): number {
  const key = JSON.stringify(branch);
  return (
    runFaults(scenario, interventions).find((f) => !f.scripted && JSON.stringify(f.tf) === key)?.index ?? -1
  );
}
