/**
 * What a Raft server holds (figure 2 of Ongaro & Ousterhout 2014: persistent state, volatile state,
 * volatile state on leaders) and the events it answers. The machine (machine.ts), the membership
 * rules (membership.ts) and replication (replication.ts) share these shapes.
 */
import type { Rng } from '../../../lib/rng.ts';
import type { ProcessEnv } from '../../net/host.ts';
import type { Entry, RaftRules } from './log.ts';

/** A configuration change, one server at a time (membership.ts): `+node-6` adds, `-node-3` removes. */
export interface ConfigChange {
  readonly op: '+' | '-';
  readonly server: string;
}

export type RaftEvent =
  | { type: 'REQUEST_VOTE'; from: string; term: number; lastLogIndex: number; lastLogTerm: number }
  | { type: 'VOTE'; from: string; term: number; granted: boolean }
  | {
      type: 'APPEND_ENTRIES';
      from: string;
      term: number;
      prevLogIndex: number;
      prevLogTerm: number;
      entries: Entry[];
      leaderCommit: number;
    }
  | { type: 'APPEND_REPLY'; from: string; term: number; success: boolean; matchIndex: number }
  | { type: 'CLIENT_REQUEST'; from: string; value: string }
  | { type: 'REQUEST_PRE_VOTE'; from: string; term: number; lastLogIndex: number; lastLogTerm: number }
  | { type: 'PRE_VOTE'; from: string; term: number; granted: boolean }
  /** The operator asks for a membership change (thesis §4.1 AddServer/RemoveServer); only a leader acts. */
  | { type: 'CONFIG_CHANGE'; from: 'operator'; change: ConfigChange };

export type Ev<T extends RaftEvent['type']> = Extract<RaftEvent, { type: T }>;
export const termOf = (e: RaftEvent): number => ('term' in e ? e.term : Number.NEGATIVE_INFINITY);

export interface RaftTimes {
  heartbeatIntervalMs: number;
  electionTimeoutMinMs: number;
  electionTimeoutMaxMs: number;
}

/** Persistent state on all servers (figure 2): survives a crash. */
export interface RaftDisk {
  term: number;
  votedFor: string | null;
  log: Entry[];
}

export interface RaftInput {
  env: ProcessEnv;
  /** Every other server this one can address (members or not). */
  peers: readonly string[];
  /** The initial configuration (thesis §4.1); absent: this server and all its peers. */
  members?: readonly string[];
  times: RaftTimes;
  rules: RaftRules;
  rng: Rng;
  disk: RaftDisk;
  /** Thesis §9.6 (off unless set). */
  preVote?: boolean;
  /** Thesis §6.2 (off unless set). */
  checkQuorum?: boolean;
}

/** Volatile state (figure 2): lost on a crash. */
export interface RaftVolatile {
  commitIndex: number;
  lastApplied: number;
  /** Leaders: per follower, the next index to send and the highest index known replicated. */
  nextIndex: Map<string, number>;
  matchIndex: Map<string, number>;
  /** Who asked for each entry the leader appended (index -> client and the entry's term), to answer it once applied. */
  clients: Map<number, { client: string; term: number }>;
  /** When this server last accepted AppendEntries from a leader (PreVote's "heard from a leader"). */
  leaderContactAt: number | null;
  /** CheckQuorum: the followers that answered this leader since `quorumSince`. */
  heard: Set<string>;
  quorumSince: number;
}

export interface RaftContext extends RaftInput {
  /** Copies of disk and volatile values the role reports and the inspector read (synced after each step). */
  term: number;
  token: number;
  leader: string | null;
  /** The term in which `leader` was learned: a follower redirects to it only within that term. */
  leaderTerm: number;
  commitIndex: number;
  votes: number;
  preVotes: number;
  timeoutMs: number;
  /**
   * The configuration this server uses, comma-separated, for the inspector: set only once it differs
   * from every server being a member (a spare, a change), so runs without changes record nothing new.
   */
  configuration?: string;
  v: RaftVolatile;
}
