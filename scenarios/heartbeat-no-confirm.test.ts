import { describe, expect, it } from 'vitest';
import { run as cli } from '../src/cli/main.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { leaderIntervals } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import input from './heartbeat-no-confirm.ts';

const scenario = parseScenario(input, 'scenarios/heartbeat-no-confirm.ts');
const CUT_AT = 7000;
const RESTORE_AT = 34_000;

type Mark = Extract<TraceEvent, { k: 'mark' }>;
const marks = (tr: Trace, name: string, node: string): Mark[] =>
  tr.events.filter((e): e is Mark => e.k === 'mark' && e.name === name && e.node === node);
const kinds = (tr: Trace) => tr.events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []));
const ownWrites = (tr: Trace, node: string) =>
  tr.events.filter(
    (e) => e.k === 'write' && e.node === node && e.resource === node && e.status === 'accepted',
  );
const json = (args: string[]) => JSON.parse(cli(['heartbeat-no-confirm', ...args]).out);

describe('scenario heartbeat-no-confirm, without the fix (confirmRenew off)', () => {
  const trace = simulate(scenario);

  it('the cut is one way: node-1’s keepalives are lost, nothing of etcd’s is', () => {
    const drops = trace.events.filter((e) => e.k === 'drop');
    const sends = new Map(trace.events.flatMap((e) => (e.k === 'send' ? [[e.id, e] as const] : [])));
    expect(drops.length).toBeGreaterThan(5);
    for (const d of drops) {
      const m = sends.get(d.id);
      expect([m?.from, m?.to]).toEqual(['node-1', 'etcd']);
      expect(d.t).toBeGreaterThanOrEqual(CUT_AT);
      expect(d.t).toBeLessThan(RESTORE_AT);
    }
  });

  it('node-1 keeps leading and writing its own copy after etcd expired its lease: two primaries, BOTH WRITE', () => {
    const expiry = trace.events.find((e) => e.k === 'store' && e.change.kind === 'lease-expire');
    expect(expiry?.t).toBeGreaterThan(CUT_AT);
    const [first, second] = leaderIntervals(trace);
    expect(first).toMatchObject({ node: 'node-1', token: 42 });
    expect(second).toMatchObject({ node: 'node-4', token: 43, ongoing: true });
    // node-1 steps down only when etcd answers TTL 0, after the link is back.
    expect(first!.toMs).toBeGreaterThan(RESTORE_AT);
    expect(marks(trace, 'keepalive-ttl-0', 'node-1')).toHaveLength(1);
    expect(marks(trace, 'deadline-passed', 'node-1')).toEqual([]);
    const lateWrites = ownWrites(trace, 'node-1').filter((w) => w.t > second!.fromMs);
    expect(lateWrites.length).toBeGreaterThan(5);
    expect(kinds(trace)).toEqual(['split-brain']);
  });

  it('the CLI’s metrics: twoLeaderMs is the overlap, from node-4’s win to node-1’s TTL 0', () => {
    const doc = json([]);
    const [first, second] = leaderIntervals(trace);
    expect(doc.metrics.twoLeaderMs).toBe(first!.toMs - second!.fromMs);
    expect(doc.metrics.twoLeaderMs).toBeGreaterThan(10_000);
    expect(doc.violations.map((v: { kind: string }) => v.kind)).toEqual(['split-brain']);
  });
});

describe('scenario heartbeat-no-confirm, with the fix (confirmRenew on)', () => {
  const trace = simulate(scenario, { params: { fix: true } });

  it('node-1 steps down at its renew deadline, before etcd expires its lease; one primary at a time', () => {
    expect(trace.params.confirmRenew).toBe(true);
    const [down] = marks(trace, 'step-down', 'node-1');
    expect(down?.data?.reason).toBe('deadline');
    const expiry = trace.events.find((e) => e.k === 'store' && e.change.kind === 'lease-expire');
    expect(down!.t).toBeLessThan(expiry!.t);
    // The renew deadline is TTL x (1 - driftMarginRatio) after the last confirmed keepalive was sent.
    const renewDeadlineMs = Number(trace.params.ttlS) * 1000 * (1 - Number(trace.params.driftMarginRatio));
    expect(down!.t).toBeLessThanOrEqual(CUT_AT + renewDeadlineMs);
    const [first, second] = leaderIntervals(trace);
    expect(first).toMatchObject({ node: 'node-1', token: 42 });
    expect(second).toMatchObject({ node: 'node-4', token: 43, ongoing: true });
    expect(first!.toMs).toBeLessThan(second!.fromMs);
    expect(ownWrites(trace, 'node-1').every((w) => w.t <= first!.toMs)).toBe(true);
    expect(kinds(trace)).toEqual([]);
  });

  it('the same faults, and the CLI with --set fix=on says twoLeaderMs 0 and no violation', () => {
    expect(trace.events.filter((e) => e.k === 'fault').map((e) => e.t)).toEqual([CUT_AT, RESTORE_AT]);
    const doc = json(['--set', 'fix=on']);
    expect(doc.metrics.twoLeaderMs).toBe(0);
    expect(doc.violations).toEqual([]);
    expect(doc.params.fix).toBe(true);
  });

  it('tells its own script: the renew deadline instead of the unconfirmed keepalives and BOTH WRITE', () => {
    const ids = trace.steps.map((s) => s.id);
    expect(ids).toContain('renew-deadline');
    expect(ids).toContain('one-primary');
    expect(ids).not.toContain('both-write');
    expect(ids).not.toContain('never-checks');
    const text = cli(['heartbeat-no-confirm', '--set', 'fix=on', '--format', 'text']).out;
    expect(text).toContain('steps down while etcd still holds its lease');
    expect(text).not.toContain('== renew-deadline');
  });
});
