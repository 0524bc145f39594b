import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { Rng } from '../../lib/rng.ts';
import { scheduled } from '../algorithms/machineProcess.ts';
import { type Entry, SAFE_RULES } from '../algorithms/raft/log.ts';
import { type RaftDisk, type RaftTimes, raftMachine } from '../algorithms/raft/machine.ts';
import { canonical, opaque, Written } from '../kernel/canonical.ts';
import { clockFrom } from '../kernel/clock.ts';
import type { ProcessEnv } from '../net/host.ts';

/**
 * The coordination store as a Raft group of 3 or 5 members inside the one store host: each member
 * runs the `raft` algorithm's own machine (algorithms/raft/machine.ts: its election, its log and its
 * commit rule; nothing of Raft is written again here). The members talk to each other over a link of
 * their own (`linkMs` one way); the lab's network carries only what clients send to the store.
 *
 * etcd's flags, version 3.4 (etcd docs, "Tuning": --heartbeat-interval 100 ms, --election-timeout
 * 1000 ms; etcd raft draws each election timeout in [election, 2 x election), raft/raft.go
 * resetRandomizedElectionTimeout). etcd 3.4 runs with --pre-vote=false by default (etcd 3.4
 * CHANGELOG; 3.5 turned it on), so PreVote is off; it sets CheckQuorum on (etcdserver/raft.go,
 * `CheckQuorum: true`), so a leader that loses its majority steps down.
 */
export const ETCD_TIMES: RaftTimes = {
  heartbeatIntervalMs: 100,
  electionTimeoutMinMs: 1000,
  electionTimeoutMaxMs: 1999,
};

/** One way between two members: a LAN round trip of a couple of ms. */
export const MEMBER_LINK_MS = 1;

export type MemberRole = 'leader' | 'candidate' | 'follower' | 'down' | 'stopped';

export interface MemberState {
  readonly role: MemberRole;
  readonly term: number;
}

interface Member {
  readonly id: string;
  readonly disk: RaftDisk;
  life: 'up' | 'stopped' | 'dead';
  /** Timers and deliveries of the current incarnation, cancelled when it dies. */
  cancels: Set<() => void>;
  actor: ReturnType<typeof createActor<typeof raftMachine>> | null;
  role: 'leader' | 'candidate' | 'follower';
  term: number;
  /** What reached a stopped member (SIGSTOP), delivered in order when it resumes. */
  held: Array<Record<string, unknown> & { type: string; from: string }>;
}

export const memberId = (i: number) => `member-${i}`;

/**
 * The cluster is up before its clients: member-1's first election timeout is 1 ms, so it leads from
 * the start (term 1) and a story opens on a store that answers. Every later draw is etcd's.
 */
function firstAtOnce(rng: Rng): Rng {
  let first = true;
  return {
    ...rng,
    next: () => rng.next(),
    chance: (p) => rng.chance(p),
    int(min, max) {
      if (!first) return rng.int(min, max);
      first = false;
      return 1;
    },
  };
}
/** The client side of a proposal: the leader answers CLIENT_REPLY to it once the entry is applied. */
const PROPOSER = 'proposer';

export interface StoreGroup {
  readonly size: number;
  /** The member that leads now (up, not stopped), or null. */
  leader(): string | null;
  /** Each member's role and term, in member order. */
  states(): MemberState[];
  /**
   * A write (grant, txn, put, revoke) proposed through the leader: `apply` runs once the entry is
   * committed on a majority and applied by the leader. Nothing happens without a leader. `what`
   * says what `apply` will do (the request it answers), for the fingerprint.
   */
  propose(apply: () => void, what?: unknown): boolean;
  member(i: number, act: 'kill' | 'restart' | 'stop' | 'resume'): void;
  /** The store host went down: every member with it. */
  stop(): void;
  /**
   * The group as a fingerprint reads it (issue #41): each member's life, its chart (term, vote, log,
   * commit index, role: its context and state), the events its scheduler holds (the queue's
   * `member-N:timer` entries say when) and what waits for a stopped member. A log entry is its term
   * and the request it will answer, marked while still unanswered: not the counter that names it.
   */
  state(): unknown;
}

/**
 * Starts the group on the store host's env. `onChange` hears every change of a member's role or term;
 * `onNewLeader` a member that has just won an election (the lessor's Promote runs there).
 */
export function startStoreGroup(
  env: ProcessEnv,
  size: number,
  hooks: { onChange(): void; onNewLeader(id: string): void },
  times: RaftTimes = ETCD_TIMES,
): StoreGroup {
  const members: Member[] = [];
  for (let i = 1; i <= size; i++)
    members.push({
      id: memberId(i),
      // etcd raft bootstraps a new cluster's members as followers in term 1 (raft/bootstrap.go,
      // `becomeFollower(1, None)`, the initial members' entries appended in that term), so its first
      // leader leads in term 2, as the live cluster's does (src/live/memberStatus.ts records it).
      disk: { term: 1, votedFor: null, log: [] },
      life: 'up',
      cancels: new Set(),
      actor: null,
      role: 'follower',
      term: 1,
      held: [],
    });
  const byId = new Map(members.map((m) => [m.id, m]));
  const pending = new Map<string, () => void>();
  /**
   * Each proposal's log value (`p7`, a counter's name) -> the request it answers. A fingerprint reads
   * entries through it, so two worlds that numbered their proposals differently are one.
   */
  const whatOf = new Map<string, unknown>();
  const written = new WeakMap<object, Written>();
  let seq = 0;
  const entryOf = (e: Entry) => ({
    term: e.term,
    value: whatOf.get(e.value) ?? e.value,
    ...(pending.has(e.value) ? { waiting: true } : {}),
  });
  /** A message between members as a fingerprint reads it: its entries by what they ask. */
  const named = (body: Record<string, unknown>) =>
    Array.isArray(body.entries) && body.entries.length > 0
      ? {
          ...body,
          entries: (body.entries as Entry[]).map((e) => ({
            term: e.term,
            value: whatOf.get(e.value) ?? e.value,
          })),
        }
      : body;

  const deliver = (m: Member, ev: Record<string, unknown> & { type: string; from: string }) => {
    if (m.life === 'stopped') m.held.push(ev);
    else if (m.life === 'up') m.actor?.send(ev as never);
  };

  const start = (m: Member) => {
    m.cancels = new Set();
    const cancels = m.cancels;
    const after = (ms: number, fn: () => void) => {
      let cancel: (() => void) | null = null;
      const once = () => {
        cancels.delete(stop);
        // A stopped member's timers wait for it (SIGSTOP freezes the process).
        if (m.life === 'stopped') m.held.push({ type: '__timer', from: '', fn });
        else fn();
      };
      cancel = env.after(ms, once, `${m.id}:timer`);
      const stop = () => {
        cancel?.();
        cancels.delete(stop);
      };
      cancels.add(stop);
      return stop;
    };
    const memberEnv: ProcessEnv = opaque<ProcessEnv>(
      {
        id: m.id,
        now: () => env.now(),
        wallNow: () => env.wallNow(),
        send(to, type, body = {}) {
          if (to === PROPOSER) {
            if (type !== 'CLIENT_REPLY') return;
            const key = String(body.value);
            const apply = pending.get(key);
            pending.delete(key);
            apply?.();
            return;
          }
          const peer = byId.get(to);
          if (!peer) return;
          env.after(MEMBER_LINK_MS, () => deliver(peer, { ...body, type, from: m.id }), 'member-link', {
            to,
            type,
            body: named(body),
            from: m.id,
          });
        },
        clock: clockFrom(after),
        after,
        rng: (purpose) => env.rng(`${m.id}:${purpose}`),
        reportRole: () => {},
        // The members' own marks (elections, log, commits) stay out of the lab's trace: the store host
        // records the group's roles instead (process.ts, `store-group`).
        mark: () => {},
        record: () => {},
        recordsStates: false,
      },
      m.id,
    );
    const actor = createActor(raftMachine, {
      clock: memberEnv.clock,
      input: {
        env: memberEnv,
        peers: members.filter((x) => x !== m).map((x) => x.id),
        times,
        rules: SAFE_RULES,
        rng:
          m === members[0]
            ? firstAtOnce(memberEnv.rng('election-timeout'))
            : memberEnv.rng('election-timeout'),
        disk: m.disk,
        preVote: false,
        checkQuorum: true,
      },
    });
    m.actor = actor;
    actor.subscribe((s) => {
      const snap = s as AnyMachineSnapshot;
      const role = snap.hasTag('leader') ? 'leader' : snap.hasTag('candidate') ? 'candidate' : 'follower';
      const term = Number((snap.context as { term?: number }).term ?? 0);
      if (role === m.role && term === m.term) return;
      const was = m.role;
      m.role = role;
      m.term = term;
      if (role === 'leader' && was !== 'leader') hooks.onNewLeader(m.id);
      hooks.onChange();
    });
    actor.start();
  };

  const kill = (m: Member) => {
    for (const c of [...m.cancels]) c();
    m.actor?.stop();
    m.actor = null;
    m.held = [];
    m.role = 'follower';
  };

  for (const m of members) start(m);

  const leaderMember = () => members.find((m) => m.life === 'up' && m.role === 'leader') ?? null;

  return {
    size,
    leader: () => leaderMember()?.id ?? null,
    states: () =>
      members.map((m) => ({
        role: m.life === 'dead' ? 'down' : m.life === 'stopped' ? 'stopped' : m.role,
        term: m.disk.term,
      })),
    propose(apply, what) {
      const l = leaderMember();
      if (!l) return false;
      const key = `p${++seq}`;
      pending.set(key, apply);
      whatOf.set(key, what ?? key);
      l.actor?.send({ type: 'CLIENT_REQUEST', from: PROPOSER, value: key } as never);
      return true;
    },
    member(i, act) {
      const m = members[i - 1];
      if (!m) return;
      if (act === 'kill' && m.life !== 'dead') {
        m.life = 'dead';
        kill(m);
      } else if (act === 'restart' && m.life === 'dead') {
        m.life = 'up';
        start(m);
      } else if (act === 'stop' && m.life === 'up') {
        m.life = 'stopped';
      } else if (act === 'resume' && m.life === 'stopped') {
        m.life = 'up';
        const held = m.held;
        m.held = [];
        for (const ev of held) {
          if (m.life !== 'up') break;
          if (ev.type === '__timer') (ev.fn as () => void)();
          else m.actor?.send(ev as never);
        }
      }
      hooks.onChange();
    },
    stop() {
      for (const m of members) kill(m);
    },
    state: () => ({
      members: members.map((m) => {
        const snap = m.actor?.getSnapshot() as AnyMachineSnapshot | undefined;
        // A snapshot is immutable: its text is written once (the explorer asks at every boundary).
        // Its disk apart: entries are read by what they ask, and whether that is still unanswered.
        let chart = snap && written.get(snap);
        if (snap && !chart) {
          const context = { ...snap.context, disk: undefined };
          chart = new Written(canonical({ status: snap.status, value: snap.value, context }));
          written.set(snap, chart);
        }
        return {
          life: m.life,
          role: m.role,
          term: m.term,
          disk: { term: m.disk.term, votedFor: m.disk.votedFor, log: m.disk.log.map(entryOf) },
          chart: chart ?? null,
          timers: m.actor ? scheduled(m.actor) : [],
          held: m.held.map(named),
        };
      }),
      // Unanswered proposals in no log (their leader died first) can never be answered: not read.
    }),
  };
}
