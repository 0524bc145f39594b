import { describe, expect, it } from 'vitest';
import { run as cli } from '../src/cli/main.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { leaderIntervals } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import input from './gossip-leader.ts';

const scenario = parseScenario(input, 'scenarios/gossip-leader.ts');
const CRASH_AT = 8000;
const kinds = (tr: Trace) => tr.events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []));
const json = (args: string[]) => JSON.parse(cli(['gossip-leader', ...args]).out);

describe('scenario gossip-leader, without the fix (gossip)', () => {
  const trace = simulate(scenario);

  it('after node-1 crashes, node-2 and node-3 both claim and both take writes: BOTH WRITE', () => {
    const [first, a, b] = leaderIntervals(trace);
    expect(first).toMatchObject({ node: 'node-1', toMs: CRASH_AT });
    expect(a).toMatchObject({ node: 'node-2', ongoing: true });
    expect(b).toMatchObject({ node: 'node-3', ongoing: false });
    // node-3 leads inside node-2's leadership, and both write their own copies meanwhile.
    const overlap = (w: string) =>
      trace.events.filter(
        (e) =>
          e.k === 'write' &&
          e.resource === w &&
          e.t >= b!.fromMs &&
          e.t <= b!.toMs &&
          e.status === 'accepted',
      );
    expect(overlap('node-2').length).toBeGreaterThan(0);
    expect(overlap('node-3').length).toBeGreaterThan(0);
    expect(kinds(trace)).toEqual(['split-brain']);
    // No store: nothing but gossip on the wire.
    expect(new Set(trace.events.flatMap((e) => (e.k === 'send' ? [e.type] : [])))).toEqual(
      new Set(['GOSSIP']),
    );
  });

  it('the CLI’s twoLeaderMs is that overlap, between two gossip rounds', () => {
    const doc = json([]);
    const [, , b] = leaderIntervals(trace);
    expect(doc.metrics.twoLeaderMs).toBe(b!.toMs - b!.fromMs);
    expect(doc.metrics.twoLeaderMs).toBeGreaterThan(0);
    expect(doc.metrics.twoLeaderMs).toBeLessThanOrEqual(2 * Number(trace.params.gossipIntervalMs));
    expect(doc.violations.map((v: { kind: string }) => v.kind)).toEqual(['split-brain']);
  });

  it('tells the service-discovery and the database reading of the same moment', () => {
    const text = cli(['gossip-leader', '--format', 'text']).out;
    expect(text).toContain('For service discovery this would be harmless');
    expect(text).toContain('For a primary database the copies diverge');
    expect(trace.steps.map((s) => s.id)).toContain('why-lease');
  });
});

describe('scenario gossip-leader, with the fix (a lease in etcd)', () => {
  const trace = simulate(scenario, { params: { fix: true } });

  it('runs the lease algorithm with the same crash; one leader at a time, no violation', () => {
    expect(trace.algorithm).toBe('lease');
    expect(trace.params.ownCopy).toBe(true);
    expect(
      trace.events.filter((e) => e.k === 'fault').map((e) => [e.t, e.k === 'fault' && e.fault.kind]),
    ).toEqual([[CRASH_AT, 'crash']]);
    const leaders = leaderIntervals(trace);
    expect(leaders.map((l) => l.node)).toEqual(['node-1', 'node-2']);
    expect(leaders[0]!.toMs).toBeLessThanOrEqual(leaders[1]!.fromMs);
    expect(kinds(trace)).toEqual([]);
    expect(trace.steps.map((s) => s.id)).toEqual([
      'lease-start',
      'lease-holder',
      'lease-holder-crashes',
      'lease-expires',
      'one-new-leader',
      'one-at-a-time',
    ]);
  });

  it('the CLI with --set fix=on: twoLeaderMs 0, no violation, the lease’s captions', () => {
    const doc = json(['--set', 'fix=on']);
    expect(doc.algorithm).toBe('lease');
    expect(doc.metrics.twoLeaderMs).toBe(0);
    expect(doc.violations).toEqual([]);
    const text = cli(['gossip-leader', '--set', 'fix=on', '--format', 'text']).out;
    expect(text).toContain('the compare-and-swap lets only one of them win');
    expect(cli(['gossip-leader', '--set', 'fix=on', '--format', 'mermaid']).code).toBe(0);
  });
});
