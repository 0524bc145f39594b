/**
 * Random fault schedules for the chaos property tests (issue #8, part 1).
 *
 * A schedule is a cluster (3 to 9 nodes, network and algorithm knobs drawn inside the algorithm's
 * rules) plus a list of `TimedFault`s, all before the time F at which "the faults stop": at F every
 * schedule heals the network, restarts crashed nodes and sets drifted clocks back to rate 1 (pauses
 * run their full length and F comes after the last one ends), and liveness is checked at F + a bound derived from the knobs.
 *
 * fast-check draws a RAW schedule made of small integers (fractions in per mille of the algorithm's
 * time unit, indices into the host list) and `materialize` turns it into concrete faults. Shrinking
 * works on the raw integers, so a shrunk schedule is still valid: fewer faults, earlier times, shorter
 * pauses, smaller clusters, never a fault naming a host that does not exist.
 */
import fc from 'fast-check';
import type { ChaosHooks } from '../algorithms/algorithm.ts';
import { algorithmFor, algorithms } from '../algorithms/registry.ts';
import { FAULT_KINDS, type Fault, hostOf, specOf } from '../faults/table.ts';
import type { Params } from '../params.ts';
import type { TimedFault } from '../scenario/schema.ts';

/** The algorithms that declare chaos hooks (their folder's `chaos`), in the registry's order. */
export const chaosAlgorithms: readonly string[] = Object.values(algorithms)
  .filter((a) => a.chaos)
  .map((a) => a.id);
export type ChaosAlgorithm = string;

/** An algorithm's chaos hooks (base scenario, infrastructure, knob timing, properties). */
export function hooksOf(algorithm: ChaosAlgorithm): ChaosHooks {
  const hooks = algorithmFor(algorithm).chaos;
  if (!hooks) throw new Error(`chaos: ${algorithm} declares no chaos hooks`);
  return hooks;
}

export interface ChaosSchedule {
  algorithm: ChaosAlgorithm;
  /** The negative control: lease with fencing off, heartbeat with quorum off. */
  unsafe: boolean;
  /** Simulation seed (network latency and loss, election timeouts). */
  seed: number;
  nodes: number;
  /** Overrides on top of the base scenario's params (every knob the generator draws). */
  params: Params;
  /** The random faults; they start before the horizon and every pause has ended by `faultsEndMs`. */
  faults: TimedFault[];
  /** F: from here on nothing fails (see `closingFaults`). */
  faultsEndMs: number;
  /** Liveness is checked at F + boundMs. */
  boundMs: number;
  durationMs: number;
}

// ------------------------------------------------------------------------------------- raw form

export const genKinds = [
  'crash',
  'bounce',
  'pause',
  'partition',
  'heal',
  'isolate',
  'cut',
  'delay',
  'drift',
  // With it left out (`exclude: ['skew', 'server']`), the draws are the ones made before it existed.
  'skew',
  // Last: only for an algorithm with an ensemble (its hooks' `ensemble`); left out for the others.
  'server',
  // A Raft membership change (add-server, remove-server): drawn only when asked (`membership`).
  'member',
] as const;
export type GenKind = (typeof genKinds)[number];

export interface RawFault {
  kind: GenKind;
  /** Time, per mille of F. */
  at: number;
  /** Host indices (modulo the candidate list of the kind). */
  host: number;
  other: number;
  /** Magnitude, per mille: pause length, extra delay, clock rate. */
  size: number;
  /** How long before the fault is undone, per mille of 2 x the time unit; `lasting` = until F. */
  dur: number;
  lasting: boolean;
  /** Partition group per host (0-2), 3 = not named (reachable from every side). */
  groups: number[];
}

export interface RawSchedule {
  seed: number;
  nodes: number;
  latencyMinMs: number;
  latencySpreadMs: number;
  /** Per mille loss; only drawn when loss is allowed. */
  drop: number;
  /** Algorithm knobs as fractions (per mille) of their allowed ranges. */
  knobs: number[];
  /** F = unit x (1 + 3 x horizon / 1000). */
  horizon: number;
  faults: RawFault[];
}

export interface ScheduleOptions {
  unsafe?: boolean;
  /** Allow random message loss (dropRate > 0 for the whole run). Liveness needs it off. */
  loss?: boolean;
  /** Fault kinds left out of the draw. */
  exclude?: readonly GenKind[];
  maxFaults?: number;
  /** Draw membership changes too (the algorithm's hooks must say it has them: `membership`). */
  membership?: boolean;
}

const permille = fc.integer({ min: 0, max: 1000 });

/**
 * How often each kind is drawn: pauses (the GC pause of Kleppmann's story, often longer than the
 * TTL) and partitions are the faults that make elections overlap, so they come up more often.
 */
export const kindWeights: Record<GenKind, number> = {
  crash: 1,
  bounce: 1,
  pause: 3,
  partition: 2,
  heal: 1,
  isolate: 1,
  cut: 1,
  delay: 1,
  drift: 1,
  skew: 1,
  server: 1,
  member: 2,
};

const rawFaultArb = (kinds: readonly GenKind[]): fc.Arbitrary<RawFault> =>
  fc.record({
    kind: fc.oneof(...kinds.map((k) => ({ arbitrary: fc.constant(k), weight: kindWeights[k] }))),
    at: fc.integer({ min: 0, max: 999 }),
    // Half of the time one of the first hosts: node-1 takes the first lease (slot order), so faults
    // on the likely leader come up more often.
    host: fc.oneof(fc.nat(1), fc.nat(63)),
    other: fc.nat(63),
    size: permille,
    dur: permille,
    lasting: fc.boolean(),
    groups: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 11, maxLength: 11 }),
  });

export function rawScheduleArb(opts: ScheduleOptions = {}): fc.Arbitrary<RawSchedule> {
  // `member` only when asked: every other draw (the soak's too) stays the one made before it existed.
  const kinds = genKinds.filter((k) => !opts.exclude?.includes(k) && (k !== 'member' || opts.membership));
  return fc.record({
    seed: fc.nat(0xffff_ffff),
    nodes: fc.integer({ min: 3, max: 9 }),
    latencyMinMs: fc.integer({ min: 0, max: 40 }),
    latencySpreadMs: fc.integer({ min: 0, max: 50 }),
    drop: opts.loss ? fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 300 })) : fc.constant(0),
    knobs: fc.array(permille, { minLength: 8, maxLength: 8 }),
    horizon: permille,
    faults: fc.array(rawFaultArb(kinds), { maxLength: opts.maxFaults ?? 12 }),
  });
}

export function scheduleArb(
  algorithm: ChaosAlgorithm,
  opts: ScheduleOptions = {},
): fc.Arbitrary<ChaosSchedule> {
  const unsafe = opts.unsafe ?? false;
  const noPauses = hooksOf(algorithm).pausesUnsafeOnly && !unsafe;
  const exclude: GenKind[] = [
    ...(opts.exclude ?? []),
    ...(noPauses ? (['pause'] as const) : []),
    ...(hooksOf(algorithm).ensemble === undefined ? (['server'] as const) : []),
  ];
  const membership = opts.membership === true && hooksOf(algorithm).membership === true;
  return rawScheduleArb({ ...opts, exclude, membership }).map((raw) => materialize(algorithm, raw, unsafe));
}

// ------------------------------------------------------------------------------------- knobs

/** Knobs inside the algorithm's rules and the liveness bound once faults stop (its `chaos.timing`). */
function timing(alg: ChaosAlgorithm, raw: RawSchedule, unsafe: boolean) {
  const latMax = raw.latencyMinMs + raw.latencySpreadMs;
  const net: Params = { latencyMinMs: raw.latencyMinMs, latencyMaxMs: latMax, dropRate: raw.drop / 1000 };
  return hooksOf(alg).timing(raw.knobs, { net, latMax, nodes: raw.nodes, unsafe });
}

// ------------------------------------------------------------------------------------- faults

/** Hosts beside the nodes that faults may name (the lease's store and protected storage). */
export function infraOf(alg: ChaosAlgorithm): string[] {
  return [...hooksOf(alg).infra];
}

interface MakeContext {
  nodes: string[];
  hosts: string[];
  /** Nodes and the infrastructure that may pause and drift (never crash). */
  slow: string[];
  isolateFromStore: boolean;
  unitMs: number;
  ensemble: string | undefined;
  /** The server an `add-server` may bring in beyond the nodes (Raft membership). */
  spare: string;
}

/** What each drawn kind makes: one fault of the table, and whether the table's undo follows it. */
const makers: Record<GenKind, (f: RawFault, c: MakeContext) => { fault: Fault; undone: boolean } | null> = {
  crash: (f, c) => ({ fault: { kind: 'crash', node: of(c.nodes, f.host) }, undone: false }),
  bounce: (f, c) => ({ fault: { kind: 'crash', node: of(c.nodes, f.host) }, undone: true }),
  // Up to 3 time units: more often than not longer than the TTL / election timeout.
  pause: (f, c) => ({
    fault: {
      kind: 'pause',
      node: of(c.slow, f.host),
      durationMs: Math.max(1, Math.round((f.size / 1000) * 3 * c.unitMs)),
    },
    undone: false,
  }),
  partition: (f, c) => {
    const groups: string[][] = [[], [], []];
    c.hosts.forEach((h, i) => {
      const g = f.groups[i] ?? 3;
      if (g < 3) groups[g]?.push(h);
    });
    const named = groups.filter((g) => g.length > 0);
    return named.length < 2 ? null : { fault: { kind: 'partition', groups: named }, undone: !f.lasting };
  },
  heal: () => ({ fault: { kind: 'heal' }, undone: false }),
  isolate: (f, c) => ({
    fault: {
      kind: 'isolate',
      node: of(c.nodes, f.host),
      from: c.isolateFromStore && f.other % 2 === 1 ? 'store' : 'all',
    },
    undone: !f.lasting,
  }),
  cut: (f, c) => {
    const [a, b] = pair(c.hosts, f);
    return { fault: { kind: 'cut-link', a, b }, undone: !f.lasting };
  },
  delay: (f, c) => {
    const [a, b] = pair(c.hosts, f);
    return {
      fault: { kind: 'delay-link', a, b, extraMs: 1 + Math.round((f.size / 1000) * c.unitMs) },
      undone: !f.lasting,
    };
  },
  // Rate 0.5 (the clock runs at half speed) to 2 (twice as fast).
  drift: (f, c) => ({
    fault: {
      kind: 'clock-drift',
      node: of(c.slow, f.host),
      rate: Math.round(50 + (f.size / 1000) * 150) / 100,
    },
    undone: !f.lasting,
  }),
  // A node's wall clock stepped up to 2 time units either way (the lease TTL, the election timeout).
  skew: (f, c) => ({
    fault: {
      kind: 'clock-skew',
      node: of(c.nodes, f.host),
      offsetMs: Math.round((f.size / 500 - 1) * 2 * c.unitMs),
    },
    undone: !f.lasting,
  }),
  // One of the ensemble's three servers killed (SIGKILL) or stopped (SIGSTOP); two at once lose quorum.
  server: (f, c) =>
    c.ensemble === undefined
      ? null
      : {
          fault: {
            kind: 'server',
            node: c.ensemble,
            server: 1 + (f.other % 3),
            act: f.size % 2 === 0 ? 'kill' : 'stop',
          },
          undone: !f.lasting,
        },
  // Remove any node (the leader too, most often node-1 or node-2), or add one: the spare, or a node
  // removed before (a current member is refused by the leader: nothing changes).
  member: (f, c) =>
    f.size % 2 === 0
      ? { fault: { kind: 'remove-server', node: of(c.nodes, f.host) }, undone: false }
      : { fault: { kind: 'add-server', node: of([c.spare, ...c.nodes], f.other) }, undone: false },
};

const of = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;
function pair(hosts: string[], f: RawFault): [string, string] {
  const a = of(hosts, f.host);
  return [
    a,
    of(
      hosts.filter((h) => h !== a),
      f.other,
    ),
  ];
}

/** Turns raw integers into a concrete schedule. Pure: the same raw schedule gives the same faults. */
export function materialize(algorithm: ChaosAlgorithm, raw: RawSchedule, unsafe: boolean): ChaosSchedule {
  const t = timing(algorithm, raw, unsafe);
  const nodes = algorithmFor(algorithm).nodeIds(raw.nodes);
  const infra = infraOf(algorithm);
  const hosts = [...nodes, ...infra];
  const hooks = hooksOf(algorithm);
  const slow = [...nodes, ...hooks.slowInfra];
  // Faults start (and are undone) before the horizon H; a pause runs its full length, so the faults
  // stop at F = max(H, end of the last pause).
  const H = Math.round(t.unitMs * (1 + (3 * raw.horizon) / 1000));
  const faults: TimedFault[] = [];
  const add = (atMs: number, fault: Fault) => {
    if (atMs < H) faults.push({ atMs, fault });
  };
  const at = (f: RawFault) => Math.floor((f.at / 1000) * H);
  const undoAt = (f: RawFault, atMs: number) => atMs + 1 + Math.round((f.dur / 1000) * 2 * t.unitMs);
  const ctx: MakeContext = {
    nodes,
    hosts,
    slow,
    isolateFromStore: hooks.isolateFromStore,
    unitMs: t.unitMs,
    ensemble: hooks.ensemble,
    spare: algorithmFor(algorithm)
      .nodeIds(raw.nodes + 1)
      .at(-1) as string,
  };
  for (const f of raw.faults) {
    const atMs = at(f);
    const made = makers[f.kind](f, ctx);
    if (!made) continue;
    add(atMs, made.fault);
    // The table's own undo (restart, heal, rejoin, restore-link, delay 0, rate 1), unless it lasts.
    const undo = made.undone ? specOf(made.fault).undo?.(made.fault as never) : null;
    if (undo) add(undoAt(f, atMs), undo);
  }
  faults.sort((x, y) => x.atMs - y.atMs);
  let F = H;
  // A fault that ends by itself (a pause) ends before F.
  for (const { atMs, fault } of faults) {
    const after = specOf(fault).followUp?.(fault as never);
    if (after) F = Math.max(F, atMs + after.afterMs);
  }
  return {
    algorithm,
    unsafe,
    seed: raw.seed,
    nodes: raw.nodes,
    params: t.params,
    faults,
    faultsEndMs: F,
    boundMs: t.boundMs,
    durationMs: F + t.boundMs,
  };
}

/**
 * What "the faults stop" means at F: heal the network (every partition, isolation, cut and delay),
 * then each host fault's own undo from the table (restart a crashed node, set a drifted or skewed
 * clock back, restart or resume an ensemble's server), once per host, in the table's order of the undoing kind and then by host (every pause
 * has ended by F). Only hosts the schedule touched are named, so the command line stays short.
 */
export function closingFaults(s: ChaosSchedule): TimedFault[] {
  const undos = new Map<string, Fault>();
  for (const { fault } of s.faults) {
    const spec = specOf(fault);
    // A host fault's, or a server fault's (a killed server restarted, a stopped one resumed).
    const undo = spec.life || spec.member ? spec.undo?.(fault as never) : undefined;
    if (undo) undos.set(JSON.stringify(undo), undo);
  }
  const order = (f: Fault) => FAULT_KINDS.indexOf(f.kind);
  const byKindThenHost = (a: Fault, b: Fault) =>
    order(a) - order(b) || ((hostOf(a) ?? '') < (hostOf(b) ?? '') ? -1 : 1);
  return [{ kind: 'heal' } as const, ...[...undos.values()].sort(byKindThenHost)].map((fault) => ({
    atMs: s.faultsEndMs,
    fault,
  }));
}

/** Everything simulate() gets as interventions: the random faults, then the closing ones at F. */
export function interventionsOf(s: ChaosSchedule): TimedFault[] {
  return [...s.faults, ...closingFaults(s)];
}

// ------------------------------------------------------------------------------------- replay

/** The sim CLI's argv (without `npm run -s sim --`) that replays the schedule's exact trace. */
export function simArgv(s: ChaosSchedule, format: 'json' | 'text' = 'json'): string[] {
  const argv = [
    hooksOf(s.algorithm).base,
    '--no-script',
    '--seed',
    String(s.seed),
    '--nodes',
    String(s.nodes),
    '--duration',
    String(s.durationMs),
  ];
  for (const [k, v] of Object.entries(s.params)) argv.push('--set', `${k}=${String(v)}`);
  for (const tf of interventionsOf(s)) argv.push('--fault', `${tf.atMs}:${JSON.stringify(tf.fault)}`);
  if (format !== 'json') argv.push('--format', format);
  return argv;
}

/** The same as one shell line (arguments with JSON single-quoted; ids never hold a quote). */
export function simCommand(s: ChaosSchedule, format: 'json' | 'text' = 'json'): string {
  const quote = (a: string) => (/^[\w.=:/,-]+$/.test(a) ? a : `'${a}'`);
  return `npm run -s sim -- ${simArgv(s, format).map(quote).join(' ')}`;
}
