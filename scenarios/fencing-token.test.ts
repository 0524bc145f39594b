import { describe, expect, it } from 'vitest';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { leaderIntervals, summarize } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import input from './fencing-token.ts';

const scenario = parseScenario(input, 'scenarios/fencing-token.ts');
const PAUSE_AT = 5100;
const RESUME_AT = 5100 + 33_000;

type Mark = Extract<TraceEvent, { k: 'mark' }>;
type Write = Extract<TraceEvent, { k: 'write' }>;

const marks = (tr: Trace, name: string, node: string): Mark[] =>
  tr.events.filter((e): e is Mark => e.k === 'mark' && e.name === name && e.node === node);
const writes = (tr: Trace): Write[] => tr.events.filter((e): e is Write => e.k === 'write');
const expiryAt = (tr: Trace): number | undefined =>
  tr.events.find((e) => e.k === 'store' && e.change.kind === 'lease-expire')?.t;

describe('scenario fencing-token', () => {
  const trace = simulate(scenario);
  const ttlS = Number(trace.params.ttlS);
  const workMs = Number(trace.params.workMs);

  it('node-1 leads with 42 and pauses right after checking its lease, inside the write’s preparation', () => {
    const [first] = leaderIntervals(trace);
    expect(first).toMatchObject({ node: 'node-1', token: 42 });
    const [checked] = marks(trace, 'lease-checked', 'node-1');
    expect(checked!.t).toBe(5000);
    expect(PAUSE_AT).toBeGreaterThan(checked!.t);
    expect(PAUSE_AT).toBeLessThan(checked!.t + workMs);
    const pause = trace.events.find((e) => e.k === 'fault' && e.fault.kind === 'pause');
    expect(pause).toMatchObject({ t: PAUSE_AT, fault: { node: 'node-1', durationMs: 33_000 } });
    expect(33_000).toBeGreaterThan(ttlS * 1000); // the pause outlasts the TTL
    // Its first write is the one the pause catches: nothing from node-1 reached the storage before.
    expect(writes(trace).filter((w) => w.node === 'node-1' && w.t < RESUME_AT)).toEqual([]);
  });

  it('the lease expires during the pause and node-3 (node-2 is down) leads with 43 and writes', () => {
    const expiry = expiryAt(trace)!;
    // node-1's first renewal was due at ~10 s, in the pause: the TTL runs from the grant.
    const grant = trace.events.find((e) => e.k === 'store' && e.change.kind === 'lease-grant')!;
    expect(expiry).toBe(grant.t + ttlS * 1000);
    expect(expiry).toBeLessThan(RESUME_AT);
    const [, second] = leaderIntervals(trace);
    expect(second).toMatchObject({ node: 'node-3', token: 43, ongoing: true });
    expect(second!.fromMs).toBeGreaterThan(expiry);
    expect(second!.fromMs).toBeLessThan(expiry + 2000);
    expect(marks(trace, 'lease-granted', 'node-2')).toEqual([]); // down from t=0, never a candidate
    const before = writes(trace).filter((w) => w.t < RESUME_AT);
    expect(before.map((w) => [w.node, w.token, w.status])).toEqual([['node-3', 43, 'accepted']]);
  });

  it('node-1 wakes, its late write carries 42, and the storage answers 409 STALE TOKEN', () => {
    const sent = marks(trace, 'write-sent', 'node-1');
    expect(sent.map((m) => [m.t, m.data?.token])).toEqual([[RESUME_AT, 42]]);
    const rejected = writes(trace).filter((w) => w.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({
      node: 'node-1',
      token: 42,
      seen: 43,
      code: 409,
      reason: 'STALE TOKEN',
      resource: 'storage',
    });
    expect(rejected.map((w) => ({ node: w.node, token: w.token }))).toEqual(scenario.expect.rejectedWrites);
  });

  it('node-1 steps down on its own deadline as it wakes (too late for that write), then follows node-3', () => {
    const [passed] = marks(trace, 'deadline-passed', 'node-1');
    expect(passed!.t).toBe(RESUME_AT);
    expect(Number(passed!.data?.lateMs)).toBeGreaterThan(10_000);
    expect(marks(trace, 'step-down', 'node-1').map((m) => [m.t, m.data?.reason, m.data?.token])).toEqual([
      [RESUME_AT, 'deadline', 42],
    ]);
    const [first] = leaderIntervals(trace);
    expect(first!.toMs).toBe(RESUME_AT);
    const lost = marks(trace, 'campaign-lost', 'node-1');
    expect(lost.at(-1)?.data?.leader).toBe('node-3');
    expect(lost.at(-1)!.t).toBeGreaterThan(RESUME_AT);
  });

  it('meets the scenario’s expectations', () => {
    const s = summarize(trace, scenario);
    expect(s.final.leader).toBe(scenario.expect.finalLeader);
    expect(s.leaders.map((l) => l.node)).toEqual(scenario.expect.leadersInOrder);
    expect(s.leaders.map((l) => l.token)).toEqual(scenario.expect.tokens);
    expect(s.violations).toEqual([]);
    for (const kind of scenario.expect.noViolations ?? [])
      expect(s.violations.map((v) => v.kind)).not.toContain(kind);
  });

  it('every narration step resolves, in order, anchored where the story says', () => {
    const s = summarize(trace, scenario);
    expect(trace.steps.map((st) => st.id)).toEqual(scenario.steps.map((st) => st.id));
    const times = trace.steps.map((st) => st.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const st of s.steps) expect(st.caption, st.id).not.toMatch(/\{\w+\}/);
    const at = Object.fromEntries(trace.steps.map((st) => [st.id, st.atMs]));
    expect(at['gc-pause']).toBe(PAUSE_AT);
    expect(at['lease-expires']).toBe(expiryAt(trace));
    expect(at['node-1-wakes']).toBe(RESUME_AT);
    expect(at['stale-token']).toBeGreaterThan(RESUME_AT);
    const caption = (id: string) => s.steps.find((st) => st.id === id)?.caption;
    expect(caption('token-42')).toContain('token 42');
    expect(caption('token-43')).toContain('token 43');
    expect(caption('stale-token')).toBe(
      'The storage has seen 43, so it rejects token 42: 409 STALE TOKEN. The check happens where the data is.',
    );
  });

  it('without fencing the same stale write is accepted and the checker fires stale-write-accepted', () => {
    const tr = simulate(scenario, { params: { fencing: false } });
    const late = writes(tr).find((w) => w.node === 'node-1');
    expect(late).toMatchObject({
      t: writes(trace).find((w) => w.node === 'node-1')!.t,
      token: 42,
      status: 'accepted',
      seen: 43,
    });
    const v = tr.events.flatMap((e) => (e.k === 'violation' ? [{ t: e.t, ...e.violation }] : []));
    expect(v).toEqual([
      {
        t: late!.t,
        kind: 'stale-write-accepted',
        nodes: ['node-1'],
        detail: 'storage accepted token 42 from node-1 after token 43',
        resource: 'storage',
        token: 42,
        seen: 43,
      },
    ]);
    // The story up to the write is the same; the 409 step has nothing to anchor to.
    expect(tr.steps.map((st) => st.id)).toEqual(
      scenario.steps.map((st) => st.id).filter((id) => id !== 'stale-token'),
    );
  });

  it.each([1, 2, 3, 5, 8, 13, 21, 34])('tells the same story with any seed (seed %i)', (seed) => {
    const tr = simulate(scenario, { seed });
    expect(leaderIntervals(tr).map((l) => [l.node, l.token])).toEqual([
      ['node-1', 42],
      ['node-3', 43],
    ]);
    const rejected = writes(tr).filter((w) => w.status === 'rejected');
    expect(rejected.map((w) => [w.node, w.token, w.seen])).toEqual([['node-1', 42, 43]]);
    expect(tr.steps).toHaveLength(scenario.steps.length);
  });

  it('is deterministic: the same seed gives the same trace', () => {
    expect(JSON.stringify(simulate(scenario))).toBe(JSON.stringify(trace));
  });
});
