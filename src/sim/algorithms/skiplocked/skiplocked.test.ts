import { describe, expect, it } from 'vitest';
import skipLocked from '../../../../scenarios/skip-locked.ts';
import { netParams, netRules, resolveParams } from '../../params.ts';
import type { TimedFault } from '../../scenario/schema.ts';
import { simulate } from '../../simulate.ts';
import { cliSummary } from '../../trace/cliSummary.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { skiplocked } from './index.ts';
import { COMMIT_MARK, EMAIL_MARK, TERMINATED_MARK } from './keys.ts';

type Mark = Extract<TraceEvent, { k: 'mark' }>;
const marks = (events: TraceEvent[], name: string) =>
  events.filter((e): e is Mark => e.k === 'mark' && e.name === name);
const commitsPerJob = (events: TraceEvent[]) => {
  const n = new Map<string, number>();
  for (const m of marks(events, COMMIT_MARK))
    n.set(String(m.data?.job), (n.get(String(m.data?.job)) ?? 0) + 1);
  return n;
};
const emailsPerJob = (events: TraceEvent[]) => {
  const n = new Map<string, number>();
  for (const m of marks(events, EMAIL_MARK))
    n.set(String(m.data?.job), (n.get(String(m.data?.job)) ?? 0) + 1);
  return n;
};
const run = (params: Record<string, number | boolean>, faults: TimedFault[] = skipLocked.faults) =>
  simulate({ ...skipLocked, params: { ...skipLocked.params, ...params }, faults });

describe('skiplocked: SELECT … FOR UPDATE SKIP LOCKED', () => {
  it('without faults, every job commits once and four workers share them: about a quarter of the one-worker time', () => {
    const trace = run({}, []);
    const per = commitsPerJob(trace.events);
    expect(per.size).toBe(12);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    const m = cliSummary(trace).metrics;
    expect(m.jobsPerWorker).toEqual({ 'node-1': 3, 'node-2': 3, 'node-3': 3, 'node-4': 3 });
    // Three rounds of 2 s jobs on four workers, against 12 jobs one after the other.
    // Each round is a job plus about four trips (SELECT, e-mail, COMMIT).
    expect(m.makespanMs as number).toBeLessThan(3 * (2000 + 300));
    expect(m.oneWorkerMs as number).toBeGreaterThan(12 * 2000);
    expect(m.speedup as number).toBeGreaterThan(3.5);
    // The first four SELECTs each got a different row: the others skipped the locked ones.
    const firstRows = trace.events
      .filter((e): e is Extract<TraceEvent, { k: 'send' }> => e.k === 'send' && e.type === 'ROW')
      .slice(0, 4)
      .map((e) => e.data?.job);
    expect(new Set(firstRows).size).toBe(4);
  });

  it('a worker crashing mid-job: its lock is released after the keepalive time, another worker commits the job, once', () => {
    const trace = run({});
    const crashAt = 3700;
    const ended = marks(trace.events, TERMINATED_MARK);
    expect(ended).toHaveLength(1);
    expect(ended[0]?.data).toMatchObject({ node: 'node-2', reason: 'keepalive', jobs: 'job-5' });
    // node-2 was last heard when it took job-5 (its e-mail goes to the provider, not the database);
    // the server drops it tcp_keepalives_idle + count × interval later: 5 + 3 × 1 s.
    const took = marks(trace.events, 'job-started').find(
      (m) => m.node === 'node-2' && m.data?.job === 'job-5',
    );
    expect(took).toBeDefined();
    expect(ended[0]!.t - took!.t).toBeGreaterThanOrEqual(8000 - 100);
    expect(ended[0]!.t - took!.t).toBeLessThanOrEqual(8000 + 100);
    expect(ended[0]!.t).toBeGreaterThan(crashAt);
    const retry = marks(trace.events, 'job-started').filter((m) => m.data?.job === 'job-5');
    expect(retry.map((m) => [m.node, m.data?.attempt])).toEqual([
      ['node-2', 1],
      ['node-4', 2],
    ]);
    expect(retry[1]!.t).toBeGreaterThan(ended[0]!.t);
    const per = commitsPerJob(trace.events);
    expect([...per.values()]).toEqual(Array(12).fill(1));
    expect(per.get('job-5')).toBe(1);
    const m = cliSummary(trace, skipLocked).metrics;
    expect(Object.values(m.jobRunsPerJob as Record<string, number>)).toEqual(Array(12).fill(1));
    expect((m.attemptsPerJob as Record<string, number>)['job-5']).toBe(2);
    expect(m.sessionsTerminated).toBe(1);
  });

  it('the crash came after the e-mail and before COMMIT: without the fix the e-mail goes out twice, and the alarm says so', () => {
    const trace = run({});
    expect(emailsPerJob(trace.events).get('job-5')).toBe(2);
    const v = trace.events.filter((e) => e.k === 'violation');
    expect(v.map((e) => e.k === 'violation' && e.violation)).toEqual([
      {
        kind: 'duplicate-email',
        nodes: ['node-2', 'node-4'],
        detail: 'job-5 e-mailed 2 times (by node-2, node-4)',
        job: 'job-5',
        count: 2,
        senders: ['node-2', 'node-4'],
      },
    ]);
    expect(cliSummary(trace).metrics).toMatchObject({ duplicateEmails: 1, emailsSent: 13 });
  });

  it('with the transactional outbox the rollback takes the e-mail back with the lock: one e-mail per job', () => {
    const trace = simulate(skipLocked, { params: { fix: true } });
    const emails = emailsPerJob(trace.events);
    expect(emails.size).toBe(12);
    expect([...emails.values()].every((n) => n === 1)).toBe(true);
    // Sent by the relay, after the COMMIT of the row's transaction.
    for (const m of marks(trace.events, EMAIL_MARK)) expect(m.data?.by).toBe('relay');
    const firstCommit = marks(trace.events, COMMIT_MARK)[0]!;
    expect(marks(trace.events, EMAIL_MARK)[0]!.t).toBeGreaterThan(firstCommit.t);
    expect(trace.events.some((e) => e.k === 'violation')).toBe(false);
    const m = cliSummary(trace, skipLocked).metrics;
    expect(m).toMatchObject({ duplicateEmails: 0, emailsSent: 12, sessionsTerminated: 1 });
    expect((m.attemptsPerJob as Record<string, number>)['job-5']).toBe(2);
    expect(Object.values(m.jobRunsPerJob as Record<string, number>)).toEqual(Array(12).fill(1));
  });

  it('idle_in_transaction_session_timeout ends a paused worker’s transaction, and its late COMMIT is refused', () => {
    const trace = run({ idleInTxTimeoutS: 4 }, [
      { atMs: 2500, fault: { kind: 'pause', node: 'node-1', durationMs: 8000 } },
    ]);
    const ended = marks(trace.events, TERMINATED_MARK);
    expect(ended.map((m) => [m.data?.node, m.data?.reason])).toContainEqual([
      'node-1',
      'idle-in-transaction',
    ]);
    const errors = trace.events.filter((e) => e.k === 'send' && e.type === 'ERROR' && e.to === 'node-1');
    expect(errors.length).toBeGreaterThan(0);
    expect([...commitsPerJob(trace.events).values()]).toEqual(Array(12).fill(1));
  });

  it('a plain SELECT without FOR UPDATE locks nothing: every worker takes the same job and it commits four times', () => {
    const trace = run({ forUpdate: false }, []);
    expect(commitsPerJob(trace.events).get('job-1')).toBe(4);
    expect(trace.events.some((e) => e.k === 'violation' && e.violation.kind === 'job-committed-twice')).toBe(
      true,
    );
  });

  it('refuses an idle-in-transaction timeout shorter than a job, by the rule’s name', () => {
    const resolve = (p: Record<string, number>) =>
      resolveParams({ ...netParams, ...skiplocked.params }, [...netRules, ...skiplocked.rules], p);
    expect(() => resolve({ idleInTxTimeoutS: 1, workMs: 2000 })).toThrow(
      /idle_in_transaction_session_timeout must be 0 \(off\) or longer than a job’s work/,
    );
    expect(resolve({ idleInTxTimeoutS: 3, workMs: 2000 }).idleInTxTimeoutS).toBe(3);
    expect(resolve({ idleInTxTimeoutS: 0, workMs: 2000 }).idleInTxTimeoutS).toBe(0);
  });
});
