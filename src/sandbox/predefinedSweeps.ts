/**
 * The predefined sweeps: the lab's own scenarios with one knob swept, and the reference each is
 * drawn against (a closed form, a band). They live above src/sim because they run scenarios (the
 * simulator never imports scenarios/); the sweep machinery is src/sim/metrics/sweep.ts.
 */
import { scenarioById } from '../../scenarios/index.ts';
import { algorithmFor } from '../sim/algorithms/registry.ts';
import {
  bullyElectionMessages,
  failoverMs,
  messagesPerFailover,
  type SweepResult,
  type SweepValues,
  spuriousElections,
  sweep,
} from '../sim/metrics/sweep.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';

function scenario(id: string): Scenario {
  const s = scenarioById(id);
  if (!s) throw new Error(`scenario "${id}" is missing`);
  return s;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

// ---------------------------------------------------------------- predefined sweeps

/**
 * Bully messages vs n: the bully scenario (highest id down, lowest notices first) for each cluster
 * size; the reference is the closed form n(n-1) = ELECTION n(n-1)/2 + OK (n-1)(n-2)/2 + COORDINATOR
 * n-1 (src/sim/algorithms/bully/).
 */
export function bullyMessagesVsNodes(values: SweepValues = range(3, 100)): SweepResult {
  const sc = scenario('bully');
  const points = sweep({ scenario: sc, knob: 'nodes', values, metric: bullyElectionMessages });
  return {
    id: 'bully-messages-vs-nodes',
    title: 'Bully: election messages vs cluster size',
    scenario: sc.id,
    knob: 'nodes',
    xLabel: 'nodes (n)',
    yLabel: 'ELECTION + OK + COORDINATOR messages',
    points,
    references: [{ label: 'n(n-1)', points: points.map((p) => ({ x: p.x, y: p.x * (p.x - 1) })) }],
  };
}

/**
 * Lease messages vs n: the etcd-lease scenario (leader crashes, its lease expires, the next candidate
 * wins) for each cluster size; y = messages sent during the failover. Every live candidate keeps its
 * own lease alive (KEEPALIVE + ACK every renewS) and polls the campaign TXN (+ result) every retryMs,
 * so the count is linear in n: about 2 (n-1) W (1/renew + 1/retry) for a failover of W ms (the
 * reference, with W = the measured window), against Bully's n(n-1).
 */
export function leaseMessagesVsNodes(
  values: SweepValues = [2, 3, 4, 5, 7, 10, 15, 20, 30, 40, 50],
): SweepResult {
  const sc = scenario('etcd-lease');
  const points = sweep({ scenario: sc, knob: 'nodes', values, metric: messagesPerFailover });
  const p = { ...sc.params };
  const renewMs = Number(p.renewS ?? algorithmFor('lease').params.renewS?.default) * 1000;
  const retryMs = Number(p.retryMs ?? algorithmFor('lease').params.retryMs?.default);
  // The failover window is the same at every n (the lease TTL decides it), so one run measures it.
  const w = failoverMs(simulate(sc, { states: false })) ?? 0;
  return {
    id: 'lease-messages-vs-nodes',
    title: 'etcd lease: messages during one failover vs cluster size',
    scenario: sc.id,
    knob: 'nodes',
    xLabel: 'nodes (n)',
    yLabel: 'messages sent between the leader loss and the new leader',
    points,
    references: [
      {
        label: '2 (n-1) W (1/renew + 1/retry)',
        points: points.map((pt) => ({ x: pt.x, y: 2 * (pt.x - 1) * w * (1 / renewMs + 1 / retryMs) })),
      },
      { label: 'n(n-1) (Bully)', points: points.map((pt) => ({ x: pt.x, y: pt.x * (pt.x - 1) })) },
    ],
  };
}

/** etcd-lease's crash time: the failover starts here. */
const LEASE_CRASH_MS = 35_000;

/**
 * Failover window vs lease TTL (etcd-lease; renewS moves with the TTL as ttlS / 3, like etcd's
 * clientv3 keepalive, so every TTL is a valid combination; the run lasts long enough for the
 * expiry). Bounds: the lease expires between ttl - renew and ttl (+ one-way latency) after the crash,
 * and the next candidate's slot comes within retryMs: [ttl - renew, ttl + retry] plus latency.
 */
export function failoverVsTtl(values: SweepValues = { from: 5, to: 60, steps: 12 }): SweepResult {
  const sc = scenario('etcd-lease');
  const retryMs = Number(sc.params.retryMs ?? algorithmFor('lease').params.retryMs?.default);
  const renewOf = (ttl: number) => Math.round((ttl / 3) * 1000) / 1000;
  const points = sweep({
    scenario: sc,
    knob: 'ttlS',
    values,
    metric: failoverMs,
    vary: (ttl) => ({ params: { renewS: renewOf(ttl) }, durationMs: LEASE_CRASH_MS + ttl * 1000 + 15_000 }),
  });
  return {
    id: 'failover-vs-ttl',
    title: 'etcd lease: failover window vs TTL',
    scenario: sc.id,
    knob: 'ttlS',
    xLabel: 'lease TTL (s), renew = TTL/3',
    yLabel: 'failover window (ms)',
    points,
    references: [
      { label: 'ttl - renew', points: points.map((p) => ({ x: p.x, y: (p.x - renewOf(p.x)) * 1000 })) },
      { label: 'ttl + retry', points: points.map((p) => ({ x: p.x, y: p.x * 1000 + retryMs })) },
    ],
  };
}

/** Network of the spurious-elections sweep: wide latency jitter and some loss. */
export const SPURIOUS_NET = { latencyMinMs: 5, latencyMaxMs: 200, dropRate: 0.2 } as const;

/**
 * Spurious elections vs election timeout, heartbeat algorithm (the split-brain scenario's cluster
 * without its partition: a healthy leader all along) under latency jitter and message loss. The knob
 * is electionTimeoutMinMs, with electionTimeoutMaxMs = 2 x min (Raft's 150-300 ms shape). Timeouts
 * at or under heartbeatIntervalMs + latencyMaxMs are refused by the algorithm's rule (error points):
 * above it, jitter alone never fires a timeout, so what remains is runs of lost heartbeats, which get
 * rarer as the timeout covers more heartbeat intervals.
 */
export function spuriousVsElectionTimeout(
  values: SweepValues = [500, 700, 750, 800, 900, 1000, 1250, 1500, 2000, 2500, 3000],
  opts: { seeds?: number[]; durationMs?: number } = {},
): SweepResult {
  const sc = scenario('split-brain');
  const points = sweep({
    scenario: sc,
    knob: 'electionTimeoutMinMs',
    values,
    metric: spuriousElections,
    base: {
      // A vote is a round trip: voteTimeoutMs must exceed 2 x latencyMaxMs (the algorithm's rule).
      params: { ...SPURIOUS_NET, voteTimeoutMs: 450, quorum: false },
      withoutScript: true,
      durationMs: opts.durationMs ?? 60_000,
    },
    vary: (x) => ({ params: { electionTimeoutMaxMs: 2 * x } }),
    seeds: opts.seeds ?? [1, 2, 3],
  });
  return {
    id: 'spurious-vs-election-timeout',
    title: 'Heartbeat: spurious elections vs election timeout (jitter and loss)',
    scenario: sc.id,
    knob: 'electionTimeoutMinMs',
    xLabel: 'election timeout min (ms), max = 2 x min',
    yLabel: 'spurious elections per run (mean over seeds)',
    points,
    references: [],
  };
}
