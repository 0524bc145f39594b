/**
 * One live session: a three-member etcd cluster, a live run of the lease machines against it, and
 * the faults scheduled on it (times relative to the start). Both `npm run live` modes and the
 * integration test start it the same way. Node-only.
 */
import { scenarios } from '../../scenarios/index.ts';
import { withAlgorithm } from '../sim/scenario/sandbox.ts';
import { etcdVersion, findEtcd } from '../testing/etcd/etcdServer.ts';
import type { LiveArgs } from './args.ts';
import { type RealClock, systemClock } from './clock.ts';
import { EtcdCluster } from './cluster.ts';
import { LiveRun } from './run.ts';

export interface LiveSession {
  cluster: EtcdCluster;
  run: LiveRun;
  /** Stops the run (its recording is returned), then the cluster; safe to call twice. */
  stop(): ReturnType<LiveRun['stop']>;
}

export async function startSession(
  a: Pick<LiveArgs, 'params' | 'nodes' | 'nodeFaults' | 'storeFaults'>,
  opts: { clock?: RealClock } = {},
): Promise<LiveSession> {
  let bin: string;
  try {
    bin = findEtcd();
  } catch {
    throw new Error(
      `etcd not found (${process.env.ETCD_BIN ?? 'etcd on PATH'}). Install etcd 3.4: apt-get install etcd-server (Debian), or set ETCD_BIN=/path/to/etcd`,
    );
  }
  const version = etcdVersion(bin);
  const cluster = await EtcdCluster.start({ bin });
  const clock = opts.clock ?? systemClock;
  const sandbox = scenarios.find((s) => s.id === 'sandbox');
  const run = new LiveRun({
    members: cluster,
    etcdVersion: version,
    params: a.params,
    nodes: a.nodes,
    clock,
    ...(sandbox ? { scenario: withAlgorithm(sandbox, 'lease') } : {}),
  });
  const timers: unknown[] = [];
  let stopping: ReturnType<LiveRun['stop']> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      for (const h of timers) clock.clearTimeout(h);
      try {
        return await run.stop();
      } finally {
        await cluster.stop();
      }
    })();
    return stopping;
  };
  try {
    await run.start();
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  // Fault times are relative to the run's start (its time 0), as in a simulation.
  const at = (atMs: number) => Math.max(0, atMs - run.now());
  for (const { atMs, fault } of a.nodeFaults)
    timers.push(clock.setTimeout(() => run.nodeFault(fault), at(atMs)));
  for (const { atMs, fault } of a.storeFaults)
    timers.push(
      clock.setTimeout(() => {
        // "leader": the member that leads as last polled; with none known the fault does nothing.
        const member = fault.member === 'leader' ? run.storeLeader() : fault.member;
        if (member === null) return;
        void run.storeFault({ kind: fault.kind, member }).catch(() => {});
      }, at(atMs)),
    );
  return { cluster, run, stop };
}
