/**
 * Branch here: the choice points still open at the cursor that the player can take as an
 * intervention, and the index Compare needs to draw the other future (the run without it) beside.
 *
 * Open: the explorer's fault menu (src/sim/explore, faultMenu) at the cursor, for the faults Compare
 * can leave out again (a crash, a pause past the TTL, isolating a node: variants.ts `leavable`); and
 * the draws of the run's schedule still open (drawBranches): which message in flight arrives now,
 * which is lost, which randomized timer fires now or last. A draw taken becomes the run's schedule
 * (`choices`: the draws before it, the pick, the seed's after) and Compare draws it at the seed's value.
 */
import { faultMenu } from '../sim/explore/menu.ts';
import { foldFault, freshLife } from '../sim/faults/fold.ts';
import type { HostLife } from '../sim/faults/table.ts';
import { canonicalFaults, type SimOptions } from '../sim/inputs.ts';
import {
  branchingChooser,
  CHOICES_VERSION,
  type Choices,
  type DrawRecord,
  describingChooser,
  replayingChooser,
} from '../sim/kernel/choices.ts';
import { type NetState, openNet } from '../sim/net/reach.ts';
import type { Params } from '../sim/params.ts';
import { resolveFaults } from '../sim/scenario/aliases.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';
import type { Fault, TraceEvent } from '../sim/trace/events.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { leavable, runFaults } from './variants.ts';

type FaultEvent = Extract<TraceEvent, { k: 'fault' }>;

/** The nodes' lives and the network just before `t`, folded from the trace's faults as the simulator does. */
function worldAt(
  trace: Trace,
  faults: readonly FaultEvent[],
  t: number,
): { lives: Map<string, HostLife>; net: NetState } {
  const lives = new Map(trace.hosts.filter((h) => h.kind === 'node').map((h) => [h.id, freshLife]));
  let net = openNet;
  for (const e of faults) {
    if (e.t >= t) break;
    const step = foldFault(e.fault, (h) => lives.get(h), net);
    if (step.host !== undefined && step.life) lives.set(step.host, step.life);
    net = step.net;
  }
  return { lives, net };
}

/**
 * The faults one may branch on at `t`: the explorer's menu, those Compare can leave out again.
 * `faults`: the run's fault events, from its index (TraceIndex.faults) on the page: a long run's
 * events are not scanned again.
 */
export function branchOptions(
  trace: Trace,
  t: number,
  pauseMs: number,
  faults: readonly FaultEvent[] = trace.events.filter((e): e is FaultEvent => e.k === 'fault'),
): Fault[] {
  const menu = faultMenu(worldAt(trace, faults, t), pauseMs);
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

/**
 * Compare's third kind of second run (`compare=draw:<i>`, a link's): the same schedule with its draw
 * i back at the seed's value, and the seed's draws after it (kernel/choices.ts, branchingChooser):
 * after a Branch here pick on a seeded run, exactly the run before the pick.
 */
export const DRAW = 'draw';

/** The draws Branch here changes: a timer's range this narrow is a pick among few (domains.ts). */
const SMALL = 8;
const NAMES = /\/(identity|sysid)$/;

/** A draw the user can change at the cursor: a message that arrives now or is lost, a timer that fires now or last. */
export interface DrawBranch {
  kind: 'arrive' | 'lose' | 'fire-now' | 'fire-last';
  /** The draw's index in the run's schedule, and its new value. */
  index: number;
  value: number;
  /** When the message now arrives or the timer now fires (a lost message: when it would have). */
  atMs: number;
  message?: { id: number; from: string; to: string; type: string };
  timer?: { owner: string; name: string };
}

/**
 * The messages the run already lost (drops for `loss`), which count against the draws' budget of
 * losses; 0 without draws to offer (`log` null: a long run, an imported one, a challenge), without
 * reading the events: a 24 h run has over a million, and counting them held the page for about 20 ms
 * each time its run landed (issue #40).
 */
export function lossesSoFar(log: readonly DrawRecord[] | null, events: readonly TraceEvent[]): number {
  if (log === null) return 0;
  let n = 0;
  for (const e of events) if (e.k === 'drop' && e.reason === 'loss') n++;
  return n;
}

/** Every draw of a run, with its time and event: the run simulated again with a describing chooser. */
export function recordDraws(scenario: Scenario, opts: SimOptions): DrawRecord[] {
  const inner = opts.choices ? replayingChooser(opts.choices.draws, () => {}) : undefined;
  const rec = describingChooser(inner);
  simulate(scenario, { ...opts, states: false, chooser: rec, describeDraws: true });
  return rec.log;
}

/**
 * The draws still open at `t`: each message in flight can arrive now (its latency cut to what has
 * passed, within the range) or, while `lossesLeft` allows, be lost; each randomized timer that is
 * running (drawn before `t`, not drawn again, its host neither changed role nor had a fault since)
 * can fire now or at the end of its window. Only the future changes: every event before `t` stays.
 */
export function drawBranches(
  log: readonly DrawRecord[],
  trace: Trace,
  t: number,
  lossesLeft: number,
): DrawBranch[] {
  const sends = new Map<number, Extract<TraceEvent, { k: 'send' }>>();
  const changed = new Map<string, number[]>(); // host -> times its role or life changed
  for (const e of trace.events as readonly TraceEvent[]) {
    if (e.t > t) break;
    if (e.k === 'send') sends.set(e.id, e);
    else if (e.k === 'role') changed.set(e.node, [...(changed.get(e.node) ?? []), e.t]);
    else if (e.k === 'fault' && 'node' in e.fault)
      changed.set(e.fault.node, [...(changed.get(e.fault.node) ?? []), e.t]);
  }
  // A message dropped whatever its draws (a partition, a host down) has no choice left to offer.
  const dropped = new Set<number>();
  for (const e of trace.events as readonly TraceEvent[])
    if (e.k === 'drop' && e.reason !== 'loss') dropped.add(e.id);
  const out: DrawBranch[] = [];
  const latest = new Map<string, DrawRecord>();
  for (const d of log) {
    const at = d.atMs ?? 0;
    if (at > t) break;
    const a = d.about;
    if (a?.k === 'message') {
      const send = sends.get(a.id);
      if (!send || send.deliverAt <= t || dropped.has(a.id)) continue;
      const message = { id: a.id, from: a.from, to: a.to, type: a.type };
      if (a.what === 'latency' && d.kind === 'int') {
        const value = Math.max(d.min, d.value - (send.deliverAt - t));
        if (value < d.value)
          out.push({
            kind: 'arrive',
            index: d.index,
            value,
            atMs: send.deliverAt - (d.value - value),
            message,
          });
      } else if (a.what === 'loss' && d.value === 0 && lossesLeft > 0)
        out.push({ kind: 'lose', index: d.index, value: 1, atMs: send.deliverAt, message });
    } else if (a?.k === 'host' && d.kind === 'int' && d.max - d.min >= SMALL && !NAMES.test(d.stream))
      latest.set(d.stream, d);
  }
  for (const d of latest.values()) {
    const a = d.about as Extract<DrawRecord['about'], { k: 'host' }>;
    const at = d.atMs ?? 0;
    if (at + d.value <= t) continue;
    if ((changed.get(a.owner) ?? []).some((c) => c > at)) continue;
    const timer = { owner: a.owner, name: a.name };
    const now = Math.max(d.min, t - at);
    if (now < d.value) out.push({ kind: 'fire-now', index: d.index, value: now, atMs: at + now, timer });
    if (d.max > d.value)
      out.push({ kind: 'fire-last', index: d.index, value: d.max, atMs: at + d.max, timer });
  }
  return out.sort((x, y) => x.atMs - y.atMs || x.index - y.index);
}

/** The schedule of the run with one draw changed: the draws before it kept, the seed's after (branchingChooser). */
export function branchSchedule(
  scenario: Scenario,
  opts: SimOptions,
  log: readonly DrawRecord[],
  pick: { index: number; value: number | 'seed' },
): number[] {
  const rec = describingChooser(
    branchingChooser(
      log.map((d) => d.value),
      pick.index,
      pick.value,
    ),
  );
  simulate(scenario, { ...opts, states: false, chooser: rec });
  return rec.log.map((d) => d.value);
}

/** The run's inputs as Branch here reads and changes them (the player's RunInput). */
export interface BranchInputs {
  seed?: number | undefined;
  params: Partial<Params>;
  nodes?: number | undefined;
  interventions: TimedFault[];
  durationMs?: number | undefined;
  choices?: Choices | undefined;
}

/** The simulator's options for these inputs, as the player's runs.ts gives them. */
export function simOptionsOf(i: BranchInputs): SimOptions {
  return {
    ...(i.seed !== undefined ? { seed: i.seed } : {}),
    params: i.params,
    interventions: i.interventions,
    ...(i.nodes !== undefined ? { nodes: i.nodes } : {}),
    ...(i.durationMs !== undefined ? { durationMs: i.durationMs } : {}),
    ...(i.choices ? { choices: i.choices, withoutScript: true } : {}),
  };
}

/**
 * The inputs of the run with draw `b` taken: its schedule (kernel/choices.ts) and, since a run with a
 * schedule leaves the story's script out, the script's faults as interventions at their times, so the
 * run replays identically from 0 ms up to the pick. `story` is the scenario as the player holds it.
 */
export function takeDraw(
  story: Scenario,
  nodeIds: string[],
  i: BranchInputs,
  log: readonly DrawRecord[],
  b: Pick<DrawBranch, 'index' | 'value'>,
): Pick<BranchInputs, 'choices' | 'interventions'> {
  const interventions = i.choices
    ? i.interventions
    : canonicalFaults([...resolveFaults(story.faults, nodeIds), ...i.interventions]);
  const opts = { ...simOptionsOf({ ...i, interventions }), withoutScript: true };
  const draws = branchSchedule(story, opts, log, b);
  return { choices: { version: CHOICES_VERSION, draws }, interventions };
}
