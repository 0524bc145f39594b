import { describe, expect, it } from 'vitest';
import { cliDocument } from '../src/cli/main.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { leaderIntervals } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import checkInput from './check-before-act.ts';
import leaseInput from './lease-no-fencing.ts';

/**
 * The two lease pitfalls, each without and with its fix (`fix: true`, scenario/fix.ts): the outcome
 * the story is about (`metrics.staleWritesAccepted`, what the storage holds at the end, the violations)
 * in both runs, on the same faults.
 */
type Write = Extract<TraceEvent, { k: 'write' }>;
const writes = (tr: Trace): Write[] => tr.events.filter((e): e is Write => e.k === 'write');
const violations = (tr: Trace) => tr.events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []));
/** The faults the run went through (scripted ones included), as the trace records them. */
const faults = (tr: Trace) =>
  tr.events.flatMap((e) => (e.k === 'fault' ? [[e.t, JSON.stringify(e.fault)]] : []));
/** What the storage holds at the end of the run: its last accepted write (the panel's "holds now"). */
const holds = (tr: Trace) => {
  const w = writes(tr)
    .filter((x) => x.resource === 'storage' && x.status === 'accepted')
    .at(-1);
  return w && { value: w.value, node: w.node, token: w.token };
};

describe('scenario lease-no-fencing', () => {
  const scenario = parseScenario(leaseInput, 'scenarios/lease-no-fencing.ts');
  const bare = simulate(scenario);
  const fixed = simulate(scenario, { params: { fix: true } });

  it('is a pitfall whose fix turns fencing on; both runs have the same faults and leaders', () => {
    expect(scenario.group).toBe('pitfalls');
    expect(scenario.fix?.params).toEqual({ fencing: true });
    expect(bare.params.fencing).toBe(false);
    expect(fixed.params.fencing).toBe(true);
    expect(faults(fixed)).toEqual(faults(bare));
    expect(faults(bare).length).toBeGreaterThan(1);
    for (const tr of [bare, fixed]) {
      const l = leaderIntervals(tr);
      expect(l.map((x) => [x.node, x.token])).toEqual([
        ['node-1', 42],
        ['node-3', 43],
      ]);
    }
  });

  it('without the fix the stale write is accepted and the storage ends holding the deposed leader’s value', () => {
    expect(cliDocument(bare, scenario).metrics.staleWritesAccepted).toBe(1);
    expect(violations(bare)).toEqual(['stale-write-accepted']);
    const stale = writes(bare).find((w) => w.node === 'node-1');
    expect(stale).toMatchObject({ token: 42, status: 'accepted', seen: 43 });
    expect(holds(bare)).toEqual({ value: 'node-1#1', node: 'node-1', token: 42 });
    // The caption says what the storage holds.
    expect(
      cliDocument(bare, scenario).steps.find((s) => s.caption.includes('holds node-1#1 now')),
    ).toBeDefined();
  });

  it('with the fix the same write gets 409 STALE TOKEN and the storage keeps node-3’s value', () => {
    expect(cliDocument(fixed, scenario).metrics.staleWritesAccepted).toBe(0);
    expect(violations(fixed)).toEqual([]);
    const stale = writes(fixed).find((w) => w.node === 'node-1');
    expect(stale).toMatchObject({ token: 42, status: 'rejected', code: 409, reason: 'STALE TOKEN' });
    expect(holds(fixed)).toEqual({ value: 'node-3#1', node: 'node-3', token: 43 });
    expect(fixed.steps.map((s) => s.id).at(-1)).toBe('stale-rejected');
    expect(bare.steps.map((s) => s.id).at(-1)).toBe('stale-accepted');
  });
});

describe('scenario check-before-act', () => {
  const scenario = parseScenario(checkInput, 'scenarios/check-before-act.ts');
  const bare = simulate(scenario);
  const fixed = simulate(scenario, { params: { fix: true } });

  it('is a pitfall whose fix is the check before every write; fencing stays off in both runs', () => {
    expect(scenario.group).toBe('pitfalls');
    expect(scenario.fix?.params).toEqual({ checkLeaseBeforeAct: true });
    expect(bare.params.checkLeaseBeforeAct).toBe(false);
    expect(fixed.params.checkLeaseBeforeAct).toBe(true);
    expect(bare.params.fencing).toBe(false);
    expect(fixed.params.fencing).toBe(false);
    expect(faults(fixed)).toEqual(faults(bare));
    expect(faults(bare).length).toBeGreaterThan(1);
  });

  it('without the check both paused leaders’ writes are accepted: 2 stale writes', () => {
    expect(cliDocument(bare, scenario).metrics.staleWritesAccepted).toBe(2);
    const stale = writes(bare).filter(
      (w) => w.status === 'accepted' && w.seen !== null && (w.token ?? 0) < w.seen,
    );
    expect(stale.map((w) => [w.node, w.token])).toEqual([
      ['node-1', 42],
      ['node-3', 43],
    ]);
    expect(violations(bare)).toEqual(['stale-write-accepted', 'stale-write-accepted']);
  });

  it('with the check node-1 steps down instead of writing; the pause after node-3’s check still gets through', () => {
    expect(cliDocument(fixed, scenario).metrics.staleWritesAccepted).toBe(1);
    expect(writes(fixed).some((w) => w.node === 'node-1')).toBe(false);
    const stale = writes(fixed).filter(
      (w) => w.status === 'accepted' && w.seen !== null && (w.token ?? 0) < w.seen,
    );
    expect(stale.map((w) => [w.node, w.token])).toEqual([['node-3', 43]]);
    // node-3 checked its lease before that write, and the pause came after the check.
    const pause =
      scenario.faults.find((f) => f.fault.kind === 'pause' && f.fault.node === 'node-3')?.atMs ?? 0;
    const checked = fixed.events.filter(
      (e) => e.k === 'mark' && e.name === 'lease-checked' && e.node === 'node-3' && e.t <= pause,
    );
    expect(pause - (checked.at(-1)?.t ?? -1e9)).toBeLessThan(Number(fixed.params.workMs));
    // Both runs end with a deposed leader’s write in the storage; the last caption says fencing is needed.
    expect(holds(fixed)).toMatchObject({ node: 'node-3', token: 43 });
    expect(holds(bare)).toMatchObject({ node: 'node-3', token: 43 });
    expect(fixed.steps.map((s) => s.id)).toContain('check-stops-it');
    expect(cliDocument(fixed, scenario).steps.at(-1)?.caption).toMatch(/fencing is still needed/);
  });
});
