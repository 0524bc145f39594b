import type { ScenarioGroup } from '../src/sim/scenario/ids.ts';
import type { Scenario } from '../src/sim/scenario/schema.ts';
import bully from './bully.ts';
import bullyAtScale from './bully-at-scale.ts';
import checkBeforeAct from './check-before-act.ts';
import etcdLeaderChange from './etcd-leader-change.ts';
import etcdLease from './etcd-lease.ts';
import evenQuorum from './even-quorum.ts';
import externalScheduler from './external-scheduler.ts';
import fencingToken from './fencing-token.ts';
import gossipLeader from './gossip-leader.ts';
import heartbeatNoConfirm from './heartbeat-no-confirm.ts';
import kubernetesLease from './kubernetes-lease.ts';
import leaderFlag from './leader-flag.ts';
import leaseNoFencing from './lease-no-fencing.ts';
import patroni from './patroni.ts';
import patroniWatchdog from './patroni-watchdog.ts';
import raft from './raft.ts';
import raftFigure8 from './raft-figure-8.ts';
import raftMinorityLeader from './raft-minority-leader.ts';
import sandbox from './sandbox.ts';
import shardedLeadership from './sharded-leadership.ts';
import shortTimeout from './short-timeout.ts';
import skipLocked from './skip-locked.ts';
import splitBrain from './split-brain.ts';
import twentyInstances from './twenty-instances.ts';
import updateWithoutToken from './update-without-token.ts';
import zookeeper from './zookeeper.ts';

/**
 * Every scenario, in catalogue order: the five stories, from classic to production-grade; the
 * pitfalls (each with its `fix`); the real systems and the alternatives; then the sandbox (free play,
 * no script). The catalogue shows them by `group` in this order. Each file is checked against the
 * schema by its `satisfies ScenarioInput` at compile time and by parseScenario in
 * scenarios/index.test.ts, so the schema (zod) stays out of the app's first download.
 * A new story is one import and one entry at the end of its group's list.
 */
export const stories: Scenario[] = [bully, etcdLease, splitBrain, fencingToken, patroni];
export const pitfalls: Scenario[] = [
  leaseNoFencing,
  checkBeforeAct,
  twentyInstances,
  leaderFlag,
  updateWithoutToken,
  heartbeatNoConfirm,
  gossipLeader,
  evenQuorum,
  shortTimeout,
  bullyAtScale,
  raftFigure8,
  patroniWatchdog,
];
export const systems: Scenario[] = [
  kubernetesLease,
  zookeeper,
  shardedLeadership,
  skipLocked,
  externalScheduler,
  raft,
  raftMinorityLeader,
  etcdLeaderChange,
];
export const scenarios: Scenario[] = [...stories, ...pitfalls, ...systems, sandbox];

export const scenarioIds = scenarios.map((s) => s.id);

/** The keys 1-6 pick these: the five stories, then the sandbox (src/app/shell/keys.ts). */
export const keyedScenarios: Scenario[] = [...stories, sandbox];

export function scenarioById(id: string): Scenario | undefined {
  return scenarios.find((s) => s.id === id);
}

/** A scenario's catalogue group: its own, else `sandbox` for free play and `stories` for the rest. */
export function groupOf(s: Scenario): ScenarioGroup {
  return s.group ?? (s.freePlay ? 'sandbox' : 'stories');
}
