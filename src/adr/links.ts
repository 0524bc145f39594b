import type { Scenario } from '../sim/scenario/schema.ts';

/** Where an ADR item is shown happening: a scenario and the id of one of its narration steps. */
export interface AdrLink {
  scenario: string;
  stepId: string;
}

/**
 * ADR id -> the step that demonstrates it. Step ids, not indices, so that reordering a scenario's
 * steps cannot silently point a link at the wrong moment; links.test.ts fails on an unknown id.
 * A cell id ('matrix.bully.messages') links more precisely than its row ('matrix.bully').
 */
export const adrLinks: Record<string, AdrLink> = {
  context: { scenario: 'bully', stepId: 'coordinator-down' },
  'matrix.bully': { scenario: 'bully', stepId: 'election-up' },
  'matrix.bully.failover': { scenario: 'bully', stepId: 'silence-above' },
  'matrix.bully.messages': { scenario: 'bully', stepId: 'message-count' },
  'matrix.heartbeat': { scenario: 'split-brain', stepId: 'minority-leader' },
  'matrix.heartbeat.safety': { scenario: 'split-brain', stepId: 'both-write' },
  'matrix.raft': { scenario: 'split-brain', stepId: 'both-sides-led' },
  'matrix.lease': { scenario: 'etcd-lease', stepId: 'campaign-won' },
  'matrix.lease.safety': { scenario: 'fencing-token', stepId: 'node-1-wakes' },
  'matrix.lease.failover': { scenario: 'etcd-lease', stepId: 'node-2-leads' },
  'matrix.lease.messages': { scenario: 'etcd-lease', stepId: 'renewal' },
  'matrix.lease-fencing': { scenario: 'fencing-token', stepId: 'stale-token' },
  'matrix.lease-fencing.dependencies': { scenario: 'fencing-token', stepId: 'node-3-writes' },
  decision: { scenario: 'fencing-token', stepId: 'stale-token' },
  'consequence.failover-ttl': { scenario: 'etcd-lease', stepId: 'leaderless' },
  'consequence.etcd-ha': { scenario: 'etcd-lease', stepId: 'campaign-won' },
  'consequence.heartbeat-traffic': { scenario: 'etcd-lease', stepId: 'renewal' },
  'consequence.fencing-resource': { scenario: 'fencing-token', stepId: 'stale-token' },
  // kubernetes-lease
  'matrix.kubernetes-lease': { scenario: 'kubernetes-lease', stepId: 'takes-over' },
  'matrix.kubernetes-lease.safety': { scenario: 'kubernetes-lease', stepId: 'fenced-write' },
  'matrix.kubernetes-lease.failover': { scenario: 'kubernetes-lease', stepId: 'expired' },
  'matrix.kubernetes-lease.messages': { scenario: 'kubernetes-lease', stepId: 'renewal' },
  'matrix.kubernetes-lease.dependencies': { scenario: 'kubernetes-lease', stepId: 'lease-created' },
  'matrix.kubernetes-lease.ops': { scenario: 'kubernetes-lease', stepId: 'conflict' },
  // zookeeper
  'matrix.zookeeper': { scenario: 'zookeeper', stepId: 'next-leads' },
  'matrix.zookeeper.safety': { scenario: 'zookeeper', stepId: 'fenced-write' },
  'matrix.zookeeper.failover': { scenario: 'zookeeper', stepId: 'session-expires' },
  'matrix.zookeeper.messages': { scenario: 'zookeeper', stepId: 'watch-fires' },
  'matrix.zookeeper.dependencies': { scenario: 'zookeeper', stepId: 'znodes-created' },
  'matrix.zookeeper.ops': { scenario: 'zookeeper', stepId: 'watch-predecessor' },
  // sharded-leadership
  'matrix.sharded-leadership': { scenario: 'sharded-leadership', stepId: 'others-keep-writing' },
  'matrix.sharded-leadership.safety': { scenario: 'sharded-leadership', stepId: 'shard-writes' },
  'matrix.sharded-leadership.failover': { scenario: 'sharded-leadership', stepId: 'only-its-shards' },
  'matrix.sharded-leadership.messages': { scenario: 'sharded-leadership', stepId: 'preferred-shards' },
  'matrix.sharded-leadership.dependencies': { scenario: 'sharded-leadership', stepId: 'preferred-shards' },
  'matrix.sharded-leadership.ops': { scenario: 'sharded-leadership', stepId: 'second-shard-moves' },
  // external-scheduler
  'matrix.external-scheduler': { scenario: 'external-scheduler', stepId: 'one-run' },
  'matrix.external-scheduler.safety': { scenario: 'external-scheduler', stepId: 'late-run' },
  'matrix.external-scheduler.failover': { scenario: 'external-scheduler', stepId: 'controller-back' },
  'matrix.external-scheduler.messages': { scenario: 'external-scheduler', stepId: 'first-sync' },
  'matrix.external-scheduler.dependencies': { scenario: 'external-scheduler', stepId: 'twenty-up' },
  'matrix.external-scheduler.ops': { scenario: 'external-scheduler', stepId: 'controller-down' },
  // When not to use leader election: each case with a story links to it (stateless replicas and
  // CRDTs have none, and their text says so).
  'when-not.optimistic-concurrency': { scenario: 'kubernetes-lease', stepId: 'conflict' },
  'when-not.external-scheduler': { scenario: 'external-scheduler', stepId: 'one-run' },
  'when-not.sharded-leadership': { scenario: 'sharded-leadership', stepId: 'only-its-shards' },
  'when-not.skip-locked': { scenario: 'skip-locked', stepId: 'every-job-once' },
  // skip-locked
  'matrix.skip-locked': { scenario: 'skip-locked', stepId: 'rows-claimed' },
  'matrix.skip-locked.safety': { scenario: 'skip-locked', stepId: 'duplicate-email' },
  'matrix.skip-locked.failover': { scenario: 'skip-locked', stepId: 'session-terminated' },
  'matrix.skip-locked.messages': { scenario: 'skip-locked', stepId: 'first-commit' },
  'matrix.skip-locked.dependencies': { scenario: 'skip-locked', stepId: 'rows-claimed' },
  'matrix.skip-locked.ops': { scenario: 'skip-locked', stepId: 'every-job-once' },
};

export interface ResolvedAdrLink {
  scenarioId: string;
  scenarioTitle: string;
  /** 0-based index into the scenario's steps (what onOpenScenario takes). */
  stepIndex: number;
  stepId: string;
}

/** Resolves an ADR id's link against the scenarios, or null when it has none or it points nowhere. */
export function resolveAdrLink(
  id: string,
  scenarios: readonly Scenario[],
  links: Record<string, AdrLink> = adrLinks,
): ResolvedAdrLink | null {
  const link = links[id];
  if (!link) return null;
  const scenario = scenarios.find((s) => s.id === link.scenario);
  if (!scenario) return null;
  const stepIndex = scenario.steps.findIndex((s) => s.id === link.stepId);
  if (stepIndex < 0) return null;
  return { scenarioId: scenario.id, scenarioTitle: scenario.title, stepIndex, stepId: link.stepId };
}
