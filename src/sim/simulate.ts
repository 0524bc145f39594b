import { algorithmFor } from './algorithms/registry.ts';
import { runtimeFor } from './algorithms/runtimes.ts';
import { FENCING_WINDOW_MARK, fencingWindowNotice } from './check/fencingWindow.ts';
import { type Checker, leaderlessChecker, safetyCheckers } from './check/index.ts';
import { foldFault } from './faults/fold.ts';
import { shapeHosts } from './faults/shape.ts';
import { hostOf, specOf } from './faults/table.ts';
import {
  canonicalFaults,
  DEFAULT_BUDGET,
  nodesProblem,
  overBudget,
  SimError,
  type SimOptions,
  scenarioParams,
} from './inputs.ts';
import { canonical, opaque } from './kernel/canonical.ts';
import { branchingChooser, type DrawContext, replayingChooser } from './kernel/choices.ts';
import { afterOnClock, queueClock } from './kernel/clock.ts';
import { type Descriptor, EventQueue } from './kernel/queue.ts';
import { RngStreams } from './kernel/rngs.ts';
import { Host, type HostKind, type ProcessEnv, type ProcessFactory } from './net/host.ts';
import { Network } from './net/network.ts';
import { openNet } from './net/reach.ts';
import type { Params } from './params.ts';
import { clusterVars, resolveFaults, resolveScenarioAliases } from './scenario/aliases.ts';
import { withFix } from './scenario/fix.ts';
import type { Scenario, TimedFault } from './scenario/schema.ts';
import type { Fault, TraceEvent } from './trace/events.ts';
import { resolveSteps } from './trace/narrate.ts';
import type { Trace } from './trace/trace.ts';
import { trueSteps } from './trace/trueSteps.ts';

/** The host ids a run of the scenario has (its nodes and the algorithm's others), without running it. */
export function hostIdsOf(
  story: Scenario,
  nodes?: number,
  knobs?: Partial<Params>,
  /** Interventions: a server an `add-server` names is a host of the run (a spare). */
  faults: readonly TimedFault[] = [],
): string[] {
  const { scenario } = withFix(story, knobs);
  const alg = algorithmFor(scenario.algorithm);
  const ids: string[] = [];
  const nodeIds = alg.nodeIds(nodes ?? scenario.nodes);
  runtimeFor(alg.id).build({
    nodeIds,
    params: scenarioParams(story, knobs),
    spares: sparesOf([...resolveFaults(scenario.faults, nodeIds), ...faults], nodeIds, alg),
    addHost: (id) => {
      ids.push(id);
    },
  });
  return ids;
}

/**
 * Runs a scenario: pure and deterministic. The same scenario, seed, params and interventions give
 * a byte-identical trace in the browser, in Node, in tests and in the CLI.
 */
export function simulate(scenario: Scenario, opts: SimOptions = {}): Trace {
  const sim = startSimulation(scenario, opts);
  sim.advance(sim.durationMs);
  return sim.finish();
}

/**
 * A run under way: simulate() in pieces. A caller can advance it a slice at a time (a worker, or
 * the page in slices that yield), and change the faults still ahead of it (retarget): the result is
 * byte-identical to simulate() with the final inputs, which `resume.test.ts` checks.
 */
export interface Simulation {
  readonly durationMs: number;
  /** Every callback at or before this virtual ms has run (-1 before the first). */
  readonly through: number;
  readonly done: boolean;
  /** The trace events so far, in order. */
  readonly events: readonly TraceEvent[];
  /** The time of the next callback due, if any: the explorer's event boundaries (issue #41). */
  readonly nextAt: number | undefined;
  /** The interventions the run is on its way to (canonical order). */
  readonly interventions: readonly TimedFault[];
  /** The trace's fields but its events and steps: known from the start. */
  readonly head: Omit<Trace, 'events' | 'steps'>;
  /**
   * Runs the callbacks due at or before `untilMs` (capped at the run's length), at most `maxSteps`
   * of them. True when it got there; false when it stopped early, to be called again. Throws a
   * SimError when the run's budget is spent (SimOptions.budget): the run is over then.
   */
  advance(untilMs: number, maxSteps?: number): boolean;
  /** Whether `next` differs from the run's interventions only after `through` (retarget can take it). */
  canRetarget(next: readonly TimedFault[]): boolean;
  /** Swaps the interventions still ahead for `next`'s; throws a SimError when canRetarget is false. */
  retarget(next: readonly TimedFault[]): void;
  /**
   * The world now, as the explorer fingerprints it (issue #41), in canonical text (kernel/canonical.ts),
   * or null when a process or checker cannot tell its state (that world is never merged).
   */
  world(): string | null;
  /** The trace of a finished run (done). */
  finish(): Trace;
  /**
   * Holds `past`'s events in place of its own equal first ones: the same run's, kept elsewhere (the
   * page's, when the engine runs on the page and a checkpoint copy makes the run again), so memory
   * holds one copy of them, not two. Stops where `past` ends or differs in time or kind.
   */
  share(past: readonly TraceEvent[]): void;
}

const faultKey = (tf: TimedFault) => JSON.stringify(tf.fault);
const faultsThrough = (faults: readonly TimedFault[], t: number) =>
  faults
    .filter((f) => f.atMs <= t)
    .map((f) => `${f.atMs} ${faultKey(f)}`)
    .sort()
    .join('\n');

export function startSimulation(story: Scenario, opts: SimOptions = {}): Simulation {
  // A pitfall story's `fix` knob may change its algorithm, size, faults and script (scenario/fix.ts).
  const { scenario } = withFix(story, opts.params);
  const alg = algorithmFor(scenario.algorithm);
  const runtime = runtimeFor(alg.id);
  const seed = opts.seed ?? scenario.seed;
  const params = scenarioParams(story, opts.params);
  const n = opts.nodes ?? scenario.nodes;
  const badNodes = nodesProblem(scenario, n);
  if (badNodes) throw new SimError(badNodes);
  const durationMs = opts.durationMs ?? scenario.durationMs;
  // A run the user changed from the story's own: its size, knobs or faults. Not its seed: a story is
  // told the same on any seed (only latencies change), and its declarations name its own seed's nodes.
  const ownParams = scenarioParams(story, opts.params?.fix === true ? { fix: true } : undefined);
  const changed = (faults: readonly TimedFault[]) =>
    n !== scenario.nodes ||
    faults.length > 0 ||
    opts.withoutScript === true ||
    Object.keys(params).some((k) => params[k] !== ownParams[k]);

  const queue = new EventQueue();
  if (opts.watch) queue.watch = opts.watch;
  // A schedule (the options', else the scenario file's) replaces the seed's draws (issue #41).
  const choices = opts.choices ?? scenario.choices;
  const chooser =
    opts.chooser ??
    (choices
      ? opts.seedFrom !== undefined
        ? branchingChooser(choices.draws, opts.seedFrom, 'seed')
        : replayingChooser(choices.draws, (why) => spend(new SimError(why)))
      : undefined);
  // Each draw's time and event, for a chooser that writes them down (Branch here): only when asked.
  const drawing: DrawContext | undefined =
    chooser && opts.describeDraws ? { now: () => queue.now } : undefined;
  const rngs = new RngStreams(seed, chooser, drawing);
  // Let, not const: a finished run's world is kept (keepWarm), and its trace must not be kept with it.
  let events: TraceEvent[] = [];
  const checkers: Checker[] = safetyCheckers(alg.leadership.keys);
  if (opts.leaderlessBoundMs !== undefined) checkers.push(leaderlessChecker(opts.leaderlessBoundMs));
  if (runtime.checkers) checkers.push(...runtime.checkers(params));

  const fencingWindows = fencingWindowNotice();
  const budget = { ...DEFAULT_BUDGET, ...opts.budget };
  /**
   * Why the run stopped, once its budget is spent. Not thrown where it is found: that may be inside
   * a machine's action, where XState would catch it. The queue halts after the callback under way,
   * nothing more is recorded, and advance() throws it.
   */
  let spent: SimError | null = null;
  const spend = (e: SimError) => {
    spent = e;
    queue.halt();
  };
  const emit = (e: TraceEvent): void => {
    if (spent) return;
    const over =
      events.length >= budget.events
        ? overBudget('trace events', budget.events, queue.now)
        : e.k === 'send' && net.inFlight > budget.inFlight
          ? overBudget('messages in flight', budget.inFlight, queue.now)
          : null;
    if (over) {
      spend(over);
      return;
    }
    events.push(e);
    if (e.k === 'state') return; // the checkers judge what nodes do, not how their charts move
    for (const c of checkers)
      for (const violation of c.observe(e)) events.push({ k: 'violation', t: e.t, violation });
    // A notice, not a violation: marked on the resource, told by derive.ts, counted by no checker.
    for (const w of fencingWindows.observe(e))
      events.push({ k: 'mark', t: e.t, node: w.resource, name: FENCING_WINDOW_MARK, data: w.data });
  };

  const net = new Network(
    queue,
    rngs.stream('net'),
    emit,
    {
      latencyMinMs: Number(params.latencyMinMs),
      latencyMaxMs: Number(params.latencyMaxMs),
      dropRate: Number(params.dropRate),
      latencyP99Ms: Number(params.latencyP99Ms ?? 0),
    },
    rngs.stream('net/tail'),
    drawing,
  );

  const envFor = (host: Host): ProcessEnv => {
    const env: ProcessEnv = {
      id: host.id,
      now: () => host.localNow(),
      wallNow: () => host.wallNow(),
      send: (to, type, body) => net.send(host.id, to, type, body),
      sendOnStream: (stream, to, type, body) => net.sendOnStream(stream, host.id, to, type, body),
      closeStream: (stream) => net.closeStream(stream),
      get clock() {
        return queueClock(queue, host);
      },
      after: (localMs, fn, name, data) => afterOnClock(queue, host, localMs, fn, name, data),
      rng: (purpose) => rngs.stream(`${host.id}/${purpose}`),
      reportRole: (role, info) => emit({ k: 'role', t: queue.now, node: host.id, role, ...info }),
      mark: (name, data) => emit({ k: 'mark', t: queue.now, node: host.id, name, ...(data ? { data } : {}) }),
      // Callers hand a fresh object: `t` goes on it last, the key order a copy `{ ...e, t }` gave,
      // without copying a state record per move.
      record: (e) => {
        (e as TraceEvent).t = queue.now;
        emit(e as TraceEvent);
      },
      recordsStates: opts.states !== false,
    };
    // A machine's context holds its env: a fingerprint names it, its fields are wiring.
    return opaque(env, host.id);
  };

  const hosts: Host[] = [];
  const nodeIds = alg.nodeIds(n);
  const script = opts.withoutScript ? [] : resolveFaults(scenario.faults, nodeIds);
  let interventions = canonicalFaults([...(opts.interventions ?? []), ...(choices?.faults ?? [])]);
  runtime.build({
    nodeIds,
    params,
    spares: sparesOf([...script, ...interventions], nodeIds, alg),
    addHost(id: string, kind: HostKind, factory: ProcessFactory) {
      if (net.hosts.has(id)) throw new SimError(`duplicate host id ${id}`);
      const h = new Host(id, kind, factory, { queue, envFor });
      net.add(h);
      hosts.push(h);
    },
  });

  // Faults run first in their millisecond, in canonical order (queue.atFault), whenever they were
  // scheduled: the scenario's script now, the interventions now or later (retarget).
  for (const tf of script) checkFault(tf, net);
  for (const tf of canonicalFaults(script))
    queue.atFault(tf.atMs, faultKey(tf), { k: 'fault', fault: tf.fault, source: 'scenario' }, () =>
      applyFault(tf.fault, 'scenario'),
    );
  for (const tf of interventions) checkFault(tf, net);
  let pending = interventions.map((tf) => ({
    tf,
    id: queue.atFault(tf.atMs, faultKey(tf), { k: 'fault', fault: tf.fault, source: 'intervention' }, () =>
      applyFault(tf.fault, 'intervention'),
    ),
  }));

  /**
   * A fault acts through its table entry: a host fault changes the host's life (and is not recorded
   * when it would change nothing: crash a crashed node), a network fault moves the network on. The
   * fault is recorded before it acts, so the trace shows the cause before its effects.
   */
  function applyFault(f: Fault, src: 'scenario' | 'intervention'): void {
    const spec = specOf(f);
    const record = () => emit({ k: 'fault', t: queue.now, fault: f, source: src });
    const host = spec.life ? net.hosts.get(hostOf(f) ?? '') : undefined;
    if (!host) {
      record();
      net.apply(f);
      // The named host's process hears of it (a store told it is unavailable), or every host's does
      // (an operator's request to the cluster); what follows by itself is scheduled (its end).
      if (spec.toCluster) for (const h of hosts) h.notify(f);
      else net.hosts.get(hostOf(f) ?? '')?.notify(f);
      const after = spec.followUp?.(f as never);
      if (after)
        queue.after(after.afterMs, { k: 'fault', fault: after.fault, source: src }, () =>
          applyFault(after.fault, src),
        );
      return;
    }
    const step = foldFault(f, () => host.life, openNet);
    if (!step.change) return;
    record();
    host.live(step);
    const next = spec.followUp?.(f as never);
    if (next) {
      const inc = host.incarnation;
      const what: Descriptor = { k: 'fault', fault: next.fault, source: src, host: host.id, inc };
      queue.after(next.afterMs, what, () => {
        if (host.incarnation === inc) applyFault(next.fault, src);
      });
    }
  }

  for (const h of hosts) h.start();
  let through = -1;

  const phaseMs = runtime.phaseMs?.(params);
  /** A descriptor as a fingerprint reads it: a process's incarnation only as "still the one that set it". */
  const normal = (d: Descriptor): unknown => {
    if (d.k !== 'timer' && !(d.k === 'fault' && d.inc !== undefined)) return d;
    const h = net.hosts.get(d.host ?? '');
    const { inc, ...rest } = d;
    return { ...rest, live: h?.up === true && h.incarnation === inc };
  };
  /**
   * Everything the run's future depends on (issue #41): each host (life, clock, backlog, process),
   * the network, the queue's pending entries (due in ms from now, in their order), the checkers' and
   * the fencing notice's state, and now modulo the algorithm's phase period. Not the trace, nor what
   * only names things on it (message ids, sequence numbers).
   */
  const world = (): string | null => {
    let closed = false;
    const hs = hosts.map((h) => {
      const w = h.world();
      if (w.opaque) closed = true;
      return [h.id, w.life, w.backlog.map(normal), w.process];
    });
    const cs = checkers.map((c) => {
      if (!c.state) closed = true;
      return c.state?.() ?? null;
    });
    if (closed) return null;
    return canonical({
      hosts: hs,
      net: net.world(),
      queue: queue.pending().map((p) => [p.dueIn, p.pri, p.key, normal(p.what)]),
      checkers: cs,
      fencing: fencingWindows.state(),
      ...(phaseMs ? { phase: queue.now % phaseMs } : {}),
    });
  };

  /** Events already taken from a `past` (share). */
  let shared = 0;
  const head = (): Omit<Trace, 'events' | 'steps'> => ({
    version: 2 as const,
    scenario: scenario.id,
    algorithm: scenario.algorithm,
    seed,
    // A fixed pitfall run says so: its params are the fixed algorithm's, plus `fix: true`.
    params: story.fix && opts.params?.fix === true ? { ...params, fix: true } : params,
    hosts: hosts.map((h) => ({ id: h.id, kind: h.kind })),
    durationMs,
    interventions: [...interventions],
  });
  const canRetarget = (next: readonly TimedFault[]): boolean =>
    // A server to add that this run has no host for: the run starts again, with it as a spare.
    !sparesOf(next, nodeIds, alg).some((id) => !net.hosts.has(id)) &&
    faultsThrough(interventions, through) === faultsThrough(next, through);
  // No closure here names `sim`, nor the finished trace (the methods reach it through `this`): the
  // hosts kept warm (keepWarm) reach this scope, and so would hold the trace.
  const sim: Simulation = {
    durationMs,
    get through() {
      return through;
    },
    get done() {
      return through >= durationMs;
    },
    events,
    get nextAt() {
      return queue.peekTime();
    },
    get interventions() {
      return interventions;
    },
    get head() {
      return head();
    },
    advance(untilMs, maxSteps = Number.POSITIVE_INFINITY) {
      const end = Math.min(durationMs, Math.floor(untilMs));
      if (end <= through) return true;
      // The callbacks' budget cuts the slice, so it runs out at the same callback however it is sliced.
      if (spent) throw spent;
      const left = budget.callbacks - queue.executed;
      const there = queue.runSome(end, Math.min(maxSteps, left));
      if (!spent && !there && queue.executed >= budget.callbacks)
        spend(overBudget('callbacks', budget.callbacks, queue.now));
      if (spent) throw spent;
      // Stopped inside a millisecond: only the ones before it are complete.
      through = there ? end : Math.max(through, queue.now - 1);
      return there;
    },
    world,
    canRetarget,
    retarget(nextRaw) {
      if (!canRetarget(nextRaw))
        throw new SimError(`the run is at ${through} ms: faults before then cannot change`);
      const next = canonicalFaults([...nextRaw]);
      for (const tf of next) if (tf.atMs > through) checkFault(tf, net);
      for (const p of pending) if (p.tf.atMs > through) queue.cancel(p.id);
      pending = [
        ...pending.filter((p) => p.tf.atMs <= through),
        ...next
          .filter((tf) => tf.atMs > through)
          .map((tf) => ({
            tf,
            id: queue.atFault(
              tf.atMs,
              faultKey(tf),
              { k: 'fault', fault: tf.fault, source: 'intervention' },
              () => applyFault(tf.fault, 'intervention'),
            ),
          })),
      ];
      interventions = next;
    },
    share(past) {
      const n = Math.min(events.length, past.length);
      for (; shared < n; shared++) {
        const mine = events[shared] as TraceEvent;
        const theirs = past[shared] as TraceEvent;
        if (mine.t !== theirs.t || mine.k !== theirs.k) return;
        events[shared] = theirs;
      }
    },
    finish(this: Simulation) {
      const was = finishedRuns.get(this);
      if (was) return was;
      if (through < durationMs)
        throw new SimError(`the run is at ${through} ms of ${durationMs}: not finished`);
      const story = resolveScenarioAliases(scenario, nodeIds);
      const trace: Trace = {
        ...head(),
        interventions,
        events,
        steps: resolveSteps(story, events, durationMs, clusterVars(nodeIds)),
      };
      // The story's captions are held to its own run; a run changed from it keeps the true ones.
      const done = changed(interventions)
        ? { ...trace, steps: trueSteps(trace, story, scenario.nodes) }
        : trace;
      finishedRuns.set(this, done);
      // Every closure of this run reaches this scope's `events` (`sim.events` keeps its own): emptied,
      // the hosts kept warm hold no trace.
      events = [];
      keepWarm(`${alg.id} ${opts.states !== false}`, hosts);
      return done;
    },
  };
  return sim;
}

/**
 * The last finished run's hosts, one run per algorithm and per recording of states, without its trace
 * (finish). V8's optimized code holds weakly what it was compiled against (hidden classes among it);
 * once a run's objects were all collected, that code was thrown away, and the next run compiled the
 * simulator again and ran slower until it had (node --trace-deopt-verbose: 281 "weak objects"
 * deoptimizations over 8 lease runs in one process, 3 with the last run kept). Kept, a 1 h lease
 * run after another took 460-550 ms of CPU, not 650-860 (the same process, runs with and without
 * states alternating, as `npm run bench -- --states` runs them). What is kept is small: a 24 h lease
 * run's hosts, network and queue as the run left them, 1.9 MB (simulate.warm.test.ts: not its events).
 */
const warm = new Map<string, readonly Host[]>();
/** Each finished run's trace, by its Simulation (finish): held by the run itself, not by its hosts. */
const finishedRuns = new WeakMap<Simulation, Trace>();
function keepWarm(key: string, hosts: readonly Host[]): void {
  warm.set(key, hosts);
}

/**
 * The hosts that faults which make one (`add-server`) name beyond the cluster's nodes, in id order:
 * only the algorithm's own node ids (node-6, not any name).
 */
function sparesOf(
  faults: readonly TimedFault[],
  nodeIds: readonly string[],
  alg: { nodeIds(n: number): string[]; maxNodes: number },
): string[] {
  const out = new Set<string>();
  const named = new Set(alg.nodeIds(alg.maxNodes));
  for (const tf of faults) {
    const id = hostOf(tf.fault);
    if (specOf(tf.fault).makesHost && id !== undefined && !nodeIds.includes(id) && named.has(id)) out.add(id);
  }
  return [...out].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

function checkFault(tf: TimedFault, net: Network): void {
  const f = tf.fault;
  for (const id of shapeHosts(specOf(f).fields, f))
    if (!net.hosts.has(id))
      throw new SimError(
        `${f.kind} at ${tf.atMs} ms names unknown host "${id}" (hosts: ${[...net.hosts.keys()].join(', ')})`,
      );
}
