/**
 * Metrics of one run, at any cursor position (the definitions are in types.ts).
 *
 * `createMetricsIndex(trace)` replays the trace ONCE, each idea in its own tracker: the cluster's
 * nodes and network (cluster.ts), messages, writes, failure detections and who leads over time
 * (leadership.ts). `at(t)` then answers with binary searches (plus a copy of the per-window lists up
 * to t), so the UI can ask every frame.
 */

import type { TraceEvent } from '../trace/events.ts';
import type { Trace } from '../trace/trace.ts';
import { clusterTracker } from './cluster.ts';
import { type DetectionData, detectionsAt, detectionTracker } from './detections.ts';
import { type LeadershipData, leadershipAt, leadershipTracker } from './leadership.ts';
import { type MessageData, messagesAt, messageTracker } from './messages.ts';
import type { Metrics, MetricsIndex } from './types.ts';
import { type WriteData, writesAt, writeTracker } from './writes.ts';

export type {
  Detection,
  DetectionKind,
  Failover,
  LeaderlessWindow,
  LeaderPoint,
  LossCause,
  Metrics,
  MetricsIndex,
} from './types.ts';

/** What `at(t)` reads, for the whole run: plain data (the engine builds it, the page reads it). */
export interface MetricsData {
  messages: MessageData;
  writes: WriteData;
  detections: DetectionData;
  leadership: LeadershipData;
}

/**
 * The one pass over a run's events, each idea in its tracker, fed as the events come (the engine
 * follows its simulation's growing array) or all at once; then `finish()` gives what `at(t)` reads.
 */
export class MetricsBuilder {
  private readonly cluster;
  private readonly messages = messageTracker();
  private readonly writes = writeTracker();
  private readonly detector;
  private readonly leadership;
  private seen = 0;
  private dirty = false;
  private groupT = 0;

  constructor(run: Pick<Trace, 'hosts' | 'algorithm' | 'params'>) {
    this.cluster = clusterTracker(run);
    this.detector = detectionTracker(run, this.cluster);
    this.leadership = leadershipTracker(this.cluster);
  }

  /** Takes the events after the ones seen (`events` grows: the simulation's own array). */
  follow(events: readonly TraceEvent[]): void {
    const { cluster, leadership } = this;
    for (let i = this.seen; i < events.length; i++) {
      const e = events[i] as TraceEvent;
      // Time-based metrics look at the state after ALL events of a millisecond: a handover inside one
      // millisecond is no leaderless window, and two leaders within one are not "two at once". The
      // last millisecond seen stays open: more of its events may come.
      if (e.t !== this.groupT) {
        if (this.dirty) leadership.settle(this.groupT);
        this.dirty = false;
        this.groupT = e.t;
      }
      this.messages.observe(e);
      this.writes.observe(e);
      this.detector.observe(e);
      if (e.k === 'role') {
        if (cluster.role(e)) leadership.elected(e.t);
        this.dirty = true;
      } else if (e.k === 'fault') {
        cluster.fault(e);
        this.dirty = true;
      }
    }
    this.seen = events.length;
  }

  /**
   * The metrics so far, as a copy the builder no longer changes: what the page shows of a run still
   * being simulated. The last millisecond seen is settled, so the run must have been simulated
   * through it (every callback at or before it run: the engine's `through`); no later event falls in
   * it, so that settling is the one the whole run would make. Send times are typed arrays (a cheap
   * copy, and the worker moves them without another).
   */
  snapshot(): MetricsData {
    const d = this.finish();
    const f = (xs: ArrayLike<number>) => Float64Array.from(xs);
    return {
      messages: {
        sendTimes: f(d.messages.sendTimes),
        typeTimes: new Map([...d.messages.typeTimes].map(([k, v]) => [k, f(v)] as const)),
        dropTimes: f(d.messages.dropTimes),
      },
      // Small lists (one entry per write, detection or change of leaders), some of whose records the
      // trackers still change (a leaderless window closes).
      writes: structuredClone(d.writes),
      detections: structuredClone(d.detections),
      leadership: structuredClone(d.leadership),
    };
  }

  /** The run is whole: its last millisecond is settled. */
  finish(): MetricsData {
    if (this.dirty) this.leadership.settle(this.groupT);
    this.dirty = false;
    return {
      messages: this.messages.data,
      writes: this.writes.data,
      detections: this.detector.data,
      leadership: this.leadership.data,
    };
  }
}

/** The index over a whole run's metrics data: `at(t)` costs a few binary searches. */
function indexOf(trace: Trace, data: MetricsData): MetricsIndex {
  return {
    trace,
    detections: data.detections.detections,
    series: data.leadership.series,
    at(tRaw?: number): Metrics {
      const t = Math.max(0, Math.min(trace.durationMs, tRaw ?? trace.durationMs));
      const m = messagesAt(data.messages, t);
      const l = leadershipAt(data.leadership, t);
      const d = detectionsAt(data.detections, t);
      // In the order the CLI's and the snapshot's JSON have always had.
      return {
        t,
        messages: m.messages,
        leaderless: l.leaderless,
        failovers: l.failovers,
        maxConcurrentLeaders: l.maxConcurrentLeaders,
        maxConcurrentEffectiveLeaders: l.maxConcurrentEffectiveLeaders,
        twoLeaderMs: l.twoLeaderMs,
        leaders: l.leaders,
        writes: writesAt(data.writes, t).writes,
        spuriousElections: d.spuriousElections,
        failureDetections: d.failureDetections,
        leadersOverTime: l.leadersOverTime,
        elections: l.elections,
        unavailableMs: l.unavailableMs,
        messagesPerMinute: m.messagesPerMinute,
      };
    },
  };
}

/** The metrics data of a whole trace, in one pass. */
export function metricsData(trace: Trace): MetricsData {
  const b = new MetricsBuilder(trace);
  b.follow(trace.events);
  return b.finish();
}

const cache = new WeakMap<Trace, MetricsIndex>();

/** One pass over the trace; then `at(t)` costs a few binary searches. Cached per trace object. */
export function createMetricsIndex(trace: Trace): MetricsIndex {
  let ix = cache.get(trace);
  if (!ix) {
    ix = indexOf(trace, metricsData(trace));
    cache.set(trace, ix);
  }
  return ix;
}

/**
 * Takes the metrics data the engine built as it simulated `trace` (the whole run): createMetricsIndex
 * then answers from it, and the page never goes over the run's events for them.
 */
export function adoptMetrics(trace: Trace, data: MetricsData): void {
  cache.set(trace, indexOf(trace, data));
}

/**
 * The figures the CLI's json document names under `metrics` (docs/architecture.md, CLI contract),
 * read off `at(t)`: the chaos suite's metric bounds read the same names.
 */
export function cliFigures(m: Metrics) {
  return {
    twoLeaderMs: m.twoLeaderMs,
    /** Time without an effective leader, the first election included. */
    leaderlessMs: m.leaderless.totalMs,
    elections: m.elections,
    unavailableMs: m.unavailableMs,
    /** Rounded to a whole number. */
    messagesPerMinute: Math.round(m.messagesPerMinute),
  };
}

export type CliFigures = ReturnType<typeof cliFigures>;

/** Metrics of `trace` up to `upToMs` (default: the whole run). */
export function computeMetrics(trace: Trace, upToMs?: number): Metrics {
  return createMetricsIndex(trace).at(upToMs);
}
