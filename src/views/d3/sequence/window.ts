// The time window around the cursor: where it sits, which messages can cross it, and its default length.

import { lowerBound, upperBound } from '../../../lib/search.ts';
import type { IdSet } from './chatter.ts';

/** The time window [w0, w1] around the cursor: the cursor sits at `anchor` of the height, clamped to the run. */
export function windowAt(t: number, windowMs: number, durationMs: number, anchor = 0.7): [number, number] {
  const w = windowLength(windowMs, durationMs);
  const w0 = Math.max(0, Math.min(t - anchor * w, durationMs - w));
  return [w0, w0 + w];
}

/**
 * How long the window is: its own length, no longer than the run. Taken as is, never as w1 - w0, which
 * rounds differently as the window slides (500 one frame, 499.99999999999994 the next) and would make
 * the diagram re-place every arrow each time it did.
 */
export function windowLength(windowMs: number, durationMs: number): number {
  return Math.max(1, Math.min(windowMs, Math.max(1, durationMs)));
}

/**
 * Indices [lo, hi) of the messages (sorted by sendAt) that can cross the window [w0, w1]: sent no
 * later than w1 and no earlier than w0 - maxFlight. Callers still skip the few that landed before w0.
 */
export function visibleRange(
  messages: ReadonlyArray<{ sendAt: number }>,
  w0: number,
  w1: number,
  maxFlight: number,
): [number, number] {
  const key = (i: number) => (messages[i] as { sendAt: number }).sendAt;
  return [lowerBound(messages.length, key, w0 - maxFlight), upperBound(messages.length, key, w1)];
}

/** A "nice" number of ms: 1, 2 or 5 times a power of ten, rounded to the nearest. */
export function niceMs(ms: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(1, ms)));
  const m = ms / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/**
 * The default window for a trace, chosen by its density: a quarter of the run, shrunk until it
 * holds about 120 messages (chatter counts a third), and never so short that a typical flight
 * fills it. Snapped to a nice value. `chatter`: ids of some of `messages`.
 */
export function defaultWindowMs(
  messages: ReadonlyArray<{ id: number; sendAt: number; deliverAt: number }>,
  durationMs: number,
  chatter: IdSet = new Set<number>(),
): number {
  if (durationMs <= 0) return 1000;
  // Counted, not summed over every message: a 24 h run has 700k of them (issue #40).
  const weight = messages.length - chatter.size + chatter.size / 3;
  const flights: number[] = [];
  for (let i = 0; i < Math.min(400, messages.length); i++) {
    const m = messages[i] as { sendAt: number; deliverAt: number };
    flights.push(m.deliverAt - m.sendAt);
  }
  flights.sort((a, b) => a - b);
  const flight = flights.length ? (flights[flights.length >> 1] as number) : 0;
  let w = durationMs / 4;
  const rate = weight / durationMs;
  if (rate > 0) w = Math.min(w, 120 / rate);
  w = Math.max(w, flight * 12, 200);
  return Math.min(niceMs(w), durationMs);
}
