/**
 * Sweeps (issue #5): run one scenario for each value of one knob and measure one number per run.
 * An invalid combination (a cross-parameter rule, a range, a cluster size the algorithm refuses)
 * becomes a point carrying the ParamError / SimError message instead of a value: the sweep never
 * clamps a value to make it pass.
 */
import { algorithmFor } from '../algorithms/registry.ts';
import { SimError } from '../inputs.ts';
import {
  netParams,
  ParamError,
  type ParamProblem,
  type ParamSpec,
  type Params,
  type ParamValue,
} from '../params.ts';
import type { Scenario, TimedFault } from '../scenario/schema.ts';
import { simulate } from '../simulate.ts';
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

/** A refused point carries the English message and, for a refused knob, its ParamProblem (for the UI's wording). */
export type SweepPoint =
  | { x: number; y: number; samples?: number[] }
  | { x: number; y: null; error: string; problem?: ParamProblem };

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
          states: false, // a metric reads roles and marks, never the charts
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
      if (e instanceof ParamError) return { x, y: null, error: e.message, problem: e.problem };
      if (e instanceof SimError) return { x, y: null, error: e.message };
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
