import type { AlgorithmRuntime } from './algorithm.ts';
import { bullyRuntime } from './bully/runtime.ts';
import { cronjobRuntime } from './cronjob/runtime.ts';
import { dbjobRuntime } from './dbjob/runtime.ts';
import { gossipRuntime } from './gossip/runtime.ts';
import { heartbeatRuntime } from './heartbeat/runtime.ts';
import { kubernetesRuntime } from './kubernetes/runtime.ts';
import { leaseRuntime } from './lease/runtime.ts';
import { patroniRuntime } from './patroni/runtime.ts';
import { raftRuntime } from './raft/runtime.ts';
import type { AlgorithmId } from './registry.ts';
import { shardedRuntime } from './sharded/runtime.ts';
import { skiplockedRuntime } from './skiplocked/runtime.ts';
import { zookeeperRuntime } from './zookeeper/runtime.ts';

/**
 * How each registered algorithm runs: its machine and its hosts (runtime.ts in its folder). Only the
 * simulator and the build's chart plugin import this; the pages read the declarations (registry.ts).
 * One entry per algorithm in registry.ts: the type says so.
 */
export const runtimes = {
  bully: bullyRuntime,
  heartbeat: heartbeatRuntime,
  lease: leaseRuntime,
  patroni: patroniRuntime,
  gossip: gossipRuntime,
  kubernetes: kubernetesRuntime,
  zookeeper: zookeeperRuntime,
  dbjob: dbjobRuntime,
  sharded: shardedRuntime,
  cronjob: cronjobRuntime,
  skiplocked: skiplockedRuntime,
  raft: raftRuntime,
} satisfies Record<AlgorithmId, AlgorithmRuntime>;

export function runtimeFor(id: string): AlgorithmRuntime {
  if (!Object.hasOwn(runtimes, id))
    throw new Error(`no runtime for algorithm "${id}" (known: ${Object.keys(runtimes).join(', ')})`);
  return (runtimes as Record<string, AlgorithmRuntime>)[id] as AlgorithmRuntime;
}
