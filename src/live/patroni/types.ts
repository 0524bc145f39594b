/**
 * The live Patroni cluster's shapes, shared by the config writers (config.ts), the cluster
 * (cluster.ts), the faults and the run, so that none of them imports another for a type. Node-only.
 */
import type { ChildProcess } from 'node:child_process';
import type { TcpProxy } from './tcpProxy.ts';

export interface PgNode {
  name: string;
  dir: string;
  pgPort: number;
  restPort: number;
  /** HAProxy checks this port; it forwards to restPort (cut it to fail the checks). */
  restProxy: TcpProxy;
  /** Patroni's etcd3 hosts: one per member (cut them all to cut the node from etcd). */
  etcdProxies: TcpProxy[];
  child: ChildProcess | null;
  /** Patroni's process group (it was started as a group leader). */
  pgid: number | null;
  log: string;
  /** Patroni's own "no action. I am (pg-N), the leader with the lock" lines: its HA loop, ms (performance.now). */
  leaderLoops: number[];
  stopped: boolean;
}

/** What `GET /patroni` says (Patroni docs, REST API): role, state, timeline, WAL positions. */
export interface PatroniStatus {
  role: string;
  state: string;
  timeline?: number;
  /** A primary's `location`; a replica's `received_location` and `replayed_location` (bytes). */
  xlog?: { location?: number; received_location?: number; replayed_location?: number };
}

export interface PatroniCredentials {
  superuser: { username: string; password: string };
  replication: { username: string; password: string };
}
