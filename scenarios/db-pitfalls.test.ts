import { describe, expect, it } from 'vitest';
import type { Scenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { cliSummary } from '../src/sim/trace/cliSummary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import leaderFlag from './leader-flag.ts';
import twentyInstances from './twenty-instances.ts';
import updateWithoutToken from './update-without-token.ts';

/** The three job-and-database pitfalls: the figures the CLI prints, without and with the fix. */
const run = (s: Scenario, fix: boolean) => {
  const trace = simulate(s, fix ? { params: { fix: true } } : {});
  return { trace, sum: cliSummary(trace, s) };
};
const kinds = (t: Trace) => t.events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []));
/** Every `sql` mark the database recorded: who sent what, and how many rows it changed. */
const statements = (t: Trace) =>
  t.events.flatMap((e) =>
    e.k === 'mark' && e.name === 'sql' && e.node === 'db'
      ? [{ from: String(e.data?.from), sql: String(e.data?.sql), rows: Number(e.data?.rows) }]
      : [],
  );

describe('twenty-instances', () => {
  it('without the fix: 20 runs, 20 e-mails per customer, 20 scans, 20 status updates, no leader', () => {
    const { trace, sum } = run(twentyInstances, false);
    expect(sum.metrics).toMatchObject({ jobRuns: 20, emailsPerCustomer: 20, scans: 20 });
    expect(trace.events.filter((e) => e.k === 'write' && e.status === 'accepted')).toHaveLength(20);
    expect(sum.leaders).toEqual([]);
    // The status update's result depends on the order: the last writer is the one reminded_by names.
    const last = statements(trace).at(-1);
    const lastWrite = trace.events.filter((e) => e.k === 'write').at(-1);
    expect(lastWrite?.k === 'write' && lastWrite.node).toBe(last?.from);
  });

  it('with the fix (a lease claimed WHERE token=$current): 1 run, 1 e-mail per customer, one leader', () => {
    const { trace, sum } = run(twentyInstances, true);
    expect(sum.params.fix).toBe(true);
    expect(sum.metrics).toMatchObject({ jobRuns: 1, emailsPerCustomer: 1, scans: 1 });
    expect(sum.leaders).toHaveLength(1);
    const claims = statements(trace).filter((s) => s.sql.startsWith('UPDATE leader SET node='));
    expect(claims).toHaveLength(20);
    expect(claims.filter((c) => c.rows === 1)).toHaveLength(1);
    expect(kinds(trace)).toEqual([]);
  });
});

describe('leader-flag', () => {
  it('without the fix: the leader dies with the flag set, the job never runs again, and job-not-running fires', () => {
    const { trace, sum } = run(leaderFlag, false);
    expect(sum.metrics.jobRunsAfterCrash).toBe(0);
    expect(sum.metrics.jobRuns).toBe(1);
    expect(kinds(trace)).toEqual(['job-not-running']);
    const v = sum.violations.find((x) => x.kind === 'job-not-running');
    // The bound is the knob: no run since 5 s, the alarm at the first event after 5 s + 35 s.
    expect(v?.atMs).toBeGreaterThan(5000 + 35_000);
    expect(v?.atMs).toBeLessThan(5000 + 35_000 + 3000);
    expect(sum.leaders.map((l) => l.node)).toEqual(['node-1']);
  });

  it('the alarm follows its knob (jobAlarmMs)', () => {
    const trace = simulate(leaderFlag, { params: { jobAlarmMs: 20_000 } });
    const v = cliSummary(trace, leaderFlag).violations.find((x) => x.kind === 'job-not-running');
    expect(v?.atMs).toBeGreaterThan(25_000);
    expect(v?.atMs).toBeLessThan(28_000);
  });

  it('with the fix (a lease with a TTL): another instance takes over and the job runs again', () => {
    const { trace, sum } = run(leaderFlag, true);
    expect(sum.metrics.jobRunsAfterCrash).toBeGreaterThan(0);
    expect(kinds(trace)).toEqual([]);
    expect(sum.leaders.map((l) => l.node)).toEqual(['node-1', 'node-4']);
    expect(sum.leaders.map((l) => l.token)).toEqual([1, 2]);
  });
});

describe('update-without-token', () => {
  it('without the fix: both claims change the row (UPDATE 1), both lead, both write: split-brain', () => {
    const { trace, sum } = run(updateWithoutToken, false);
    const claims = statements(trace).filter((s) => s.sql.startsWith('UPDATE leader SET node='));
    expect(claims.map((c) => [c.from, c.rows])).toEqual([
      ['node-2', 1],
      ['node-1', 1],
    ]);
    expect(claims[0]?.sql).toBe("UPDATE leader SET node='node-2', expires_at=now()+'15 s' WHERE TRUE");
    expect(sum.leaders.map((l) => l.node).sort()).toEqual(['node-1', 'node-2']);
    expect(kinds(trace)).toContain('split-brain');
    expect(sum.metrics).toMatchObject({ jobRuns: 2, emailsPerCustomer: 2 });
  });

  it('with the fix: exactly one claim changes the row, for exactly one instance', () => {
    const { trace, sum } = run(updateWithoutToken, true);
    const claims = statements(trace).filter((s) => s.sql.startsWith('UPDATE leader SET node='));
    expect(claims.map((c) => [c.from, c.rows])).toEqual([
      ['node-2', 1],
      ['node-1', 0],
    ]);
    expect(claims[1]?.sql).toContain('token=token+1');
    expect(claims[1]?.sql).toContain('WHERE token=0');
    expect(sum.leaders.map((l) => l.node)).toEqual(['node-2']);
    expect(kinds(trace)).toEqual([]);
    expect(sum.metrics).toMatchObject({ jobRuns: 1, emailsPerCustomer: 1 });
  });
});
