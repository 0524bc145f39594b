import { describe, expect, it } from 'vitest';
import { createRng } from '../../../lib/rng.ts';
import type { Fault } from '../../faults/table.ts';
import type { TimedFault } from '../../scenario/schema.ts';
import { testScenario } from '../../scenario/testScenario.ts';
import { simulate } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { leaderIntervals } from '../../trace/summary.ts';
import { zkMetrics } from './index.ts';
import { pingIntervalMs, readTimeoutMs, watchTarget } from './machine.ts';
import { ELECTION_MS, serverList } from './process.ts';
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

  it('delete: any session may delete a znode, its watchers hear NodeDeleted, a missing one is NO_NODE', () => {
    const zk = new ZooKeeper();
    const [a, b] = [zk.connect(10_000, 0).id, zk.connect(10_000, 0).id];
    const n = zk.createEphemeralSequential(a, '/election/n_', 0)!;
    zk.exists(a, n.path, true, 0);
    zk.drainChanges();
    expect(zk.delete(b, n.path, 100)).toBe('ok');
    expect(fired(zk.drainChanges())).toEqual([{ path: n.path, session: a }]);
    expect(zk.delete(b, n.path, 200)).toBe('NO_NODE');
    expect(zk.getChildren(a, '/election', 300)).toEqual([]);
    zk.expire(20_000);
    expect(zk.delete(b, n.path, 20_000)).toBeNull();
  });
});

describe('the recipe in a cluster', () => {
  const base = (over: Parameters<typeof testScenario>[1] = {}) =>
    testScenario('zookeeper', { nodes: 5, durationMs: 40_000, ...over });
  const writes = (events: TraceEvent[]) => events.filter((e): e is Write => e.k === 'write');

  it('pings as ClientCnxn does (half the read timeout less 1 s) and counts the connection lost after two thirds', () => {
    expect(readTimeoutMs(10_000)).toBe(6666);
    expect(pingIntervalMs(10_000)).toBe(2333);
    expect(pingIntervalMs(40_000)).toBe(12_333);
    // 4 s, the least a session may have here: half the read timeout (1333) less 1 s would be 333;
    // ClientCnxn pings as soon as it has been idle for more than a second.
    expect(pingIntervalMs(4000)).toBe(1001);
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

  describe('a connection lost and found again within the session (ClientCnxn; Curator SUSPENDED, RECONNECTED)', () => {
    // node-3 watches node-2's znode. Cut off from ZooKeeper for 8 s: past its read timeout (6.7 s of
    // silence with the 10 s session), not past the session timeout (10 s since its last ping).
    const cut = (extra: TimedFault[] = []) =>
      simulate(
        base({
          faults: [
            { atMs: 4000, fault: { kind: 'isolate', node: 'node-3', from: 'store' } },
            { atMs: 12_000, fault: { kind: 'heal' } },
            ...extra,
          ],
        }),
      );
    const sends = (tr: ReturnType<typeof simulate>, from: string, type: string) =>
      tr.events.filter((e) => e.k === 'send' && e.from === from && e.type === type);

    it('a cut shorter than the read timeout: TCP sends the lost watch event again, and nobody disconnects', () => {
      // node-1 crashes at 5 s: its session expires at about 15 s, while node-2 is cut off for 2 s.
      const tr = simulate(
        base({
          faults: [
            { atMs: 5000, fault: { kind: 'crash', node: 'node-1' } },
            { atMs: 14_000, fault: { kind: 'isolate', node: 'node-2', from: 'store' } },
            { atMs: 16_000, fault: { kind: 'heal' } },
          ],
        }),
      );
      const events = tr.events.filter((e) => e.k === 'send' && e.type === 'WATCH_EVENT' && e.to === 'node-2');
      expect(events.length).toBeGreaterThanOrEqual(2);
      expect(events[0]?.t).toBeLessThan(16_000);
      expect(events.at(-1)).toMatchObject({ data: { retransmit: events.length - 1 } });
      expect(tr.events.some((e) => e.k === 'mark' && e.name === 'disconnected')).toBe(false);
      expect(tr.events.filter((e) => e.k === 'send' && e.type === 'SET_WATCHES')).toHaveLength(0);
      expect(leaderIntervals(tr).at(-1)).toMatchObject({ node: 'node-2', token: 1 });
    });

    it('keeps its one znode: it suspends, reconnects, and creates no second one in the same session', () => {
      const tr = cut();
      const marks = (name: string) =>
        tr.events.filter((e) => e.k === 'mark' && e.node === 'node-3' && e.name === name);
      expect(marks('disconnected')).toHaveLength(1);
      expect(marks('session-expired')).toHaveLength(0);
      expect(sends(tr, 'node-3', 'CREATE')).toHaveLength(1);
      expect(marks('znode-created')).toHaveLength(1);
      // Its watch is set again on the new connection (SetWatches), not by a new exists().
      expect(sends(tr, 'node-3', 'SET_WATCHES')).toHaveLength(1);
      expect(sends(tr, 'node-3', 'EXISTS')).toHaveLength(1);
    });

    it('learns on reconnect of a deletion it missed: SetWatches fires NodeDeleted, and it leads', () => {
      // node-1 and node-2 crash while node-3 is away: their sessions expire, their znodes go.
      const tr = cut([
        { atMs: 5000, fault: { kind: 'crash', node: 'node-1' } },
        { atMs: 5000, fault: { kind: 'crash', node: 'node-2' } },
        { atMs: 5000, fault: { kind: 'crash', node: 'node-4' } },
        { atMs: 5000, fault: { kind: 'crash', node: 'node-5' } },
      ]);
      const fired = tr.events.filter((e) => e.k === 'send' && e.type === 'WATCH_EVENT' && e.to === 'node-3');
      const setAt = sends(tr, 'node-3', 'SET_WATCHES')[0]?.t ?? -1;
      expect(setAt).toBeGreaterThan(12_000);
      expect(fired.some((e) => e.t >= setAt)).toBe(true);
      const last = leaderIntervals(tr).at(-1);
      expect(last).toMatchObject({ node: 'node-3', token: 2 });
      expect(sends(tr, 'node-3', 'CREATE')).toHaveLength(1);
    });
  });
});

describe('the ensemble as a client sees it (three servers)', () => {
  const run = (faults: Array<{ atMs: number; fault: Fault }>) =>
    simulate(testScenario('zookeeper', { nodes: 3, durationMs: 40_000, faults }));
  const marks = (events: TraceEvent[], name: string) =>
    events.filter((e): e is Extract<TraceEvent, { k: 'mark' }> => e.k === 'mark' && e.name === name);
  const serverOf = (events: TraceEvent[], client: string, before: number) =>
    marks(events, 'client-server')
      .filter((m) => m.data?.client === client && m.t < before)
      .at(-1)?.data?.server;

  it('places clients on servers spread by the seed, each list a rotation of the three', () => {
    const firsts = [1, 2, 3, 4, 5, 6].flatMap((seed) => {
      const tr = simulate(testScenario('zookeeper', { nodes: 3, durationMs: 5000, seed }));
      return ['node-1', 'node-2', 'node-3'].map((n) => serverOf(tr.events, n, 5000));
    });
    expect(new Set(firsts)).toEqual(new Set([1, 2, 3]));
    const rng = createRng(7);
    for (let i = 0; i < 10; i++) expect([...serverList(rng)].sort()).toEqual([1, 2, 3]);
  });

  it('a killed server resets its clients: Disconnected at once, on another server within the session, the leader leads on', () => {
    const first = run([]);
    const server = serverOf(first.events, 'node-1', 10_000) as number;
    const tr = run([{ atMs: 10_000, fault: { kind: 'server', node: 'zookeeper', server, act: 'kill' } }]);
    const lost = marks(tr.events, 'disconnected').filter((m) => m.node === 'node-1' && m.t >= 10_000)[0];
    // One trip for the RESET, not the read timeout (6.7 s).
    expect(lost?.t).toBeLessThan(10_500);
    const now = serverOf(tr.events, 'node-1', 40_000);
    expect(now).not.toBe(server);
    expect(now).toBeDefined();
    expect(marks(tr.events, 'session-expired')).toEqual([]);
    expect(tr.events.some((e) => e.k === 'store' && e.change.kind === 'lease-expire')).toBe(false);
    const leaders = leaderIntervals(tr);
    expect(leaders.map((l) => l.node)).toEqual(['node-1', 'node-1']);
    expect(leaders[1]!.fromMs).toBeLessThan(10_000 + 2000);
  });

  it("the ensemble leader's death resets every client, and nothing is served until the followers elect a new one", () => {
    const kill = (server: number) => [
      { atMs: 10_000, fault: { kind: 'server' as const, node: 'zookeeper', server, act: 'kill' as const } },
    ];
    const clients = ['node-1', 'node-2', 'node-3'];
    const lostBy = (events: TraceEvent[]) =>
      clients.filter((n) =>
        marks(events, 'disconnected').some((m) => m.node === n && m.t >= 10_000 && m.t < 10_500),
      );
    // Server 3 leads (the highest id, all logs equal): every follower closes its clients' connections.
    const tr = run(kill(3));
    expect(lostBy(tr.events)).toEqual(clients);
    expect(marks(tr.events, 'ensemble-leader').map((m) => [m.t, m.data?.server])).toEqual([
      [10_000, null],
      [10_000 + ELECTION_MS, 2],
    ]);
    const served = tr.events.filter(
      (e) => e.k === 'send' && e.from === 'zookeeper' && e.t > 10_000 && e.t < 10_000 + ELECTION_MS,
    );
    expect(served.map((e) => (e as { type: string }).type).filter((t) => t !== 'RESET')).toEqual([]);
    expect(tr.events.some((e) => e.k === 'store' && e.change.kind === 'lease-expire')).toBe(false);
    expect(leaderIntervals(tr).at(-1)!.fromMs).toBeGreaterThan(10_000 + ELECTION_MS);
    // A follower's death resets its own clients only.
    const follower = run(kill(1));
    const onIt = clients.filter((n) => serverOf(follower.events, n, 10_000) === 1);
    expect(lostBy(follower.events)).toEqual(onIt);
    expect(marks(follower.events, 'ensemble-leader')).toEqual([]);
  });

  it('a stopped server hangs its connections: its clients leave it at the read timeout', () => {
    const server = serverOf(run([]).events, 'node-1', 10_000) as number;
    const tr = run([{ atMs: 10_000, fault: { kind: 'server', node: 'zookeeper', server, act: 'stop' } }]);
    const lost = marks(tr.events, 'disconnected').filter((m) => m.node === 'node-1' && m.t >= 10_000)[0];
    expect(lost?.t).toBeGreaterThan(10_000 + 4000);
    expect(lost?.t).toBeLessThan(10_000 + readTimeoutMs(10_000) + 1);
    expect(serverOf(tr.events, 'node-1', 40_000)).not.toBe(server);
    expect(marks(tr.events, 'session-expired')).toEqual([]);
  });

  it('without a quorum nothing is written and no session expires; when it is back every session lives on', () => {
    const kill = (server: number, atMs: number) => ({
      atMs,
      fault: { kind: 'server' as const, node: 'zookeeper', server, act: 'kill' as const },
    });
    const back = (server: number, atMs: number) => ({
      atMs,
      fault: { kind: 'server' as const, node: 'zookeeper', server, act: 'restart' as const },
    });
    // 15 s without quorum, longer than the 10 s sessions.
    const tr = run([kill(1, 10_000), kill(2, 10_000), back(1, 25_000), back(2, 25_000)]);
    expect(tr.events.some((e) => e.k === 'store' && e.change.kind === 'lease-expire')).toBe(false);
    expect(
      tr.events.some((e) => e.k === 'store' && e.change.kind === 'put' && e.t > 10_000 && e.t < 25_000),
    ).toBe(false);
    const leaders = leaderIntervals(tr);
    expect(leaders[0]).toMatchObject({ node: 'node-1' });
    // Suspended through the outage (Curator): nobody leads, then node-1 again with its session.
    expect(leaders[0]!.toMs).toBeLessThan(10_500);
    expect(leaders[1]).toMatchObject({ node: 'node-1', token: 0 });
    expect(leaders[1]!.fromMs).toBeGreaterThanOrEqual(25_000);
  });

  it('a fault on a server it does not have (4 or 5, a store group’s) brings no quorum back', () => {
    const fault = (server: number, atMs: number, act: 'kill' | 'restart') => ({
      atMs,
      fault: { kind: 'server' as const, node: 'zookeeper', server, act },
    });
    // Two of three killed; a fourth "server" killed and restarted must not count as up.
    const tr = run([
      fault(1, 10_000, 'kill'),
      fault(2, 10_000, 'kill'),
      fault(4, 12_000, 'kill'),
      fault(4, 13_000, 'restart'),
    ]);
    // Without quorum the ensemble answers nothing but resets (no PONG, no CONNECTED).
    const answered = tr.events.filter(
      (e) => e.k === 'send' && e.from === 'zookeeper' && e.t > 10_000 && e.type !== 'RESET',
    );
    expect(answered).toEqual([]);
  });
});
