/**
 * Metrics of one run, at any cursor position (the definitions are in types.ts).
 *
 * `createMetricsIndex(trace)` replays the trace ONCE, each idea in its own tracker: the cluster's
 * nodes and network (cluster.ts), messages, writes, failure detections and who leads over time
 * (leadership.ts). `at(t)` then answers with binary searches (plus a copy of the per-window lists up
 * to t), so the UI can ask every frame.
 */
import type { Trace } from '../trace/trace.ts';
import { clusterTracker } from './cluster.ts';
import { detectionTracker } from './detections.ts';
import { leadershipTracker } from './leadership.ts';
import { messageTracker } from './messages.ts';
import type { Metrics, MetricsIndex } from './types.ts';
import { writeTracker } from './writes.ts';

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

/** One pass over the trace, each idea in its tracker; then `at(t)` reads them. */
function buildIndex(trace: Trace): MetricsIndex {
  const cluster = clusterTracker(trace);
  const messages = messageTracker();
  const writes = writeTracker();
  const detector = detectionTracker(trace, cluster);
  const leadership = leadershipTracker(cluster);
  const events = trace.events;
  // Time-based metrics look at the state after ALL events of a millisecond: a handover inside one
  // millisecond is no leaderless window, and two leaders within one are not "two at once".
  let dirty = false;
  let groupT = 0;
  for (let i = 0; i <= events.length; i++) {
    const e = events[i];
    if (e === undefined || e.t !== groupT) {
      if (dirty) leadership.settle(groupT);
      dirty = false;
      if (e === undefined) break;
      groupT = e.t;
    }
    messages.observe(e);
    writes.observe(e);
    detector.observe(e);
    if (e.k === 'role') {
      if (cluster.role(e)) leadership.elected(e.t);
      dirty = true;
    } else if (e.k === 'fault') {
      cluster.fault(e);
      dirty = true;
    }
  }

  return {
    trace,
    detections: detector.detections,
    series: leadership.series,
    at(tRaw?: number): Metrics {
      const t = Math.max(0, Math.min(trace.durationMs, tRaw ?? trace.durationMs));
      const m = messages.at(t);
      const l = leadership.at(t);
      const d = detector.at(t);
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
        writes: writes.at(t).writes,
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

const cache = new WeakMap<Trace, MetricsIndex>();

/** One pass over the trace; then `at(t)` costs a few binary searches. Cached per trace object. */
export function createMetricsIndex(trace: Trace): MetricsIndex {
  let ix = cache.get(trace);
  if (!ix) {
    ix = buildIndex(trace);
    cache.set(trace, ix);
  }
  return ix;
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
