/** What a Patroni agent knows (its context), what it is started with, and the messages it handles. */
import type { ProcessEnv } from '../../net/host.ts';
import type { KeyValue, ResponseOp } from '../../store/etcd.ts';

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
  maximumLagOnFailover: number;
  walBytesPerWrite: number;
}

export type PgRole = 'stopped' | 'replica' | 'promoting' | 'primary';

export interface MemberStatus {
  role: 'primary' | 'replica';
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
  /** /optime/leader at the last read. */
  leaderLsn: number | null;
  initialized: boolean;
  /** The other members' names (from /members/*), sorted. */
  members: string[];
  /** The member this one streams WAL from. */
  upstream: string | null;
  /** Replicas that sent START_REPLICATION (the primary's walsenders). */
  walsenders: string[];
  /** REST answers in the current healthiest check. */
  statuses: Record<string, MemberStatus>;
  asked: string[];
  sysid: string;
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
  | { type: 'WRITE'; from: string; sid?: number; wid?: number; value?: string; client?: string }
  | { type: 'START_REPLICATION'; from: string; lsn: number; timeline: number }
  | { type: 'WAL'; from: string; lsn: number; timeline: number }
  | { type: 'HEALTH_CHECK'; from: string; path?: string; seq?: number }
  | { type: 'GET_STATUS'; from: string; reqId: number }
  | {
      type: 'STATUS';
      from: string;
      reqId: number;
      role: 'primary' | 'replica';
      lsn: number;
      timeline: number;
    }
  | { type: 'pg.initdb' }
  | { type: 'pg.basebackup' }
  | { type: 'pg.promote' }
  | { type: 'pg.demote'; reason: string };
