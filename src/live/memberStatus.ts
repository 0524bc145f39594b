/**
 * Each real member's Raft state, polled while it runs, as the marks the simulated store group emits
 * (src/sim/store/process.ts): `store-group` { roles, term, leader } whenever a member's role, term or
 * leader changes, and `store-leader` { member, term } when a new leader is seen. The live marks also
 * carry each member's own term (`terms`) and `etcd_server_leader_changes_seen_total` (`changes`), both
 * comma-separated in member order, as the simulated `roles` are.
 *
 * Sources (etcd 3.4): `POST /v3/maintenance/status` over the gRPC gateway answers the member's
 * `leader` (the member id it believes leads, 0 for none) and `raftTerm` (etcd API reference,
 * Maintenance.Status / StatusResponse). That `raftTerm` is the term of the last entry the member
 * applied (etcdserver/server.go apply: `s.setTerm(e.Term)`), so it stays put while a lone member
 * campaigns term after term: the member's Raft term and state come from `GET /debug/vars`, whose
 * `raft.status` is the raft node's Status (etcdserver/raft.go `expvar.Publish("raft.status", ...)`:
 * term, lead, raftState). `GET /metrics` has `etcd_server_leader_changes_seen_total`, "the number
 * of leader changes seen", a counter that restarts at 0 with the process (etcd docs, v3.4 "Metrics":
 * "etcd does not persist its metrics"); etcdserver/raft.go counts it each time a Ready names a
 * leader other than the one it knew, so a member's first leader counts as one change. Node-only.
 */
import { STORE_HOST } from '../sim/algorithms/lease/keys.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { MemberInfo } from './cluster.ts';
import type { EtcdAuth } from './etcdAuth.ts';

/** What one member said last. */
export interface MemberReading {
  /** Its Raft term (raft.status), or the status answer's raftTerm when /debug/vars did not answer. */
  term: number;
  /** The status answer's raftTerm: the term of the last entry it applied. */
  applied: number;
  /** Its raft state (raft.status raftState), null when unknown. */
  state: 'leader' | 'candidate' | 'follower' | null;
  /** The member it believes leads, hex as MemberInfo.id, '' for none. */
  leader: string;
  /** Its etcd_server_leader_changes_seen_total, null until read (and after a restart until read again). */
  changes: number | null;
  /** Read since the member last (re)started: a killed member's last word is not its word after a restart. */
  fresh: boolean;
}

/** How often each running member is asked (both within etcd's 100 ms heartbeat interval's order). */
export const STATUS_EVERY_MS = 100;
export const METRICS_EVERY_MS = 200;
/** A member that has not answered within this is read again next time (its last reading stands). */
const READ_DEADLINE_MS = 500;

/** The counter's value in a Prometheus text exposition, or null when it is not there. */
export function leaderChangesOf(metrics: string): number | null {
  const m = /^etcd_server_leader_changes_seen_total(?:\{[^}]*\})?\s+(\S+)/m.exec(metrics);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isFinite(n) ? n : null;
}

/** The status answer's `leader` (a decimal uint64 as a string, omitted when 0) as a hex member id. */
export function leaderIdOf(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') return '';
  try {
    const id = BigInt(raw);
    return id === 0n ? '' : id.toString(16);
  } catch {
    return '';
  }
}

const RAFT_STATES: Record<string, MemberReading['state']> = {
  StateLeader: 'leader',
  StateCandidate: 'candidate',
  StatePreCandidate: 'candidate',
  StateFollower: 'follower',
};

/** `raft.status` of a /debug/vars answer: the member's Raft term and state. */
export function raftStatusOf(vars: unknown): { term: number; state: MemberReading['state'] } | null {
  const st = (vars as Record<string, unknown> | null)?.['raft.status'] as Record<string, unknown> | undefined;
  if (!st || typeof st.term !== 'number') return null;
  return { term: st.term, state: RAFT_STATES[String(st.raftState)] ?? null };
}

export interface GroupView {
  roles: string[];
  term: number;
  /** member-N, or '' */
  leader: string;
  terms: number[];
  applied: number[];
  changes: Array<number | null>;
}

/**
 * The group as the simulated store draws it: each running member's raft state (a pre-candidate is a
 * candidate, as the simulated group tags it); without raft.status, one that names itself leads and
 * one that names no leader is a candidate (etcd raft forgets the leader when it campaigns, raft.go
 * reset). A member not yet read since it started is a follower. The group's leader is the running
 * one that leads in the highest term.
 */
export function groupView(
  info: readonly MemberInfo[],
  readings: ReadonlyMap<number, MemberReading>,
): GroupView {
  const roles = info.map((m) => {
    if (m.state === 'killed') return 'down';
    if (m.state === 'stopped') return 'stopped';
    const r = readings.get(m.index);
    if (!r?.fresh) return 'follower';
    if (r.state) return r.state;
    if (r.leader === '') return 'candidate';
    return r.leader === m.id ? 'leader' : 'follower';
  });
  const terms = info.map((m) => readings.get(m.index)?.term ?? 0);
  let leader = '';
  let leaderTerm = -1;
  info.forEach((m, i) => {
    if (roles[i] === 'leader' && (terms[i] ?? 0) > leaderTerm) {
      leader = `member-${m.index}`;
      leaderTerm = terms[i] ?? 0;
    }
  });
  return {
    roles,
    term: Math.max(0, ...terms),
    leader,
    terms,
    applied: info.map((m) => readings.get(m.index)?.applied ?? 0),
    changes: info.map((m) => readings.get(m.index)?.changes ?? null),
  };
}

/** Polls each running member on its own loop, so a slow or stopped one delays no other. */
export class MemberPoller {
  private readonly readings = new Map<number, MemberReading>();
  private running = false;
  private shown = '';
  private leaderShown = '';
  private readonly loops: Array<Promise<void>> = [];
  /** The readings under way, aborted on stop. */
  private readonly inflight = new Set<AbortController>();

  constructor(
    private readonly members: {
      info(): MemberInfo[];
      readonly auth?: EtcdAuth;
    },
    private readonly emit: (e: TraceEvent) => void,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  start(): void {
    this.running = true;
    for (const m of this.members.info()) this.loops.push(this.loop(m.index));
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const ac of this.inflight) ac.abort();
    await Promise.all(this.loops);
  }

  /** The member (1-based) that leads now, as last read; null when none is known. */
  leaderIndex(): number | null {
    const v = groupView(this.members.info(), this.readings);
    return v.leader === '' ? null : Number(v.leader.slice('member-'.length));
  }

  /** A member was killed or restarted: what it said before is no longer its state. */
  forget(index: number): void {
    const r = this.readings.get(index);
    if (r) this.readings.set(index, { ...r, leader: '', state: null, changes: null, fresh: false });
    this.show();
  }

  private async loop(index: number): Promise<void> {
    let tick = 0;
    while (this.running) {
      const started = this.now();
      const m = this.members.info()[index - 1];
      if (m?.state === 'running') {
        await this.read(m, tick % Math.round(METRICS_EVERY_MS / STATUS_EVERY_MS) === 0);
        tick++;
      }
      this.show();
      if (!this.running) return;
      await this.sleep(Math.max(10, STATUS_EVERY_MS - (this.now() - started)));
    }
  }

  private async read(m: MemberInfo, metrics: boolean): Promise<void> {
    // One deadline for the whole reading, raced rather than left to fetch's signal alone: under load
    // a fetch was seen to outlive its AbortSignal, and a loop waiting on it held stop() (and the run's
    // end) for good.
    const ac = new AbortController();
    this.inflight.add(ac);
    const deadline = setTimeout(() => ac.abort(), READ_DEADLINE_MS);
    const aborted = new Promise<null>((resolve) => ac.signal.addEventListener('abort', () => resolve(null)));
    const signal = ac.signal;
    const get = <T>(p: Promise<T>) => p.catch(() => null);
    const work = (async () => {
      const headers = (await this.members.auth?.headers()) ?? {};
      return Promise.all([
        get(
          fetch(`${m.clientUrl}/v3/maintenance/status`, { method: 'POST', headers, body: '{}', signal }).then(
            (r) => r.json() as Promise<Record<string, unknown>>,
          ),
        ),
        get(
          fetch(`${m.clientUrl}/debug/vars`, { signal }).then(
            (r) => r.json() as Promise<Record<string, unknown>>,
          ),
        ),
        metrics
          ? get(fetch(`${m.clientUrl}/metrics`, { signal }).then((r) => r.text()))
          : Promise.resolve(null),
      ]);
    })().catch(() => null);
    try {
      const answer = await Promise.race([work, aborted]);
      if (answer === null) return;
      const [status, vars, text] = answer;
      // Killed or restarted while the answer was on its way: not this process's word.
      if (this.members.info()[m.index - 1]?.state !== 'running') return;
      if (status?.raftTerm === undefined) return;
      const was = this.readings.get(m.index);
      const raft = raftStatusOf(vars);
      this.readings.set(m.index, {
        term: raft?.term ?? Number(status.raftTerm),
        applied: Number(status.raftTerm),
        state: raft?.state ?? null,
        leader: leaderIdOf(status.leader),
        changes: text === null ? (was?.fresh ? was.changes : null) : leaderChangesOf(text),
        fresh: true,
      });
    } finally {
      clearTimeout(deadline);
      ac.abort();
      this.inflight.delete(ac);
    }
  }

  private show(): void {
    const v = groupView(this.members.info(), this.readings);
    const key = `${v.roles}|${v.term}|${v.leader}|${v.terms}|${v.applied}|${v.changes}`;
    if (key === this.shown) return;
    this.shown = key;
    const t = this.now();
    this.emit({
      k: 'mark',
      t,
      node: STORE_HOST,
      name: 'store-group',
      data: {
        roles: v.roles.join(','),
        term: v.term,
        leader: v.leader,
        terms: v.terms.join(','),
        applied: v.applied.join(','),
        changes: v.changes.map((c) => c ?? '').join(','),
      },
    });
    if (v.leader === '') return;
    const term = v.terms[Number(v.leader.slice('member-'.length)) - 1] ?? v.term;
    const leaderKey = `${v.leader}@${term}`;
    if (leaderKey !== this.leaderShown)
      this.emit({ k: 'mark', t, node: STORE_HOST, name: 'store-leader', data: { member: v.leader, term } });
    this.leaderShown = leaderKey;
  }
}
