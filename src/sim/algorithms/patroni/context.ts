/** What a Patroni agent knows (its context), what it is started with, and the messages it handles. */
import type { Fault } from '../../faults/table.ts';
import type { ProcessEnv } from '../../net/host.ts';
import type { KeyValue, ResponseOp, WatchEvent } from '../../store/api.ts';

/** What survives a crash: the data directory. */
export interface PgDisk {
  booted: boolean;
  hasData: boolean;
  lsn: number;
  timeline: number;
}

export interface PatroniInput {
  env: ProcessEnv;
  disk: PgDisk;
  startDelayMs: number;
  loopWaitMs: number;
  ttlS: number;
  retryTimeoutMs: number;
  promoteMs: number;
  /** Patroni's watchdog armed while leading (watchdog `mode: automatic`); false: mode off. */
  watchdog: boolean;
  maximumLagOnFailover: number;
  walBytesPerWrite: number;
}

/** `reset`: the watchdog rebooted the host; nothing listens on its port. */
export type PgRole = 'stopped' | 'replica' | 'promoting' | 'primary' | 'reset';

/** Patroni 3.0 names a primary `master` in its member key and its REST API. */
export type PatroniRole = 'master' | 'replica';

export interface MemberStatus {
  role: PatroniRole;
  lsn: number;
}

export interface PatroniContext extends PatroniInput {
  pgRole: PgRole;
  lsn: number;
  timeline: number;
  /** = timeline; read by machineProcess while this node is a leader. */
  token: number;
  lease: number | null;
  lockHeld: boolean;
  /** HA loop count; also the reqId of this cycle's store requests. */
  cycle: number;
  cycleStartMs: number;
  /** Leader key value at the last read (null: no key). */
  leader: string | null;
  /** The lease the leader key hangs on, at the last read. */
  leaderLease: number | null;
  /** The optime in /status at the last read. */
  leaderLsn: number | null;
  initialized: boolean;
  /** The other members' names (from /members/*), sorted. */
  members: string[];
  /**
   * The other members of the last cluster that had a leader (Patroni's `old_cluster`): the
   * healthiest-node check asks them too, so the dead primary's REST API is asked after its member
   * key is gone (ha.py is_healthiest_node: `all_known_members = self.old_cluster.members` + current).
   */
  oldMembers: string[];
  /** The /history lines at the last read: [timeline, lsn, reason, timestamp, new leader]. */
  history: Array<[number, number, string, string, string]>;
  /** The id of this agent's watch on the cluster prefix (null until etcd created it). */
  watchId: number | null;
  /** Highest revision seen on the watch (a message that overtook a later one is dropped). */
  watchRev: number;
  /** A watch event or a finished promotion came during a cycle: the next one starts at once. */
  wakePending: boolean;
  /** This cycle was started by the watch or a finished promotion, not by the loop_wait timer. */
  woken: boolean;
  /** Local time of the last lease refresh (keepalive or grant). */
  lastRefreshMs: number;
  /**
   * Patroni's own leader deadline (ha.py set_is_leader: `time.time() + self.dcs.ttl` after each
   * successful acquire or update of the leader key, 0 when it fails); `/primary` answers 200 while
   * it has not passed (api.py do_GET: `elif patroni.ha.is_leader(): primary_status_code = 200`).
   */
  leaderUntilMs: number;
  /** Members whose REST API refused the connection in the current healthiest check. */
  refused: string[];
  /** The member this one streams WAL from. */
  upstream: string | null;
  /** Replicas that sent START_REPLICATION (the primary's walsenders). */
  walsenders: string[];
  /** REST answers in the current healthiest check. */
  statuses: Record<string, MemberStatus>;
  asked: string[];
  sysid: string;
  /** The agent is stopped (SIGSTOP): no HA loop, no REST API; Postgres runs on. */
  agentStopped: boolean;
}

export type PatroniEvent =
  | { type: 'LEASE_GRANTED'; from: string; reqId: number; lease: number; ttl: number }
  | { type: 'KEEPALIVE_ACK'; from: string; reqId: number; lease: number; ttl: number }
  | { type: 'RANGE_RESULT'; from: string; reqId: number; kvs: KeyValue[]; count: number; revision: number }
  | {
      type: 'TXN_RESULT';
      from: string;
      reqId: number;
      succeeded: boolean;
      revision: number;
      responses: ResponseOp[];
    }
  | { type: 'PUT_RESULT'; from: string; reqId: number; revision: number }
  /** The txn was refused (its put named a lease etcd no longer has: "requested lease not found"). */
  | { type: 'TXN_ERROR'; from: string; reqId: number; error: string }
  | { type: 'WRITE'; from: string; sid?: number; wid?: number; value?: string; client?: string }
  | { type: 'START_REPLICATION'; from: string; lsn: number; timeline: number }
  | { type: 'WAL'; from: string; lsn: number; timeline: number }
  | { type: 'HEALTH_CHECK'; from: string; path?: string; seq?: number }
  | { type: 'WATCH_CREATED'; from: string; reqId: number; watchId: number; revision: number }
  | { type: 'WATCH_EVENT'; from: string; watchId: number; revision: number; events: WatchEvent[] }
  /** The kernel of a host whose processes were killed refused a connection (net/network.ts). */
  | { type: 'REFUSED'; from: string; of: string; reqId?: number }
  | { type: 'ha.wake' }
  | { type: 'GET_STATUS'; from: string; reqId: number }
  | {
      type: 'STATUS';
      from: string;
      reqId: number;
      role: PatroniRole;
      lsn: number;
      timeline: number;
    }
  | { type: 'pg.initdb' }
  | { type: 'pg.basebackup' }
  | { type: 'pg.promote' }
  | { type: 'pg.demote'; reason: string }
  | { type: 'pg.reset' }
  /** A fault on the host that is not a change of its life (the agent's SIGSTOP, faults/table.ts). */
  | { type: 'FAULT'; fault: Fault };
