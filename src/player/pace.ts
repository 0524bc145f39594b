/**
 * Playback pace: how many virtual ms pass per wall ms, around the chosen speed. Two pure rules:
 *
 * Focus slow motion. Messages take tens of ms while the story spans tens of seconds (a 30 s TTL),
 * so at story speed a message would cross the screen in one frame. Around each narration step (the
 * moments the story is about) time slows down so that a typical message takes about
 * FOCUS_FLIGHT_WALL_MS of wall time at 1x, and eases back outside. The slowdown depends only on the
 * scenario (latency and timeScale), so the Speed control still scales everything.
 *
 * Quiet-time fast-forward. Between bursts of activity (a lease TTL running out, a GC pause) nothing
 * changes on screen; watching that at story speed is dull. While no message that changes anything is
 * in flight and no event is near, playback speeds up smoothly (up to `max`), and slows back to 1x
 * before the next thing happens, so nothing that matters is shown faster than the chosen speed.
 *
 * Everything here is pure: the model comes from the trace once, the multiplier from t.
 */

import { lowerBound, upperBound } from '../lib/search.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { Trace } from '../sim/trace/trace.ts';

/** Wall ms a typical message takes to cross its link near a narration step, at 1x. */
export const FOCUS_FLIGHT_WALL_MS = 320;

/** Narration moments and the message timing around them. */
export interface FocusWindows {
  /** Step moments, ascending, distinct. */
  at: number[];
  /** Virtual ms before and after a step at full slow motion (covers the messages that lead to it). */
  pre: number;
  post: number;
  /** Virtual ms over which slow motion eases in and out. */
  ramp: number;
  /** A typical one-way latency (virtual ms). */
  flightMs: number;
}

export function focusWindows(trace: Trace): FocusWindows {
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const lo = num(trace.params.latencyMinMs, 20);
  const hi = Math.max(lo, num(trace.params.latencyMaxMs, 60), 1);
  const pre = 2 * hi;
  const post = 1.5 * hi;
  // Only steps with messages in flight around them: a step about a quiet moment needs no slow motion.
  // One pass over the sends, marking the steps each one's flight is near (no list of every send).
  const steps = [...new Set(trace.steps.map((s) => s.atMs))].sort((a, b) => a - b);
  const flying = steps.map(() => false);
  let left = steps.length;
  // Events come in time order: a send later than the last step by more than `post` is near no step,
  // nor is any after it (a 24 h run's steps are in its first minutes: no pass over the rest).
  const last = steps.length > 0 ? (steps[steps.length - 1] as number) + post : Number.NEGATIVE_INFINITY;
  for (let i = 0; i < trace.events.length && left > 0; i++) {
    const e = trace.events[i] as TraceEvent;
    if (e.t > last) break;
    if (e.k !== 'send') continue;
    for (let k = lowerBound(steps.length, (x) => steps[x] as number, e.t - post); k < steps.length; k++) {
      if ((steps[k] as number) > e.deliverAt + pre) break;
      if (!flying[k]) left--;
      flying[k] = true;
    }
  }
  const at = steps.filter((_, k) => flying[k]);
  return { at, pre, post, ramp: hi, flightMs: Math.max(1, (lo + hi) / 2) };
}

/** 1 within a step's focus window, easing linearly to 0 over `ramp` outside it; 0 far from steps. */
export function focusWeight(f: FocusWindows, t: number): number {
  const i = upperBound(f.at.length, (k) => f.at[k] as number, t);
  let w = 0;
  // The nearest step at or before t and the nearest after it are the only candidates.
  for (const k of [i - 1, i]) {
    const a = f.at[k];
    if (a === undefined) continue;
    const d = t < a - f.pre ? a - f.pre - t : t > a + f.post ? t - a - f.post : 0;
    w = Math.max(w, d >= f.ramp ? 0 : 1 - d / f.ramp);
  }
  return w;
}

/** What the player derives once per run to pace it. */
export interface PaceModel {
  busy: BusyIntervals;
  focus: FocusWindows;
  timeScale: number;
}

/** `busy`: the run's busy time when already followed as it came (engine/core.ts). */
export function paceModel(trace: Trace, timeScale: number, busy?: BusyIntervals): PaceModel {
  return { busy: busy ?? busyIntervals(trace), focus: focusWindows(trace), timeScale };
}

/**
 * The pace multiplier at t (1 = the chosen speed): below 1 in a step's focus window, above 1 in a
 * quiet stretch, 1 otherwise. Virtual ms per wall ms = timeScale x speed x paceAt(...).
 */
export function paceAt(m: PaceModel, t: number, speed: number, boost: BoostOptions = defaultBoost): number {
  const w = focusWeight(m.focus, t);
  if (w > 0) {
    const slow = Math.min(1, m.focus.flightMs / (FOCUS_FLIGHT_WALL_MS * m.timeScale));
    return slow ** w;
  }
  return quietBoost(m.busy, t, m.timeScale * speed, boost);
}

/** Sorted, disjoint [start, end] intervals (virtual ms) during which something happens. */
export interface BusyIntervals {
  /** Plain arrays, or typed arrays moved from the worker without a copy (engine/sim.worker.ts). */
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  durationMs: number;
}

/**
 * Busy time of a trace: every state change (role, fault, store change, write, violation, mark) and
 * narration step as an instant, the end of the run, and the flight of every message whose delivery
 * changes something (a state change at its delivery time). Routine traffic that changes nothing, a
 * follower's failed retry, does not hold the fast-forward back: otherwise a TTL wait with retries
 * every 2 s would never count as quiet. Overlaps are merged.
 */
export function busyIntervals(trace: Trace): BusyIntervals {
  const b = new BusyBuilder();
  b.follow(trace.events);
  return b.finish(trace);
}

/**
 * busyIntervals as events come, in one pass and without a list of every event to sort (a 24 h run
 * has about a million: sorting them took 155 ms on the page, issue #40). Events come sorted by t
 * (sim/trace/events.ts), so each new instant or flight ends at or after every interval so far and
 * merges only with the last ones. A flight becomes busy when a change happens at its delivery time:
 * until then the earliest send per delivery time waits in `flights`. Events out of order, or a
 * delivery before its send, fall back to sorting everything (busyBySort), so the result is the same.
 */
export class BusyBuilder {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Delivery time -> earliest send still waiting for a change at that time. */
  private flights = new Map<number, number>();
  private swept = 0;
  private seen = 0;
  private lastT = Number.NEGATIVE_INFINITY;
  private irregular = false;

  /** Events followed so far. */
  get followed(): number {
    return this.seen;
  }

  follow(events: readonly TraceEvent[]): void {
    const { starts, ends, flights } = this;
    for (let i = this.seen; i < events.length && !this.irregular; i++) {
      const e = events[i] as TraceEvent;
      const t = e.t;
      if (t < this.lastT) this.irregular = true;
      this.lastT = t;
      if (e.k === 'deliver' || e.k === 'drop') continue;
      if (e.k === 'send') {
        if (e.deliverAt < t) this.irregular = true;
        else if (!flights.has(e.deliverAt)) flights.set(e.deliverAt, t);
        continue;
      }
      const from = flights.get(t);
      let a = t;
      if (from !== undefined) {
        flights.delete(t);
        a = from;
      }
      // Merge with the last intervals that reach a (all end at or before t).
      let n = ends.length;
      while (n > 0 && (ends[n - 1] as number) >= a) {
        a = Math.min(a, starts[n - 1] as number);
        starts.pop();
        ends.pop();
        n--;
      }
      starts.push(a);
      ends.push(t);
      // Flights delivered before t can no longer become busy.
      if (flights.size > 2 * this.swept + 1024) {
        for (const d of flights.keys()) if (d < t) flights.delete(d);
        this.swept = flights.size;
      }
    }
    this.seen = events.length;
  }

  /** The intervals with the run's steps and end; `trace` has every event follow() was given. */
  finish(trace: Pick<Trace, 'events' | 'steps' | 'durationMs'>): BusyIntervals {
    this.follow(trace.events);
    if (this.irregular) return busyBySort(trace);
    const starts = this.starts.slice();
    const ends = this.ends.slice();
    for (const p of [...trace.steps.map((s) => s.atMs), trace.durationMs]) {
      // First interval that ends at or after p: p is inside it, or goes just before it.
      const i = lowerBound(ends.length, (k) => ends[k] as number, p);
      if (i < ends.length && (starts[i] as number) <= p) continue;
      starts.splice(i, 0, p);
      ends.splice(i, 0, p);
    }
    return { starts, ends, durationMs: trace.durationMs };
  }
}

/** The definition of busyIntervals, every interval sorted then merged: the reference BusyBuilder keeps to. */
export function busyBySort(trace: Pick<Trace, 'events' | 'steps' | 'durationMs'>): BusyIntervals {
  const raw: Array<[number, number]> = [];
  const changes = new Set<number>();
  for (const e of trace.events) {
    if (e.k === 'send' || e.k === 'deliver' || e.k === 'drop') continue;
    changes.add(e.t);
    raw.push([e.t, e.t]);
  }
  for (const e of trace.events)
    if (e.k === 'send' && changes.has(e.deliverAt)) raw.push([e.t, Math.max(e.t, e.deliverAt)]);
  for (const s of trace.steps) raw.push([s.atMs, s.atMs]);
  raw.push([trace.durationMs, trace.durationMs]);
  raw.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [s, e] of raw) {
    const last = ends.length - 1;
    if (last >= 0 && s <= (ends[last] as number)) ends[last] = Math.max(ends[last] as number, e);
    else {
      starts.push(s);
      ends.push(e);
    }
  }
  return { starts, ends, durationMs: trace.durationMs };
}

/** The quiet gap around t: virtual ms since the last busy moment and until the next; null when busy. */
export function quietGap(b: BusyIntervals, t: number): { sinceMs: number; untilMs: number } | null {
  // Last interval that starts at or before t.
  const i = upperBound(b.starts.length, (k) => b.starts[k] as number, t) - 1;
  if (i >= 0 && t <= (b.ends[i] as number)) return null;
  const prevEnd = i >= 0 ? (b.ends[i] as number) : 0;
  const j = lowerBound(b.starts.length, (k) => b.starts[k] as number, t);
  const nextStart = j < b.starts.length ? (b.starts[j] as number) : b.durationMs;
  return { sinceMs: t - prevEnd, untilMs: Math.max(0, nextStart - t) };
}

export interface BoostOptions {
  /** Highest multiplier. */
  max: number;
  /** Wall ms at story speed to stay at 1x after and before activity. */
  holdMs: number;
  /** Wall ms over which the multiplier ramps from 1x to max. */
  rampMs: number;
}

export const defaultBoost: BoostOptions = { max: 8, holdMs: 300, rampMs: 700 };

/**
 * The fast-forward multiplier at t. `virtualPerWallMs` is the playback rate without the boost
 * (scenario.timeScale x speed). The gap is measured in wall ms at that rate, so the hold and ramp
 * feel the same at every speed. 1 when busy or close to activity; rises linearly to `max`.
 */
export function quietBoost(
  b: BusyIntervals,
  t: number,
  virtualPerWallMs: number,
  opts: BoostOptions = defaultBoost,
): number {
  const gap = quietGap(b, t);
  if (!gap || virtualPerWallMs <= 0) return 1;
  const near = Math.min(gap.sinceMs, gap.untilMs) / virtualPerWallMs;
  const x = (near - opts.holdMs) / opts.rampMs;
  if (x <= 0) return 1;
  return Math.min(opts.max, 1 + x * (opts.max - 1));
}
