import { describe, expect, it } from 'vitest';
import { algorithmFor } from '../src/sim/algorithms/registry.ts';
import { withAlgorithm } from '../src/sim/scenario/sandbox.ts';
import { algorithmIds, ScenarioError } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { leaderIntervals } from '../src/sim/trace/summary.ts';
import etcdLease from './etcd-lease.ts';
import sandbox from './sandbox.ts';

describe('sandbox (free play)', () => {
  it.each(algorithmIds.map((a) => [a] as const))(
    '%s: a healthy cluster, one stable leader (one per shard where the algorithm shards, none where nobody leads), no faults',
    (alg) => {
      const s = withAlgorithm(sandbox, alg);
      expect(s).toMatchObject({ id: 'sandbox', algorithm: alg, adr: sandbox.freePlay?.[alg].adr });
      const trace = simulate(s);
      expect(trace.durationMs).toBe(120_000);
      expect(trace.events.some((e) => e.k === 'fault' || e.k === 'violation')).toBe(false);
      const leaders = leaderIntervals(trace);
      // A leader per shard: every node that tops a shard leads from its first campaign to the end.
      // An algorithm without a leader (cronjob: the scheduler is outside the replicas; skiplocked: workers share the jobs) has none.
      const scope = algorithmFor(alg).leadership.scope;
      if (scope === 'shard') {
        expect(leaders.length).toBeGreaterThan(1);
        expect(leaders.every((l) => l.ongoing)).toBe(true);
      } else expect(leaders.filter((l) => l.ongoing)).toHaveLength(scope === 'none' ? 0 : 1);
      // The only narration is the intro caption at the start.
      expect(trace.steps.map((x) => [x.id, x.atMs])).toEqual([['free-play', 0]]);
    },
  );

  it('lease: crash the leader and the next one leads within TTL + one retry', () => {
    const s = withAlgorithm(sandbox, 'lease');
    const crashAt = 40_000;
    const first = leaderIntervals(simulate(s))[0]?.node ?? '';
    const trace = simulate(s, { interventions: [{ atMs: crashAt, fault: { kind: 'crash', node: first } }] });
    const next = leaderIntervals(trace).find((l) => l.node !== first);
    if (!next) throw new Error('no failover');
    const ttl = Number(trace.params.ttlS) * 1000;
    const gap = next.fromMs - crashAt;
    expect(gap).toBeGreaterThan(ttl - Number(trace.params.renewS) * 1000);
    expect(gap).toBeLessThanOrEqual(ttl + Number(trace.params.retryMs) + 1000);
  });

  it('refuses an unknown algorithm and a story scenario asked for another one', () => {
    expect(() => withAlgorithm(sandbox, 'paxos')).toThrow(
      `unknown algorithm "paxos" (known: ${algorithmIds.join(', ')})`,
    );
    expect(() => withAlgorithm(etcdLease, 'bully')).toThrow(ScenarioError);
    expect(withAlgorithm(etcdLease, 'lease')).toBe(etcdLease);
    expect(withAlgorithm(etcdLease, undefined)).toBe(etcdLease);
  });
});
