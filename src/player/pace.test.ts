import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { Trace } from '../sim/trace/trace.ts';
import {
  busyIntervals,
  defaultBoost,
  FOCUS_FLIGHT_WALL_MS,
  focusWeight,
  focusWindows,
  paceAt,
  paceModel,
  quietBoost,
  quietGap,
} from './pace.ts';

function trace(events: TraceEvent[], durationMs: number, stepsAt: number[] = []): Trace {
  return {
    version: 2,
    scenario: 'x',
    algorithm: 'lease',
    seed: 1,
    params: {},
    hosts: [],
    durationMs,
    interventions: [],
    events,
    steps: stepsAt.map((atMs, i) => ({ id: `s${i}`, atMs, eventIndex: -1, vars: {} })),
  };
}

const send = (t: number, deliverAt: number, id = t): TraceEvent => ({
  k: 'send',
  t,
  id,
  from: 'a',
  to: 'b',
  type: 'PING',
  deliverAt,
});

describe('busyIntervals', () => {
  it('merges overlapping flights and instants, and ends with the end of the run', () => {
    const b = busyIntervals(
      trace(
        [
          send(100, 150, 1),
          send(120, 200, 2),
          { k: 'deliver', t: 150, id: 1 },
          { k: 'mark', t: 150, node: 'b', name: 'got-it' },
          { k: 'deliver', t: 200, id: 2 },
          { k: 'role', t: 200, node: 'b', role: 'leader' },
          { k: 'role', t: 5000, node: 'a', role: 'leader' },
        ],
        60_000,
        [0, 5000],
      ),
    );
    expect(b.starts).toEqual([0, 100, 5000, 60_000]);
    expect(b.ends).toEqual([0, 200, 5000, 60_000]);
  });

  it('does not count routine messages whose delivery changes nothing', () => {
    const b = busyIntervals(
      trace(
        [send(1000, 1040, 1), { k: 'deliver', t: 1040, id: 1 }, { k: 'mark', t: 9000, node: 'a', name: 'x' }],
        20_000,
      ),
    );
    expect(b.starts).toEqual([9000, 20_000]);
    expect(quietGap(b, 1020)).toEqual({ sinceMs: 1020, untilMs: 7980 });
  });
});

const landed = (t: number): TraceEvent => ({ k: 'mark', t, node: 'b', name: 'landed' });

describe('quietGap', () => {
  const b = busyIntervals(
    trace([send(100, 200), landed(200), { k: 'mark', t: 10_000, node: 'a', name: 'x' }], 20_000),
  );

  it('is null while a message is in flight', () => {
    expect(quietGap(b, 150)).toBeNull();
    expect(quietGap(b, 100)).toBeNull();
    expect(quietGap(b, 200)).toBeNull();
  });

  it('measures the time since the last and until the next activity', () => {
    expect(quietGap(b, 1200)).toEqual({ sinceMs: 1000, untilMs: 8800 });
    expect(quietGap(b, 15_000)).toEqual({ sinceMs: 5000, untilMs: 5000 });
    expect(quietGap(b, 50)).toEqual({ sinceMs: 50, untilMs: 50 });
  });
});

describe('quietBoost', () => {
  // One message at the start, one event at 60 s: a long lease wait in between.
  const b = busyIntervals(
    trace([send(0, 10), landed(10), { k: 'mark', t: 60_000, node: 'a', name: 'x' }], 120_000),
  );
  const rate = 2; // virtual ms per wall ms

  it('stays at 1x while busy and right after or before activity', () => {
    expect(quietBoost(b, 5, rate)).toBe(1);
    expect(quietBoost(b, 10 + rate * 300, rate)).toBe(1);
    expect(quietBoost(b, 60_000 - rate * 300, rate)).toBe(1);
  });

  it('reaches the maximum in the middle of a long quiet stretch', () => {
    expect(quietBoost(b, 30_000, rate)).toBe(defaultBoost.max);
  });

  it('rises monotonically away from activity and never exceeds the maximum', () => {
    let last = 0;
    for (let t = 10; t <= 30_000; t += 250) {
      const m = quietBoost(b, t, rate);
      expect(m).toBeGreaterThanOrEqual(last);
      expect(m).toBeLessThanOrEqual(defaultBoost.max);
      last = m;
    }
  });

  it('measures the hold in wall time, so a faster speed boosts sooner in virtual time', () => {
    const t = 10 + 2 * (defaultBoost.holdMs + 200);
    expect(quietBoost(b, t, 2)).toBeGreaterThan(1);
    expect(quietBoost(b, t, 4)).toBe(1);
  });

  it('never carries playback past the next activity within one frame', () => {
    // Simulate 60 fps playback through the gap: every step lands before or on the next event,
    // and the last frame before the event plays at 1x.
    let t = 10;
    let before = 1;
    while (t < 60_000) {
      const m = quietBoost(b, t, rate);
      const next = t + (1000 / 60) * rate * m;
      if (next >= 60_000) {
        before = m;
        break;
      }
      t = next;
    }
    expect(before).toBe(1);
  });
});

describe('focus slow motion', () => {
  // Latency 20-60 ms, steps at 1 s and 30 s, a long quiet stretch between.
  const tr = trace(
    [send(1000, 1040), { k: 'mark', t: 30_000, node: 'a', name: 'x' }],
    60_000,
    [1000, 30_000],
  );
  tr.params = { latencyMinMs: 20, latencyMaxMs: 60 };
  const f = focusWindows(tr);

  it('covers the messages that lead to a step and the ones right after it', () => {
    expect(f).toMatchObject({ at: [1000], pre: 120, post: 90, ramp: 60, flightMs: 40 });
    expect(focusWeight(f, 1000)).toBe(1);
    expect(focusWeight(f, 1000 - 120)).toBe(1);
    expect(focusWeight(f, 1000 + 90)).toBe(1);
    expect(focusWeight(f, 1000 + 120)).toBeCloseTo(0.5);
    expect(focusWeight(f, 1000 + 150)).toBe(0);
    expect(focusWeight(f, 15_000)).toBe(0);
  });

  it('leaves out steps with no message in flight around them', () => {
    // The step at 30 s anchors a mark with no traffic nearby.
    expect(focusWeight(f, 30_000)).toBe(0);
  });

  it('slows a typical message to about FOCUS_FLIGHT_WALL_MS of wall time at 1x', () => {
    const m = paceModel(tr, 2.5);
    const pace = paceAt(m, 1000, 1);
    const wallPerMessage = 40 / (2.5 * pace);
    expect(wallPerMessage).toBeCloseTo(FOCUS_FLIGHT_WALL_MS);
  });

  it('keeps the slow motion relative to the chosen speed', () => {
    const m = paceModel(tr, 2.5);
    expect(paceAt(m, 1000, 10)).toBe(paceAt(m, 1000, 1));
  });

  it('never speeds up a scenario that is already slow enough', () => {
    expect(paceAt(paceModel(tr, 0.05), 1000, 1)).toBe(1);
  });

  it('eases between slow motion and normal pace, and fast-forwards the quiet middle', () => {
    const m = paceModel(tr, 2.5);
    const near = paceAt(m, 1120, 1);
    expect(near).toBeGreaterThan(paceAt(m, 1000, 1));
    expect(near).toBeLessThan(1);
    expect(paceAt(m, 15_000, 1)).toBe(defaultBoost.max);
  });
});
