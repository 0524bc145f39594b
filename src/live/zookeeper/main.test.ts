import { describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/args.ts';
import { ELECTION_MS } from '../../sim/algorithms/zookeeper/process.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import { byRole, failoversAfterFaults, parseZkArgs, simulateSame, zkFault } from './main.ts';

describe('--system zookeeper arguments', () => {
  it('takes the table live forms of node faults and the server kind, "leader" included', () => {
    expect(zkFault('100:{"kind":"crash","node":"node-2"}')).toEqual({
      atMs: 100,
      fault: { kind: 'crash', node: 'node-2' },
    });
    // Live isolation is from the store (the table's live form): here, the proxy to the ensemble.
    expect(zkFault('0:{"kind":"isolate","node":"node-1"}').fault).toEqual({
      kind: 'isolate',
      node: 'node-1',
      from: 'store',
    });
    expect(zkFault('5:{"kind":"server","server":"leader"}').fault).toEqual({
      kind: 'server',
      node: 'zookeeper',
      server: 'leader',
    });
    expect(zkFault('5:{"kind":"server","server":2,"act":"stop"}').fault).toEqual({
      kind: 'server',
      node: 'zookeeper',
      server: 2,
      act: 'stop',
    });
  });

  it('refuses what live ZooKeeper cannot do', () => {
    for (const bad of [
      '0:{"kind":"partition","groups":[["node-1"],["zookeeper"]]}',
      '0:{"kind":"crash","node":"node-4"}',
      '0:{"kind":"server","server":4}',
      '0:{"kind":"server","server":1,"act":"explode"}',
      '0:{"kind":"pause","node":"node-1"}',
      'x:{"kind":"crash","node":"node-1"}',
    ])
      expect(() => zkFault(bad), bad).toThrow(UsageError);
    expect(() => parseZkArgs(['--system', 'zookeeper', '--set', 'sessionTimeoutMs=10000'])).toThrow(
      UsageError,
    );
    expect(parseZkArgs(['--system', 'zookeeper', '--headless', '--compare'])).toMatchObject({
      headless: true,
      compare: true,
      durationMs: 30_000,
      sessionTimeoutMs: 4000,
    });
  });
});

describe('failovers after faults', () => {
  it('measures from each fault to the next leadership, and the simulated run on the same schedule', () => {
    const crash = { atMs: 6000, fault: { kind: 'crash', node: 'node-1' } } as const;
    const kill = {
      atMs: 14_000,
      fault: { kind: 'server', node: 'zookeeper', server: 2, act: 'kill' },
    } as const;
    const sim = simulateSame({
      params: { sessionTimeoutMs: 4000, herd: false, fencing: true, tcp: true, writeIntervalMs: 3000 },
      hosts: [1, 2, 3].map((i) => ({ id: `node-${i}`, kind: 'node' as const })),
      durationMs: 20_000,
      interventions: [crash, kill],
      events: [],
    } as unknown as Trace);
    const [a, b] = failoversAfterFaults(sim);
    // The crashed leader's session expires within its timeout (after at least the read timeout).
    expect(a?.to).toBe('node-2');
    expect(a?.faultToLeaderMs).toBeGreaterThan(2666);
    expect(a?.faultToLeaderMs).toBeLessThanOrEqual(4400);
    expect(b?.fault).toEqual(kill.fault);
    // A trace with a leader that steps down and leads again counts as a failover to itself.
    const live = {
      ...sim,
      interventions: [{ atMs: 1000, fault: { kind: 'server', node: 'zookeeper', server: 3, act: 'kill' } }],
      events: [
        { k: 'role', t: 0, node: 'node-1', role: 'leader', token: 0 },
        { k: 'role', t: 1010, node: 'node-1', role: 'candidate' },
        { k: 'role', t: 1900, node: 'node-1', role: 'leader', token: 0 },
      ],
    } as unknown as Trace;
    expect(failoversAfterFaults(live)).toEqual([
      { ...live.interventions[0], to: 'node-1', faultToLeaderMs: 900, leaderlessMs: 890 },
    ]);
  });

  it("a kill of the real ensemble's leader is simulated on the model's leader: every client is reset, and the recipe leads again", () => {
    const kill = (server: number) => ({
      atMs: 10_000,
      fault: { kind: 'server', node: 'zookeeper', server, act: 'kill' },
    });
    const recorded = (leader: number) =>
      ({
        params: { sessionTimeoutMs: 4000, herd: false, fencing: true, tcp: true, writeIntervalMs: 3000 },
        hosts: [1, 2, 3].map((i) => ({ id: `node-${i}`, kind: 'node' as const })),
        durationMs: 20_000,
        interventions: [kill(leader)],
        events: [{ k: 'mark', t: 500, node: 'zookeeper', name: 'ensemble-leader', data: { server: leader } }],
      }) as unknown as Trace;
    expect([1, 2, 3].map((real) => byRole(recorded(2))(real))).toEqual([1, 3, 2]);
    expect(byRole(recorded(3))(3)).toBe(3);
    const [f] = failoversAfterFaults(simulateSame(recorded(2)));
    expect(f?.to).toBeDefined();
    expect(f?.faultToLeaderMs).toBeGreaterThan(ELECTION_MS);
  });

  it('a paused leader that still believes it leads: the failover is the next leader taking over, not a later one', () => {
    const pause = { atMs: 5000, fault: { kind: 'pause', node: 'node-1', durationMs: 6000 } };
    const trace = {
      durationMs: 20_000,
      interventions: [pause],
      events: [
        { k: 'role', t: 0, node: 'node-1', role: 'leader', token: 0 },
        { k: 'role', t: 9111, node: 'node-2', role: 'leader', token: 1 },
        // node-1 learns it lost only when it runs again.
        { k: 'role', t: 11_021, node: 'node-1', role: 'candidate' },
        { k: 'role', t: 15_806, node: 'node-2', role: 'candidate' },
        { k: 'role', t: 16_006, node: 'node-2', role: 'leader', token: 1 },
      ],
    } as unknown as Trace;
    expect(failoversAfterFaults(trace)).toEqual([
      { ...pause, to: 'node-2', faultToLeaderMs: 4111, leaderlessMs: 0 },
    ]);
  });
});
