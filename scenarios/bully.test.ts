import { describe, expect, it } from 'vitest';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { fillCaption } from '../src/sim/trace/narrate.ts';
import { leaderIntervals, summarize } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import { scenarioById } from './index.ts';

const found = scenarioById('bully');
if (!found) throw new Error('scenario bully is not registered');
const scenario = found;
const stepIds = scenario.steps.map((s) => s.id);

const captions = (tr: Trace) =>
  tr.steps.map((s) =>
    fillCaption(scenario.steps.find((x) => x.id === s.id)?.caption ?? '', s.vars, tr.params),
  );
type Send = Extract<TraceEvent, { k: 'send' }>;
const sends = (tr: Trace, type: string) =>
  tr.events.filter((e): e is Send => e.k === 'send' && e.type === type);

describe('scenario bully', () => {
  const trace = simulate(scenario);
  const summary = summarize(trace, scenario);

  it('is registered with its cast: five nodes, node-5 down at t=0', () => {
    expect(scenario).toMatchObject({
      id: 'bully',
      title: 'Bully algorithm (legacy)',
      algorithm: 'bully',
      nodes: 5,
    });
    expect(scenario.faults).toEqual([{ atMs: 0, fault: { kind: 'crash', node: 'node-last' } }]);
  });

  it('node-1 notices first and sends ELECTION to every higher id, node-5 included', () => {
    const first = sends(trace, 'ELECTION').filter((e) => e.t === sends(trace, 'ELECTION')[0]?.t);
    expect(first.map((e) => `${e.from}->${e.to}`)).toEqual([
      'node-1->node-2',
      'node-1->node-3',
      'node-1->node-4',
      'node-1->node-5',
    ]);
    expect(first[0]?.t).toBe(trace.params.heartbeatTimeoutMs);
  });

  it('node-2, node-3 and node-4 answer OK and run their own elections; nobody answers node-4', () => {
    const oksToNode1 = sends(trace, 'OK').filter((e) => e.to === 'node-1');
    expect(oksToNode1.map((e) => e.from).sort()).toEqual(['node-2', 'node-3', 'node-4']);
    for (const k of [2, 3, 4]) {
      const own = sends(trace, 'ELECTION')
        .filter((e) => e.from === `node-${k}`)
        .map((e) => e.to);
      expect(own).toEqual(Array.from({ length: 5 - k }, (_, i) => `node-${k + 1 + i}`));
    }
    expect(sends(trace, 'OK').filter((e) => e.to === 'node-4')).toHaveLength(0);
    const toNode5 = sends(trace, 'ELECTION').filter((e) => e.to === 'node-5');
    const dropped = new Set(
      trace.events.flatMap((e) => (e.k === 'drop' && e.reason === 'node-down' ? [e.id] : [])),
    );
    expect(toNode5.every((e) => dropped.has(e.id))).toBe(true);
  });

  it('node-4 becomes coordinator and tells every other node; node-4 leads at the end', () => {
    expect(sends(trace, 'COORDINATOR').map((e) => `${e.from}->${e.to}`)).toEqual([
      'node-4->node-1',
      'node-4->node-2',
      'node-4->node-3',
      'node-4->node-5',
    ]);
    const intervals = leaderIntervals(trace);
    expect(intervals.map((l) => l.node)).toEqual(scenario.expect.leadersInOrder);
    expect(intervals[0]).toMatchObject({ node: 'node-5', fromMs: 0, toMs: 0 });
    expect(intervals[1]?.fromMs).toBe(sends(trace, 'COORDINATOR')[0]?.t);
    expect(summary.final.leader).toBe(scenario.expect.finalLeader);
  });

  it('costs n(n-1) = 20 election messages: 10 ELECTION, 6 OK, 4 COORDINATOR', () => {
    expect(summary.messages.byType).toMatchObject({ ELECTION: 10, OK: 6, COORDINATOR: 4 });
    expect(Object.keys(summary.messages.byType).sort()).toEqual([
      'COORDINATOR',
      'ELECTION',
      'HEARTBEAT',
      'OK',
    ]);
  });

  it('raises no safety violation', () => {
    expect(summary.violations).toEqual([]);
  });

  it('resolves every narration step, in order, with every placeholder filled', () => {
    expect(trace.steps.map((s) => s.id)).toEqual(stepIds);
    for (let i = 1; i < trace.steps.length; i++)
      expect(trace.steps[i]!.atMs).toBeGreaterThanOrEqual(trace.steps[i - 1]!.atMs);
    for (const c of captions(trace)) expect(c).not.toMatch(/\{\w+\}/);
    const last = captions(trace).at(-1);
    expect(last).toContain('5 nodes, one failure: 20 messages (10 ELECTION, 6 OK, 4 COORDINATOR)');
    const at = (id: string) => trace.steps.find((s) => s.id === id)?.atMs;
    expect(at('node-1-notices')).toBe(900);
    expect(at('next-highest-coordinator')).toBe(sends(trace, 'COORDINATOR')[0]?.t);
  });

  it('tells the same story for other seeds (only latencies change)', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const tr = simulate(scenario, { seed });
      const s = summarize(tr, scenario);
      expect(
        tr.steps.map((x) => x.id),
        `seed ${seed}`,
      ).toEqual(stepIds);
      expect(s.final.leader).toBe('node-4');
      expect(s.messages.byType).toMatchObject({ ELECTION: 10, OK: 6, COORDINATOR: 4 });
    }
  });
});
