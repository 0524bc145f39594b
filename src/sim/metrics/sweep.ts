/**
 * Sweeps (issue #5): run one scenario for each value of one knob and measure one number per run.
 * An invalid combination (a cross-parameter rule, a range, a cluster size the algorithm refuses)
 * becomes a point carrying the ParamError / SimError message instead of a value: the sweep never
 * clamps a value to make it pass.
 */
import { scenarioById } from '../../../scenarios/index.ts';
import { algorithmFor } from '../algorithms/registry.ts';
import { netParams, ParamError, type ParamSpec, type Params, type ParamValue } from '../params.ts';
import type { Scenario, TimedFault } from '../scenario/schema.ts';
import { SimError, simulate } from '../simulate.ts';
import type { Trace } from '../trace/trace.ts';
import { computeMetrics } from './metrics.ts';

/** Explicit values, or `steps` values from `from` to `to` (both included), evenly or geometrically spaced. */
export type SweepValues = number[] | { from: number; to: number; steps: number; log?: boolean };

/** What a run takes besides the knob. */
export interface SweepRun {
  seed?: number;
  params?: Partial<Params>;
  interventions?: TimedFault[];
  nodes?: number;
  durationMs?: number;
  /** Leave the scenario's scripted faults out (a steady-state run). */
  withoutScript?: boolean;
}

export interface SweepSpec {
  scenario: Scenario;
  /**
   * 'nodes' (the cluster size), the name of one of the algorithm's params (or a network param), or a
   * free knob `{ name }` whose value reaches only `vary`: for what is a fault rather than a param,
   * like the length of a GC pause (`vary: (ms) => ({ interventions: [pause of ms] })`).
   */
  knob: string | FreeKnob;
  values: SweepValues;
  /** One number per run; null when the run has none (e.g. no failover happened). */
  metric: (trace: Trace) => number | null;
  base?: SweepRun;
  /**
   * Settings that move with the knob, e.g. renewS = ttlS / 3 (etcd's clientv3 renews every TTL/3) or
   * a run long enough for the largest TTL. Applied over `base`; the knob itself always wins.
   */
  vary?: (x: number) => SweepRun;
  /** Run every value with each seed and report the mean (default: the base or scenario seed). */
  seeds?: number[];
}

export interface FreeKnob {
  name: string;
  /** Round generated values to whole numbers (default true: most such knobs are ms). */
  integer?: boolean;
}

export type SweepPoint = { x: number; y: number; samples?: number[] } | { x: number; y: null; error: string };

export interface SeriesPoint {
  x: number;
  y: number;
}

/** A predefined sweep, ready to plot: the measured points and reference curves. */
export interface SweepResult {
  id: string;
  title: string;
  scenario: string;
  knob: string;
  xLabel: string;
  yLabel: string;
  points: SweepPoint[];
  references: Array<{ label: string; points: SeriesPoint[] }>;
}

/** The spec of a knob, or 'nodes'; throws ParamError naming the known knobs for an unknown name. */
export function knobSpec(scenario: Scenario, knob: string): ParamSpec | 'nodes' {
  if (knob === 'nodes') return 'nodes';
  const alg = algorithmFor(scenario.algorithm);
  const spec = alg.params[knob] ?? netParams[knob];
  if (!spec)
    throw new ParamError(
      `unknown knob "${knob}" for ${scenario.algorithm} (known: nodes, ${[
        ...Object.keys(netParams),
        ...Object.keys(alg.params),
      ].join(', ')})`,
    );
  return spec;
}

/**
 * The x values of a sweep. Generated values of a whole-number knob (nodes, ms, counts) are rounded
 * and deduplicated: that is the spacing, not a clamp; explicit values are used exactly as given.
 */
export function sweepValues(values: SweepValues, integer = false): number[] {
  if (Array.isArray(values)) return [...values];
  const { from, to, steps, log } = values;
  if (!Number.isInteger(steps) || steps < 1)
    throw new ParamError(`steps must be a whole number >= 1, got ${steps}`);
  if (log && !(from > 0 && to > 0)) throw new ParamError('a log sweep needs from > 0 and to > 0');
  const out: number[] = [];
  for (let i = 0; i < steps; i++) {
    const f = steps === 1 ? 0 : i / (steps - 1);
    const v = log ? from * (to / from) ** f : from + (to - from) * f;
    const x = integer ? Math.round(v) : Number(v.toPrecision(12));
    if (out[out.length - 1] !== x) out.push(x);
  }
  return out;
}

function knobValue(spec: ParamSpec | 'nodes', knob: string, x: number): ParamValue {
  if (spec === 'nodes' || typeof spec.default === 'number') return x;
  if (x === 0 || x === 1) return x === 1;
  throw new ParamError(`${knob} is on/off: sweep it with the values 0 and 1, got ${x}`);
}

/** Runs the scenario once per value (and seed). Refused combinations give error points, in order. */
export function sweep(spec: SweepSpec): SweepPoint[] {
  const knob = spec.knob;
  if (typeof knob !== 'string' && !spec.vary)
    throw new ParamError(`the free knob "${knob.name}" needs a vary() that turns its value into a run`);
  const ks = typeof knob === 'string' ? knobSpec(spec.scenario, knob) : null;
  const integer = ks === null ? (knob as FreeKnob).integer !== false : ks === 'nodes' || ks.integer === true;
  const xs = sweepValues(spec.values, integer);
  const base = spec.base ?? {};
  const seeds = spec.seeds ?? [base.seed ?? spec.scenario.seed];
  return xs.map((x): SweepPoint => {
    try {
      const v = spec.vary?.(x) ?? {};
      const params: Partial<Params> = { ...base.params, ...v.params };
      let nodes = v.nodes ?? base.nodes;
      if (ks === 'nodes') nodes = x;
      else if (ks !== null && typeof knob === 'string') params[knob] = knobValue(ks, knob, x);
      const interventions = [...(base.interventions ?? []), ...(v.interventions ?? [])];
      const durationMs = v.durationMs ?? base.durationMs;
      const withoutScript = v.withoutScript ?? base.withoutScript;
      const samples: number[] = [];
      for (const seed of seeds) {
        const trace = simulate(spec.scenario, {
          seed,
          params,
          interventions,
          ...(nodes !== undefined ? { nodes } : {}),
          ...(durationMs !== undefined ? { durationMs } : {}),
          ...(withoutScript !== undefined ? { withoutScript } : {}),
        });
        const y = spec.metric(trace);
        if (y === null || !Number.isFinite(y))
          return {
            x,
            y: null,
            error: `no value in the run with seed ${seed} (the metric found nothing to measure)`,
          };
        samples.push(y);
      }
      const y = samples.reduce((a, b) => a + b, 0) / samples.length;
      return seeds.length > 1 ? { x, y, samples } : { x, y };
    } catch (e) {
      if (e instanceof ParamError || e instanceof SimError) return { x, y: null, error: e.message };
      throw e;
    }
  });
}

// ---------------------------------------------------------------- metrics used by the predefined sweeps

/** Bully's election messages (ELECTION + OK + COORDINATOR; heartbeats left out). */
export const BULLY_ELECTION_TYPES = ['ELECTION', 'OK', 'COORDINATOR'] as const;

export function bullyElectionMessages(trace: Trace): number {
  const by = computeMetrics(trace).messages.byType;
  return BULLY_ELECTION_TYPES.reduce((n, type) => n + (by[type] ?? 0), 0);
}

/** The first completed failover, or null if the run has none. */
export function firstFailover(trace: Trace) {
  return computeMetrics(trace).failovers.find((f) => !f.ongoing) ?? null;
}

/** Length in ms of the first completed failover (leader lost -> new leader), or null. */
export function failoverMs(trace: Trace): number | null {
  return firstFailover(trace)?.durationMs ?? null;
}

/**
 * Messages sent to elect one leader: every message sent during the first completed failover,
 * after the loss and up to the moment the new leader believes it leads. Null without a failover.
 */
export function messagesPerFailover(trace: Trace): number | null {
  const f = firstFailover(trace);
  if (!f || f.newLeaderAtMs === null) return null;
  let n = 0;
  for (const e of trace.events) if (e.k === 'send' && e.t > f.lostAtMs && e.t <= f.newLeaderAtMs) n++;
  return n;
}

export function spuriousElections(trace: Trace): number {
  return computeMetrics(trace).spuriousElections;
}

/** Least-squares slope of log y on log x (1 = linear growth, 2 = quadratic). Points with y > 0 only. */
export function logLogSlope(points: SeriesPoint[]): number {
  const ps = points.filter((p) => p.x > 0 && p.y > 0).map((p) => ({ x: Math.log(p.x), y: Math.log(p.y) }));
  return fitLine(ps).slope;
}

/** Least-squares line y = intercept + slope x. */
export function fitLine(points: SeriesPoint[]): { slope: number; intercept: number } {
  const n = points.length;
  if (n < 2) throw new Error('a fit needs at least two points');
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** The points that have a value. */
export function valued(points: SweepPoint[]): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  for (const p of points) if (p.y !== null) out.push({ x: p.x, y: p.y });
  return out;
}

function scenario(id: string): Scenario {
  const s = scenarioById(id);
  if (!s) throw new Error(`scenario "${id}" is missing`);
  return s;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

// ---------------------------------------------------------------- predefined sweeps

/**
 * Bully messages vs n: the bully scenario (highest id down, lowest notices first) for each cluster
 * size; the reference is the closed form n(n-1) = ELECTION n(n-1)/2 + OK (n-1)(n-2)/2 + COORDINATOR
 * n-1 (src/sim/algorithms/bully/).
 */
export function bullyMessagesVsNodes(values: SweepValues = range(3, 100)): SweepResult {
  const sc = scenario('bully');
  const points = sweep({ scenario: sc, knob: 'nodes', values, metric: bullyElectionMessages });
  return {
    id: 'bully-messages-vs-nodes',
    title: 'Bully: election messages vs cluster size',
    scenario: sc.id,
    knob: 'nodes',
    xLabel: 'nodes (n)',
    yLabel: 'ELECTION + OK + COORDINATOR messages',
    points,
    references: [{ label: 'n(n-1)', points: points.map((p) => ({ x: p.x, y: p.x * (p.x - 1) })) }],
  };
}

/**
 * Lease messages vs n: the etcd-lease scenario (leader crashes, its lease expires, the next candidate
 * wins) for each cluster size; y = messages sent during the failover. Every live candidate keeps its
 * own lease alive (KEEPALIVE + ACK every renewS) and polls the campaign TXN (+ result) every retryMs,
 * so the count is linear in n: about 2 (n-1) W (1/renew + 1/retry) for a failover of W ms (the
 * reference, with W = the measured window), against Bully's n(n-1).
 */
export function leaseMessagesVsNodes(
  values: SweepValues = [2, 3, 4, 5, 7, 10, 15, 20, 30, 40, 50],
): SweepResult {
  const sc = scenario('etcd-lease');
  const points = sweep({ scenario: sc, knob: 'nodes', values, metric: messagesPerFailover });
  const p = { ...sc.params };
  const renewMs = Number(p.renewS ?? algorithmFor('lease').params.renewS?.default) * 1000;
  const retryMs = Number(p.retryMs ?? algorithmFor('lease').params.retryMs?.default);
  // The failover window is the same at every n (the lease TTL decides it), so one run measures it.
  const w = failoverMs(simulate(sc)) ?? 0;
  return {
    id: 'lease-messages-vs-nodes',
    title: 'etcd lease: messages during one failover vs cluster size',
    scenario: sc.id,
    knob: 'nodes',
    xLabel: 'nodes (n)',
    yLabel: 'messages sent between the leader loss and the new leader',
    points,
    references: [
      {
        label: '2 (n-1) W (1/renew + 1/retry)',
        points: points.map((pt) => ({ x: pt.x, y: 2 * (pt.x - 1) * w * (1 / renewMs + 1 / retryMs) })),
      },
      { label: 'n(n-1) (Bully)', points: points.map((pt) => ({ x: pt.x, y: pt.x * (pt.x - 1) })) },
    ],
  };
}

/** etcd-lease's crash time: the failover starts here. */
const LEASE_CRASH_MS = 35_000;

/**
 * Failover window vs lease TTL (etcd-lease; renewS moves with the TTL as ttlS / 3, like etcd's
 * clientv3 keepalive, so every TTL is a valid combination; the run lasts long enough for the
 * expiry). Bounds: the lease expires between ttl - renew and ttl (+ one-way latency) after the crash,
 * and the next candidate's slot comes within retryMs: [ttl - renew, ttl + retry] plus latency.
 */
export function failoverVsTtl(values: SweepValues = { from: 5, to: 60, steps: 12 }): SweepResult {
  const sc = scenario('etcd-lease');
  const retryMs = Number(sc.params.retryMs ?? algorithmFor('lease').params.retryMs?.default);
  const renewOf = (ttl: number) => Math.round((ttl / 3) * 1000) / 1000;
  const points = sweep({
    scenario: sc,
    knob: 'ttlS',
    values,
    metric: failoverMs,
    vary: (ttl) => ({ params: { renewS: renewOf(ttl) }, durationMs: LEASE_CRASH_MS + ttl * 1000 + 15_000 }),
  });
  return {
    id: 'failover-vs-ttl',
    title: 'etcd lease: failover window vs TTL',
    scenario: sc.id,
    knob: 'ttlS',
    xLabel: 'lease TTL (s), renew = TTL/3',
    yLabel: 'failover window (ms)',
    points,
    references: [
      { label: 'ttl - renew', points: points.map((p) => ({ x: p.x, y: (p.x - renewOf(p.x)) * 1000 })) },
      { label: 'ttl + retry', points: points.map((p) => ({ x: p.x, y: p.x * 1000 + retryMs })) },
    ],
  };
}

/** Network of the spurious-elections sweep: wide latency jitter and some loss. */
export const SPURIOUS_NET = { latencyMinMs: 5, latencyMaxMs: 200, dropRate: 0.2 } as const;

/**
 * Spurious elections vs election timeout, heartbeat algorithm (the split-brain scenario's cluster
 * without its partition: a healthy leader all along) under latency jitter and message loss. The knob
 * is electionTimeoutMinMs, with electionTimeoutMaxMs = 2 x min (Raft's 150-300 ms shape). Timeouts
 * at or under heartbeatIntervalMs + latencyMaxMs are refused by the algorithm's rule (error points):
 * above it, jitter alone never fires a timeout, so what remains is runs of lost heartbeats, which get
 * rarer as the timeout covers more heartbeat intervals.
 */
export function spuriousVsElectionTimeout(
  values: SweepValues = [500, 700, 750, 800, 900, 1000, 1250, 1500, 2000, 2500, 3000],
  opts: { seeds?: number[]; durationMs?: number } = {},
): SweepResult {
  const sc = scenario('split-brain');
  const points = sweep({
    scenario: sc,
    knob: 'electionTimeoutMinMs',
    values,
    metric: spuriousElections,
    base: {
      // A vote is a round trip: voteTimeoutMs must exceed 2 x latencyMaxMs (the algorithm's rule).
      params: { ...SPURIOUS_NET, voteTimeoutMs: 450, quorum: false },
      withoutScript: true,
      durationMs: opts.durationMs ?? 60_000,
    },
    vary: (x) => ({ params: { electionTimeoutMaxMs: 2 * x } }),
    seeds: opts.seeds ?? [1, 2, 3],
  });
  return {
    id: 'spurious-vs-election-timeout',
    title: 'Heartbeat: spurious elections vs election timeout (jitter and loss)',
    scenario: sc.id,
    knob: 'electionTimeoutMinMs',
    xLabel: 'election timeout min (ms), max = 2 x min',
    yLabel: 'spurious elections per run (mean over seeds)',
    points,
    references: [],
  };
}
