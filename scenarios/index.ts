import type { Scenario } from '../src/sim/scenario/schema.ts';
import bully from './bully.ts';
import bullyAtScale from './bully-at-scale.ts';
import etcdLease from './etcd-lease.ts';
import evenQuorum from './even-quorum.ts';
import fencingToken from './fencing-token.ts';
import gossipLeader from './gossip-leader.ts';
import heartbeatNoConfirm from './heartbeat-no-confirm.ts';
import kubernetesLease from './kubernetes-lease.ts';
import leaderFlag from './leader-flag.ts';
import patroni from './patroni.ts';
import sandbox from './sandbox.ts';
import shortTimeout from './short-timeout.ts';
import splitBrain from './split-brain.ts';
import twentyInstances from './twenty-instances.ts';
import updateWithoutToken from './update-without-token.ts';
import zookeeper from './zookeeper.ts';

/**
 * Every scenario, in catalogue order: the five stories, from classic to production-grade; the
 * pitfalls (each with its `fix`); the real systems and the alternatives; then the sandbox (free play,
 * no script). Each file is checked against the schema by its `satisfies ScenarioInput` at compile
 * time and by parseScenario in scenarios/index.test.ts, so the schema (zod) stays out of the app's
 * first download. A new story is one import and one entry at the end of its group's list.
 */
export const stories: Scenario[] = [bully, etcdLease, splitBrain, fencingToken, patroni];
export const pitfalls: Scenario[] = [
  twentyInstances,
  leaderFlag,
  updateWithoutToken,
  heartbeatNoConfirm,
  gossipLeader,
  evenQuorum,
  shortTimeout,
  bullyAtScale,
];
export const systems: Scenario[] = [kubernetesLease, zookeeper];
export const scenarios: Scenario[] = [...stories, ...pitfalls, ...systems, sandbox];

export const scenarioIds = scenarios.map((s) => s.id);

export function scenarioById(id: string): Scenario | undefined {
  return scenarios.find((s) => s.id === id);
}
