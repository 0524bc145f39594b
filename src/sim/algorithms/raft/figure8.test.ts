import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { termLeadersChecker } from '../../check/termLeaders.ts';
import type { Process, ProcessEnv } from '../../net/host.ts';
import type { Message } from '../../net/message.ts';
import type { TraceEvent, ViolationKind } from '../../trace/events.ts';
import { machineProcess } from '../machineProcess.ts';
import { raftCheckers } from './checkers.ts';
import { type RaftRules, SAFE_RULES } from './log.ts';
import { type RaftDisk, raftMachine } from './machine.ts';

/**
 * Figure 8 of Ongaro & Ousterhout 2014 played on the Raft machine itself: five servers on one
 * simulated clock, each message delivered or dropped by the script, election timeouts chosen per
 * server so the script decides who stands. The trace it records goes through the run's checkers.
 */
function figure8(rules: RaftRules): { kinds: ViolationKind[]; leaders: string[]; applied: string[] } {
  const ids = ['S1', 'S2', 'S3', 'S4', 'S5'];
  const clock = new SimulatedClock();
  const events: TraceEvent[] = [];
  const outbox: Message[] = [];
  const timeout: Record<string, number> = { S1: 100, S2: 5000, S3: 5000, S4: 5000, S5: 1000 };
  const disks: Record<string, RaftDisk> = {};
  const procs: Record<string, Process | null> = {};
  let id = 0;
  const envOf = (node: string): ProcessEnv => ({
    id: node,
    now: () => clock.now(),
    wallNow: () => clock.now(),
    clock,
    send: (to, type, body = {}) => void outbox.push({ id: id++, from: node, to, type, body }),
    after: (ms, fn) => {
      const h = clock.setTimeout(fn, ms);
      return () => clock.clearTimeout(h);
    },
    rng: () => ({ int: () => timeout[node] as number }) as never,
    reportRole: (role, info) => void events.push({ k: 'role', t: clock.now(), node, role, ...info }),
    mark: (name, data) =>
      void events.push({ k: 'mark', t: clock.now(), node, name, ...(data ? { data } : {}) }),
    record: () => {},
    recordsStates: false,
  });
  const start = (n: string) => {
    disks[n] ??= { term: 0, votedFor: null, log: [] };
    const disk = disks[n];
    const peers = ids.filter((x) => x !== n);
    const times = { heartbeatIntervalMs: 10_000, electionTimeoutMinMs: 100, electionTimeoutMaxMs: 100_000 };
    procs[n] = machineProcess(raftMachine, (env) => ({ env, peers, times, rules, rng: env.rng('t'), disk }))(
      envOf(n),
    );
  };
  const crash = (n: string) => {
    procs[n]?.stop();
    procs[n] = null;
  };
  /** Delivers every message the filter lets through (and the answers they cause); drops the rest. */
  const pump = (ok: (m: Message) => boolean) => {
    for (let m = outbox.shift(); m; m = outbox.shift()) if (ok(m)) procs[m.to]?.receive(m);
  };
  const up = (m: Message) => procs[m.to] != null;
  const elapse = (ms: number) => clock.increment(ms);

  for (const n of ids) start(n);
  // (a) S1 wins term 1 and takes command `a`, which reaches S2 only.
  elapse(100);
  pump(up);
  procs.S1?.receive({ id: id++, from: 'client', to: 'S1', type: 'CLIENT_REQUEST', body: { value: 'a' } });
  pump((m) => up(m) && (m.from !== 'S1' || m.to === 'S2'));
  // (b) S1 crashes; S5 wins term 2 with S3 and S4 (S2 refuses: its log is more up to date) and takes
  // command `b`, which reaches nobody before S5 crashes.
  crash('S1');
  elapse(1000);
  pump(up);
  procs.S5?.receive({ id: id++, from: 'client', to: 'S5', type: 'CLIENT_REQUEST', body: { value: 'b' } });
  outbox.length = 0;
  crash('S5');
  // (c) S1 restarts and wins term 3 with S2 and S3; its AppendEntries bring `a` (term 1) to S3: on a
  // majority. S1 crashes before it takes any entry of term 3.
  start('S1');
  for (
    let i = 0;
    i < 3 && !events.some((e) => e.k === 'role' && e.node === 'S1' && e.role === 'leader' && e.t > 200);
    i++
  ) {
    elapse(100);
    pump((m) => up(m) && m.to !== 'S4' && m.from !== 'S4');
  }
  crash('S1');
  // (d) S5 restarts and wins: its last entry's term (2) beats S2, S3 and S4's (§5.4.1). Its
  // AppendEntries overwrite `a` with `b` at index 1.
  timeout.S5 = 100;
  start('S5');
  for (let i = 0; i < 4; i++) {
    elapse(100);
    pump(up);
  }
  const checkers = [...raftCheckers(), termLeadersChecker()];
  const kinds = [...new Set(events.flatMap((e) => checkers.flatMap((c) => c.observe(e).map((v) => v.kind))))];
  const leaders = events.flatMap((e) =>
    e.k === 'role' && e.role === 'leader' ? [`${e.node}@${e.term}`] : [],
  );
  const applied = events.flatMap((e) =>
    e.k === 'mark' && e.name === 'apply' ? [`${e.node} ${e.data?.index}:${e.data?.value}`] : [],
  );
  return { kinds, leaders, applied };
}

describe('figure 8 on the Raft machine', () => {
  it("with the paper's rule, S1 never commits term 1's entry by counting replicas: S5 overwriting it loses nothing", () => {
    const r = figure8(SAFE_RULES);
    expect(r.leaders).toEqual(['S1@1', 'S5@2', 'S1@3', 'S5@4']);
    expect(r.applied).toEqual([]);
    expect(r.kinds).toEqual([]);
  });

  it('with unsafeCommit, S1 commits and applies `a`, then S5 applies `b` at the same index: State Machine Safety breaks', () => {
    const r = figure8({ ...SAFE_RULES, ownTermCommit: false });
    expect(r.leaders).toEqual(['S1@1', 'S5@2', 'S1@3', 'S5@4']);
    expect(r.applied.slice(0, 2)).toEqual(['S1 1:a', 'S5 1:b']);
    expect(r.kinds).toContain('state-machine-safety');
    expect(r.kinds).toContain('leader-completeness');
  });
});
