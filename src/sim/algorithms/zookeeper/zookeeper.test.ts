import { describe, expect, it } from 'vitest';
import { testScenario } from '../../scenario/testScenario.ts';
import { simulate } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { leaderIntervals } from '../../trace/summary.ts';
import { zkMetrics } from './index.ts';
import { pingIntervalMs, readTimeoutMs, watchTarget } from './machine.ts';
import { type ZkChange, ZooKeeper } from './zk.ts';

type Write = Extract<TraceEvent, { k: 'write' }>;
const fired = (cs: ZkChange[]) =>
  cs.flatMap((c) => (c.kind === 'watch-fired' ? [{ path: c.path, session: c.session }] : []));

/** Five sessions, each with its znode, watching as the recipe (or the herd) says. */
function election(herd: boolean) {
  const zk = new ZooKeeper();
  const sessions = [1, 2, 3, 4, 5].map(() => zk.connect(10_000, 0).id);
  const names = sessions.map((s) =>
    zk.createEphemeralSequential(s, '/election/n_', 0)!.path.slice('/election/'.length),
  );
  sessions.forEach((s, i) => {
    const target = watchTarget(zk.getChildren(s, '/election', 0)!, names[i]!, herd);
    if (target) zk.exists(s, `/election/${target}`, true, 0);
  });
  zk.drainChanges();
  return { zk, sessions, names };
}

describe('the ZooKeeper model', () => {
  it('names ephemeral sequential znodes with a 10-digit counter that never repeats', () => {
    const zk = new ZooKeeper();
    const a = zk.connect(5000, 0).id;
    const b = zk.connect(5000, 0).id;
    expect(zk.createEphemeralSequential(a, '/election/n_', 0)).toMatchObject({
      path: '/election/n_0000000000',
      seq: 0,
    });
    expect(zk.createEphemeralSequential(b, '/election/n_', 0)).toMatchObject({
      path: '/election/n_0000000001',
      seq: 1,
    });
    zk.expire(6000); // both sessions silent for the timeout
    const c = zk.connect(5000, 6000).id;
    expect(zk.createEphemeralSequential(c, '/election/n_', 6000)?.path).toBe('/election/n_0000000002');
  });

  it('session expiry deletes the session’s ephemeral znodes, and only when it is silent for its timeout', () => {
    const zk = new ZooKeeper();
    const a = zk.connect(10_000, 0).id;
    const b = zk.connect(10_000, 0).id;
    zk.createEphemeralSequential(a, '/election/n_', 0);
    zk.createEphemeralSequential(b, '/election/n_', 0);
    expect(zk.touch(b, 8000)).toBe(true); // b pings, a does not
    zk.expire(9999);
    expect(zk.getChildren(b, '/election', 9999)).toEqual(['n_0000000000', 'n_0000000001']);
    zk.drainChanges();
    zk.expire(10_000);
    const cs = zk.drainChanges();
    expect(cs.filter((c) => c.kind === 'delete').map((c) => c.kind === 'delete' && c.node.path)).toEqual([
      '/election/n_0000000000',
    ]);
    expect(zk.alive(a)).toBe(false);
    expect(zk.getChildren(b, '/election', 10_000)).toEqual(['n_0000000001']);
    // Any request of an expired session fails.
    expect(zk.getChildren(a, '/election', 10_000)).toBeNull();
  });

  it('the recipe: only the successor is notified when the leader’s znode goes', () => {
    const { zk, sessions } = election(false);
    expect(watchTarget(['n_0000000000', 'n_0000000001', 'n_0000000002'], 'n_0000000002', false)).toBe(
      'n_0000000001',
    );
    for (const s of sessions.slice(1)) zk.touch(s, 9000);
    zk.expire(10_000); // the leader (session 1) is silent
    expect(fired(zk.drainChanges())).toEqual([{ path: '/election/n_0000000000', session: sessions[1] }]);
  });

  it('the herd: every other candidate is notified', () => {
    const { zk, sessions } = election(true);
    expect(watchTarget(['n_0000000000', 'n_0000000001', 'n_0000000002'], 'n_0000000002', true)).toBe(
      'n_0000000000',
    );
    for (const s of sessions.slice(1)) zk.touch(s, 9000);
    zk.expire(10_000);
    expect(fired(zk.drainChanges()).map((f) => f.session)).toEqual(sessions.slice(1));
  });

  it('a watch fires once, and an expired session’s watches go with it', () => {
    const zk = new ZooKeeper();
    const [a, b, c] = [zk.connect(10_000, 0).id, zk.connect(10_000, 0).id, zk.connect(20_000, 0).id];
    const n = zk.createEphemeralSequential(a, '/election/n_', 0)!;
    zk.exists(b, n.path, true, 0);
    zk.exists(c, n.path, true, 0);
    zk.touch(a, 5000);
    zk.expire(10_000); // b expires first (silent since 0); a lives on
    zk.drainChanges();
    zk.expire(15_000); // a expires: its znode goes, and only c's watch is left
    expect(fired(zk.drainChanges())).toEqual([{ path: n.path, session: c }]);
  });
});

describe('the recipe in a cluster', () => {
  const base = (over: Parameters<typeof testScenario>[1] = {}) =>
    testScenario('zookeeper', { nodes: 5, durationMs: 40_000, ...over });
  const writes = (events: TraceEvent[]) => events.filter((e): e is Write => e.k === 'write');

  it('pings every third of the session timeout and counts the connection lost after two thirds', () => {
    expect(pingIntervalMs(10_000)).toBe(3333);
    expect(readTimeoutMs(10_000)).toBe(6666);
  });

  it('watchEventsPerChange is 1 with the recipe and n - 1 with the herd', () => {
    const faults = [{ atMs: 12_000, fault: { kind: 'crash' as const, node: 'node-1' } }];
    for (const nodes of [3, 5, 7]) {
      expect(zkMetrics(simulate(base({ nodes, faults })).events).watchEventsPerChange).toBe(1);
      expect(
        zkMetrics(simulate(base({ nodes, faults, params: { herd: true } })).events).watchEventsPerChange,
      ).toBe(nodes - 1);
    }
  });

  it('a leader paused past its session timeout wakes and writes: accepted without fencing, 409 with it', () => {
    const faults = [{ atMs: 5000, fault: { kind: 'pause' as const, node: 'node-1', durationMs: 15_000 } }];
    const off = simulate(base({ faults, params: { fencing: false } }));
    const on = simulate(base({ faults, params: { fencing: true } }));
    for (const tr of [off, on]) {
      const [first, second] = leaderIntervals(tr);
      expect(first).toMatchObject({ node: 'node-1', token: 0 });
      expect(second).toMatchObject({ node: 'node-2', token: 1 });
      expect(second!.fromMs).toBeLessThan(20_000); // while node-1 is frozen
    }
    const late = (tr: typeof off) => writes(tr.events).filter((w) => w.node === 'node-1' && w.t >= 20_000);
    expect(late(off)[0]).toMatchObject({ token: 0, status: 'accepted' });
    expect(off.events.some((e) => e.k === 'violation' && e.violation.kind === 'stale-write-accepted')).toBe(
      true,
    );
    expect(late(on)[0]).toMatchObject({ token: 0, status: 'rejected', code: 409, reason: 'STALE TOKEN' });
    // Then it learns its session is gone and joins again at the back of the line.
    expect(on.events.some((e) => e.k === 'mark' && e.node === 'node-1' && e.name === 'session-expired')).toBe(
      true,
    );
  });

  it('a leader cut off from ZooKeeper stops leading after two thirds of the session timeout', () => {
    const tr = simulate(
      base({ faults: [{ atMs: 5000, fault: { kind: 'isolate', node: 'node-1', from: 'store' } }] }),
    );
    const [first, second] = leaderIntervals(tr);
    expect(first?.node).toBe('node-1');
    expect(first!.toMs).toBeLessThan(5000 + 10_000); // before its session expires and node-2 takes over
    expect(second?.node).toBe('node-2');
    expect(second!.fromMs).toBeGreaterThan(first!.toMs);
  });
});
