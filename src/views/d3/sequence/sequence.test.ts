import { scaleLinear } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../../scenarios/index.ts';
import { simulate } from '../../../sim/simulate.ts';
import type { Fault } from '../../../sim/trace/events.ts';
import { isChatter } from '../glyphs.ts';
import {
  chatterIds,
  defaultWindowMs,
  faultSpans,
  formatSeconds,
  laneOrder,
  leaseExpiries,
  linearTicks,
  niceMs,
  partitionWalls,
  tickFormat,
  visibleRange,
  windowAt,
} from './index.ts';

describe('windowAt', () => {
  it('puts the cursor at 70% of the window in the middle of a run', () => {
    expect(windowAt(10_000, 4000, 60_000)).toEqual([7200, 11_200]);
  });
  it('clamps to the start and to the end of the run', () => {
    expect(windowAt(100, 4000, 60_000)).toEqual([0, 4000]);
    expect(windowAt(59_900, 4000, 60_000)).toEqual([56_000, 60_000]);
  });
  it('never shows more than the run', () => {
    expect(windowAt(500, 10_000, 2000)).toEqual([0, 2000]);
  });
});

describe('visibleRange', () => {
  const msgs = [0, 100, 200, 300, 400, 500, 600].map((sendAt) => ({ sendAt }));
  it('takes what is sent inside the window plus what may still be flying into it', () => {
    expect(visibleRange(msgs, 300, 450, 0)).toEqual([3, 5]);
    expect(visibleRange(msgs, 300, 450, 150)).toEqual([2, 5]);
  });
  it('includes a message sent exactly at either edge', () => {
    expect(visibleRange(msgs, 200, 400, 0)).toEqual([2, 5]);
  });
  it('is empty before, after and on an empty list', () => {
    expect(visibleRange(msgs, 700, 800, 50)).toEqual([7, 7]);
    expect(visibleRange([], 0, 100, 10)).toEqual([0, 0]);
  });
  it('matches a linear scan on a long list', () => {
    const long = Array.from({ length: 5000 }, (_, i) => ({ sendAt: Math.floor(i * 7.3) }));
    const [lo, hi] = visibleRange(long, 12_000, 15_000, 90);
    const scan = long
      .map((m, i) => [m, i] as const)
      .filter(([m]) => m.sendAt >= 12_000 - 90 && m.sendAt <= 15_000);
    expect(lo).toBe(scan[0]?.[1]);
    expect(hi).toBe((scan[scan.length - 1]?.[1] ?? -1) + 1);
  });
});

describe('niceMs and defaultWindowMs', () => {
  it('rounds to 1, 2 or 5 times a power of ten', () => {
    expect([120, 180, 400, 700, 900, 18_750].map(niceMs)).toEqual([100, 200, 500, 500, 1000, 20_000]);
  });
  it('shows a quarter of a sparse run', () => {
    const msgs = [{ id: 1, sendAt: 0, deliverAt: 40 }];
    expect(defaultWindowMs(msgs, 80_000)).toBe(20_000);
  });
  it('shrinks the window when the trace is dense, counting chatter a third', () => {
    const msgs = Array.from({ length: 1200 }, (_, i) => ({ id: i, sendAt: i * 10, deliverAt: i * 10 + 30 }));
    const dense = defaultWindowMs(msgs, 12_000);
    expect(dense).toBe(1000);
    expect(defaultWindowMs(msgs, 12_000, new Set(msgs.map((m) => m.id)))).toBe(2000);
  });
  it('reads a few hundred messages, not all of a long run', () => {
    const all = Array.from({ length: 50_000 }, (_, i) => ({ id: i, sendAt: i * 10, deliverAt: i * 10 + 30 }));
    let reads = 0;
    const counted = new Proxy(all, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const chatter = new Set(all.filter((m) => m.id % 2 === 0).map((m) => m.id));
    // 25k messages and 25k chatter a third each over 500 s: 120 of them in 1.8 s, snapped to 2 s.
    expect(defaultWindowMs(counted, 500_000, chatter)).toBe(2000);
    expect(reads).toBeLessThanOrEqual(400);
  });
  it('keeps a typical flight small in the window', () => {
    const msgs = Array.from({ length: 400 }, (_, i) => ({ id: i, sendAt: i, deliverAt: i + 500 }));
    expect(defaultWindowMs(msgs, 400_000)).toBeGreaterThanOrEqual(500 * 10);
  });
});

describe('faultSpans', () => {
  const f = (t: number, fault: Fault) => ({ t, fault });
  it('pairs crash/restart, pause/resume, partition/heal and leaves open spans to the end', () => {
    const s = faultSpans(
      [
        f(0, { kind: 'crash', node: 'node-5' }),
        f(1000, { kind: 'pause', node: 'node-1', durationMs: 3000 }),
        f(2000, { kind: 'partition', groups: [['node-1'], ['node-2', 'node-3']] }),
        f(2500, { kind: 'isolate', node: 'node-4' }),
        f(4000, { kind: 'resume', node: 'node-1' }),
        f(5000, { kind: 'heal' }),
        f(6000, { kind: 'restart', node: 'node-5' }),
        f(7000, { kind: 'crash', node: 'node-2' }),
      ],
      10_000,
    );
    expect(s.down).toEqual([
      { node: 'node-5', from: 0, to: 6000 },
      { node: 'node-2', from: 7000, to: 10_000 },
    ]);
    expect(s.paused).toEqual([{ node: 'node-1', from: 1000, to: 4000 }]);
    expect(s.isolated).toEqual([{ node: 'node-4', from: 2500, to: 5000 }]);
    expect(s.partitions).toEqual([{ from: 2000, to: 5000, groups: [['node-1'], ['node-2', 'node-3']] }]);
    expect(s.crashes.map((c) => c.t)).toEqual([0, 7000]);
    expect(s.restarts).toEqual([{ node: 'node-5', t: 6000 }]);
  });
  it('ends a pause when the paused node crashes, and a partition when another replaces it', () => {
    const s = faultSpans(
      [
        f(0, { kind: 'pause', node: 'node-1', durationMs: 9000 }),
        f(500, { kind: 'partition', groups: [['node-1'], ['node-2']] }),
        f(1000, { kind: 'crash', node: 'node-1' }),
        f(1500, { kind: 'partition', groups: [['node-2'], ['node-3']] }),
      ],
      3000,
    );
    expect(s.paused).toEqual([{ node: 'node-1', from: 0, to: 1000 }]);
    expect(s.partitions.map((p) => [p.from, p.to])).toEqual([
      [500, 1500],
      [1500, 3000],
    ]);
  });
});

describe('lanes and chatter', () => {
  it('orders lifelines: nodes, then store, resource, proxy, client', () => {
    const lanes = laneOrder([
      { id: 'etcd', kind: 'store' },
      { id: 'app', kind: 'client' },
      { id: 'pg-1', kind: 'node' },
      { id: 'haproxy', kind: 'proxy' },
      { id: 'pg-2', kind: 'node' },
      { id: 'storage', kind: 'resource' },
    ]);
    expect(lanes.map((l) => l.id)).toEqual(['pg-1', 'pg-2', 'etcd', 'storage', 'haproxy', 'app']);
  });
  it('counts liveness traffic and failed CAS polling as chatter, not the winning CAS', () => {
    expect(isChatter('HEARTBEAT')).toBe(true);
    expect(isChatter('ELECTION')).toBe(false);
    const ids = chatterIds([
      { id: 1, type: 'KEEPALIVE', from: 'node-1', to: 'etcd' },
      { id: 2, type: 'TXN', from: 'node-2', to: 'etcd', data: { reqId: 7 } },
      { id: 3, type: 'TXN_RESULT', from: 'etcd', to: 'node-2', data: { reqId: 7, succeeded: false } },
      { id: 4, type: 'TXN', from: 'node-3', to: 'etcd', data: { reqId: 7 } },
      { id: 5, type: 'TXN_RESULT', from: 'etcd', to: 'node-3', data: { reqId: 7, succeeded: true } },
      { id: 6, type: 'ELECTION', from: 'node-1', to: 'node-2' },
    ]);
    expect([...ids].sort()).toEqual([1, 2, 3]);
  });
  it('formats axis seconds with the precision the window needs', () => {
    expect(formatSeconds(1234, 1000)).toBe('1.234 s');
    expect(formatSeconds(1234, 10_000)).toBe('1.23 s');
    expect(formatSeconds(61_250, 60_000)).toBe('61.3 s');
  });
});

describe('partition walls, ticks and expiries', () => {
  const lanes = new Map(['node-1', 'node-2', 'node-3', 'node-4', 'node-5', 'etcd'].map((id, i) => [id, i]));
  it('draws a wall between contiguous groups, none when they interleave', () => {
    expect(
      partitionWalls(
        [
          ['node-1', 'node-2'],
          ['node-3', 'node-4', 'node-5'],
        ],
        lanes,
      ),
    ).toEqual([1.5]);
    expect(partitionWalls([['node-3'], ['node-1', 'node-2'], ['node-4', 'node-5']], lanes)).toEqual([
      1.5, 2.5,
    ]);
    expect(
      partitionWalls(
        [
          ['node-1', 'node-3'],
          ['node-2', 'node-4'],
        ],
        lanes,
      ),
    ).toBeNull();
  });
  it('gives tick labels the precision of their step', () => {
    expect(tickFormat(5000)(35_000)).toBe('35 s');
    expect(tickFormat(200)(5400)).toBe('5.4 s');
    expect(tickFormat(50)(950)).toBe('0.95 s');
  });
  it('finds the lease expiry of the etcd scenario with the leader key it deleted', () => {
    const tr = simulate(scenarioById('etcd-lease')!);
    const ex = leaseExpiries(tr);
    expect(ex).toHaveLength(1);
    expect(ex[0]?.store).toBe('etcd');
    expect(ex[0]?.keys).toContain('/election/leader');
    const step = tr.steps.find((s) => s.id === 'lease-expires');
    expect(ex[0]?.t).toBe(step?.atMs);
  });
});

describe('linearTicks', () => {
  it('gives the ticks d3-scale gives for the axis windows the diagram uses', () => {
    const windows: Array<[number, number, number]> = [
      [0, 1000, 5],
      [1234.5, 9876.5, 7],
      [0.25, 0.95, 4],
      [59_990, 60_010, 3],
      [3_600_000, 3_900_000, 10],
      [17, 23, 2],
    ];
    for (const [a, b, n] of windows)
      expect(linearTicks(a, b, n)).toEqual(scaleLinear().domain([a, b]).ticks(n));
    expect(linearTicks(0, 1000, 5)).toEqual([0, 200, 400, 600, 800, 1000]);
  });
});
