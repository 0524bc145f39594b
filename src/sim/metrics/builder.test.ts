import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import type { SimOptions } from '../inputs.ts';
import { simulate } from '../simulate.ts';
import { adoptMetrics, createMetricsIndex, MetricsBuilder, metricsData } from './metrics.ts';

/**
 * The metrics the engine builds as it simulates (fed in pieces, then moved to the page as the worker
 * moves them) answer exactly as the index the page builds from the whole trace.
 */
describe('metrics built as events come equal the ones built from the whole trace', () => {
  const cases: Array<[string, SimOptions]> = [
    ['bully', { nodes: 12 }],
    ['split-brain', {}],
    ['patroni', {}],
    ['fencing-token', {}],
    [
      'etcd-lease',
      { durationMs: 600_000, interventions: [{ atMs: 40_000, fault: { kind: 'crash', node: 'node-2' } }] },
    ],
  ];
  for (const [id, opts] of cases) {
    it(`${id}: in pieces, through a structured clone with typed arrays`, () => {
      const story = scenarioById(id);
      if (!story) throw new Error(`${id} missing`);
      const trace = simulate(story, opts);
      const b = new MetricsBuilder(trace);
      // Pieces of uneven size, cut anywhere (inside a millisecond too), as the engine sends them.
      for (let n = 0; n < trace.events.length; n = Math.min(trace.events.length, n * 2 + 7))
        b.follow(trace.events.slice(0, n));
      b.follow(trace.events);
      const built = b.finish();
      const f = (xs: ArrayLike<number>) => Float64Array.from(xs);
      const moved = structuredClone({
        ...built,
        messages: {
          sendTimes: f(built.messages.sendTimes),
          typeTimes: new Map([...built.messages.typeTimes].map(([k, v]) => [k, f(v)] as const)),
          dropTimes: f(built.messages.dropTimes),
        },
      });
      const mine = { ...trace };
      adoptMetrics(mine, moved);
      const engine = createMetricsIndex(mine);
      const page = createMetricsIndex({ ...trace });
      expect(engine).not.toBe(page);
      expect(engine.series).toEqual(page.series);
      expect(engine.detections).toEqual(page.detections);
      const ts = [0, 1, 999, 5_000, 20_000, 40_000, 41_000, 90_000, trace.durationMs / 2, trace.durationMs];
      for (const t of [...ts, ...trace.events.filter((_, i) => i % 53 === 0).map((e) => e.t)])
        expect(engine.at(t)).toEqual(page.at(t));
      expect(page.at().messages.total).toBeGreaterThan(0);
      expect(page.series.length).toBeGreaterThan(1);
    });
    it(`${id}: snapshots on the way, at whole milliseconds, equal the page's metrics of the run so far`, () => {
      const story = scenarioById(id);
      if (!story) throw new Error(`${id} missing`);
      const trace = simulate(story, opts);
      const b = new MetricsBuilder(trace);
      const plain = (d: ReturnType<typeof metricsData>) =>
        structuredClone({
          ...d,
          messages: {
            sendTimes: Array.from(d.messages.sendTimes),
            typeTimes: new Map([...d.messages.typeTimes].map(([k, v]) => [k, Array.from(v)] as const)),
            dropTimes: Array.from(d.messages.dropTimes),
          },
        });
      let snaps = 0;
      for (let n = 1; n < trace.events.length; n = Math.min(trace.events.length, n * 3 + 11)) {
        // The engine snapshots where every event of a millisecond is in: cut after the last of them.
        while (n < trace.events.length && trace.events[n]?.t === trace.events[n - 1]?.t) n++;
        const sofar = trace.events.slice(0, n);
        b.follow(sofar);
        const snap = b.snapshot();
        expect(plain(snap)).toEqual(plain(metricsData({ ...trace, events: sofar })));
        snaps++;
      }
      expect(snaps).toBeGreaterThan(2);
      // And the builder goes on as if it had not been asked.
      b.follow(trace.events);
      expect(plain(b.finish())).toEqual(plain(metricsData(trace)));
    });
  }
});
