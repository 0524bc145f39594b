import { algorithmFor } from './algorithms/registry.ts';
import {
  type Checker,
  leaseHoldersChecker,
  splitBrainChecker,
  staleWriteChecker,
  termLeadersChecker,
} from './check/index.ts';
import { leaderlessChecker } from './check/leaderless.ts';
import { shapeHosts } from './faults/shape.ts';
import { hostOf, lifeChange, specOf } from './faults/table.ts';
import { afterOnClock } from './kernel/clock.ts';
import { EventQueue } from './kernel/queue.ts';
import { RngStreams } from './kernel/rngs.ts';
import { Host, type HostKind, type ProcessEnv, type ProcessFactory } from './net/host.ts';
import { Network } from './net/network.ts';
import { netParams, netRules, type Params, resolveParams } from './params.ts';
import { clusterVars, resolveFaults, resolveScenarioAliases } from './scenario/aliases.ts';
import type { Scenario, TimedFault } from './scenario/schema.ts';
import type { Fault, TraceEvent } from './trace/events.ts';
import { resolveSteps } from './trace/narrate.ts';
import type { Trace } from './trace/trace.ts';

export interface SimOptions {
  seed?: number;
  /** Overrides on top of the scenario's params. */
  params?: Partial<Params>;
  /** Cluster size override (the algorithm bounds it). */
  nodes?: number;
  /** User faults, merged with the scenario's script in canonical order. */
  interventions?: TimedFault[];
  durationMs?: number;
  /** Raise a 'leaderless' violation when no node leads for longer than this. */
  leaderlessBoundMs?: number;
  /** Leave the scenario's scripted faults out (sandbox). */
  withoutScript?: boolean;
}

export class SimError extends Error {}

/** Canonical order for faults: by time, then by content, so UI order never changes a run. */
export function canonicalFaults(faults: TimedFault[]): TimedFault[] {
  return faults
    .map((f) => ({ f, key: JSON.stringify(f.fault) }))
    .sort((a, b) => a.f.atMs - b.f.atMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.f);
}

/** All knobs of a scenario's algorithm, resolved (defaults < scenario < overrides) and validated. */
export function scenarioParams(scenario: Scenario, overrides?: Partial<Params>): Params {
  const alg = algorithmFor(scenario.algorithm);
  return resolveParams(
    { ...netParams, ...alg.params },
    [...netRules, ...alg.rules],
    scenario.params,
    overrides,
  );
}

/**
 * Runs a scenario: pure and deterministic. The same scenario, seed, params and interventions give
 * a byte-identical trace in the browser, in Node, in tests and in the CLI.
 */
export function simulate(scenario: Scenario, opts: SimOptions = {}): Trace {
  const alg = algorithmFor(scenario.algorithm);
  const seed = opts.seed ?? scenario.seed;
  const params = scenarioParams(scenario, opts.params);
  const n = opts.nodes ?? scenario.nodes;
  if (!Number.isInteger(n) || n < alg.minNodes || n > alg.maxNodes)
    throw new SimError(`${scenario.algorithm} runs with ${alg.minNodes} to ${alg.maxNodes} nodes, got ${n}`);
  const durationMs = opts.durationMs ?? scenario.durationMs;

  const queue = new EventQueue();
  const rngs = new RngStreams(seed);
  const events: TraceEvent[] = [];
  const checkers: Checker[] = [
    splitBrainChecker(),
    staleWriteChecker(),
    leaseHoldersChecker([...alg.leadership.keys]),
    termLeadersChecker(),
  ];
  if (opts.leaderlessBoundMs !== undefined) checkers.push(leaderlessChecker(opts.leaderlessBoundMs));

  const emit = (e: TraceEvent): void => {
    events.push(e);
    for (const c of checkers)
      for (const violation of c.observe(e)) events.push({ k: 'violation', t: e.t, violation });
  };

  const net = new Network(queue, rngs.stream('net'), emit, {
    latencyMinMs: Number(params.latencyMinMs),
    latencyMaxMs: Number(params.latencyMaxMs),
    dropRate: Number(params.dropRate),
  });

  const envFor = (host: Host): ProcessEnv => {
    const env: ProcessEnv = {
      id: host.id,
      now: () => host.localNow(),
      send: (to, type, body) => net.send(host.id, to, type, body),
      get clock() {
        return host.clock;
      },
      after: (localMs, fn) => afterOnClock(queue, host, localMs, fn),
      rng: (purpose) => rngs.stream(`${host.id}/${purpose}`),
      reportRole: (role, info) => emit({ k: 'role', t: queue.now, node: host.id, role, ...info }),
      mark: (name, data) => emit({ k: 'mark', t: queue.now, node: host.id, name, ...(data ? { data } : {}) }),
      record: (e) => emit({ ...e, t: queue.now } as TraceEvent),
    };
    return env;
  };

  const hosts: Host[] = [];
  const nodeIds = alg.nodeIds(n);
  alg.build({
    nodeIds,
    params,
    addHost(id: string, kind: HostKind, factory: ProcessFactory) {
      if (net.hosts.has(id)) throw new SimError(`duplicate host id ${id}`);
      const h = new Host(id, kind, factory, { queue, envFor });
      net.add(h);
      hosts.push(h);
    },
  });

  const script = opts.withoutScript ? [] : resolveFaults(scenario.faults, nodeIds);
  const faults = canonicalFaults([...script, ...(opts.interventions ?? [])]);
  const source = new Set(script);
  for (const tf of faults) checkFault(tf, net);
  for (const tf of faults) {
    queue.at(tf.atMs, () => applyFault(tf.fault, source.has(tf) ? 'scenario' : 'intervention'));
  }

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
      return;
    }
    const change = lifeChange(f, { up: host.up, paused: host.paused, drift: host.rate });
    if (!change) return;
    record();
    if (change.up === false) host.crash();
    else if (change.up === true) host.restart();
    else if (change.paused === true) host.pause();
    else if (change.paused === false) host.resume();
    if (change.drift !== undefined) host.setRate(change.drift);
    const next = spec.followUp?.(f as never);
    if (next) {
      const inc = host.incarnation;
      queue.after(next.afterMs, () => {
        if (host.incarnation === inc) applyFault(next.fault, src);
      });
    }
  }

  for (const h of hosts) h.start();
  queue.runUntil(durationMs);

  return {
    version: 1,
    scenario: scenario.id,
    algorithm: scenario.algorithm,
    seed,
    params,
    hosts: hosts.map((h) => ({ id: h.id, kind: h.kind })),
    durationMs,
    interventions: canonicalFaults(opts.interventions ?? []),
    events,
    steps: resolveSteps(resolveScenarioAliases(scenario, nodeIds), events, durationMs, clusterVars(nodeIds)),
  };
}

function checkFault(tf: TimedFault, net: Network): void {
  const f = tf.fault;
  for (const id of shapeHosts(specOf(f).fields, f))
    if (!net.hosts.has(id))
      throw new SimError(
        `${f.kind} at ${tf.atMs} ms names unknown host "${id}" (hosts: ${[...net.hosts.keys()].join(', ')})`,
      );
}
