import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../scenarios/index.ts';
import type { SimOptions } from '../sim/inputs.ts';
import { simulate } from '../sim/simulate.ts';
import { BusyBuilder, busyBySort, busyIntervals, focusWindows } from './pace.ts';

describe('busy time followed as events come equals the sorted definition, on real runs', () => {
  const cases: Array<[string, SimOptions]> = [
    ['bully', { nodes: 12 }],
    ['split-brain', {}],
    ['patroni', {}],
    ['check-before-act', {}],
    ['fencing-token', {}],
    [
      'etcd-lease',
      { durationMs: 600_000, interventions: [{ atMs: 40_000, fault: { kind: 'crash', node: 'node-2' } }] },
    ],
  ];
  for (const [id, opts] of cases) {
    it(`${id}: whole and in pieces`, () => {
      const story = scenarioById(id);
      if (!story) throw new Error(`${id} missing`);
      const trace = simulate(story, opts);
      const want = busyBySort(trace);
      expect(want.starts.length).toBeGreaterThan(2);
      expect(busyIntervals(trace)).toEqual(want);
      const b = new BusyBuilder();
      for (let n = 0; n < trace.events.length; n = Math.min(trace.events.length, n * 2 + 7))
        b.follow(trace.events.slice(0, n));
      expect(b.finish(trace)).toEqual(want);
    });
  }
});

describe('focusWindows in one pass equals the rule over every send, on real runs', () => {
  // The last, a long run whose steps are all in its first minutes (the pass stops after them).
  for (const [id, opts] of [
    ['bully', {}],
    ['split-brain', {}],
    ['patroni', {}],
    ['check-before-act', {}],
    ['fencing-token', {}],
    ['etcd-lease', {}],
    ['sharded-leadership', { durationMs: 3_600_000 }],
  ] as const) {
    it(`${id}${'durationMs' in opts ? ', 1 h' : ''}`, () => {
      const story = scenarioById(id);
      if (!story) throw new Error(`${id} missing`);
      const trace = simulate(story, opts);
      const f = focusWindows(trace);
      const sends = trace.events.filter((e) => e.k === 'send');
      const want = [...new Set(trace.steps.map((s) => s.atMs))]
        .filter((a) => sends.some((e) => e.t <= a + f.post && e.deliverAt >= a - f.pre))
        .sort((a, b) => a - b);
      expect(f.at).toEqual(want);
      expect(trace.steps.length).toBeGreaterThan(0);
    });
  }
});
