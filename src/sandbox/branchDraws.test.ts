import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { simulate } from '../sim/simulate.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { type BranchInputs, drawBranches, recordDraws, simOptionsOf, takeDraw } from './branch.ts';

const story = scenarios.find((s) => s.id === 'split-brain');
if (!story) throw new Error('split-brain is gone');

/** A fault's source left out: the story's script becomes the schedule's interventions. */
const same = (events: readonly TraceEvent[]) =>
  events.map((e) => (e.k === 'fault' ? { ...e, source: undefined } : e));
/**
 * The events before `t`, without the plans they made for after it, which the pick changes: a
 * message's arrival (decided at its send) and a chart's timers' deadlines (`tm`, decided when armed).
 */
const past = (events: readonly TraceEvent[], t: number) =>
  same(
    events
      .filter((e) => e.t < t)
      .map((e) => (e.k === 'send' ? { ...e, deliverAt: 0 } : e.k === 'state' ? { ...e, tm: undefined } : e)),
  );

describe('Branch here: the draws still open at the cursor (issue #41)', () => {
  // The story as it stands: five nodes, its script (a partition), the seed's draws.
  const inputs: BranchInputs = { params: {}, interventions: [], durationMs: 12_000 };
  const base = simulate(story, simOptionsOf(inputs));
  const log = recordDraws(story, simOptionsOf(inputs));
  const nodeIds = base.hosts.filter((h) => h.kind === 'node').map((h) => h.id);

  it('writes down, for each draw, the event it decides: a message by its id and ends, a timer by owner and name', () => {
    const sends = new Map(
      (base.events as TraceEvent[]).filter((e) => e.k === 'send').map((e) => [e.id, e] as const),
    );
    const latency = log.filter((d) => d.about?.k === 'message' && d.about.what === 'latency');
    expect(latency.length).toBe(sends.size);
    for (const d of latency) {
      const a = d.about as Extract<typeof d.about, { k: 'message' }>;
      const s = sends.get(a.id);
      expect([s?.from, s?.to, s?.type, s?.t, s?.deliverAt]).toEqual([
        a.from,
        a.to,
        a.type,
        d.atMs,
        (d.atMs ?? 0) + d.value,
      ]);
    }
    expect(log.some((d) => d.about?.k === 'host' && d.about.name === 'election-timeout')).toBe(true);
  });

  it('lists messages in flight, one loss within L and the running timers; a pick replays the past identically and the seed’s value gives the run back', () => {
    // Just after a heartbeat goes out: it is in flight, and the followers' election timers run.
    const hb = (base.events as TraceEvent[]).find(
      (e) => e.k === 'send' && e.type === 'HEARTBEAT' && e.t > 2500,
    );
    if (!hb) throw new Error('no heartbeat');
    const t = hb.t + 1;
    const open = drawBranches(log, base, t, 1);
    const kinds = new Set(open.map((b) => b.kind));
    expect([...kinds].sort()).toEqual(['arrive', 'fire-last', 'fire-now', 'lose']);
    expect(drawBranches(log, base, t, 0).some((b) => b.kind === 'lose')).toBe(false);
    for (const kind of ['arrive', 'lose', 'fire-now'] as const) {
      const b = open.find((x) => x.kind === kind);
      if (!b) throw new Error(kind);
      const taken = takeDraw(story, nodeIds, inputs, log, b);
      const after = { ...inputs, ...taken };
      const branched = simulate(story, simOptionsOf(after));
      expect(past(branched.events, t)).toEqual(past(base.events, t));
      expect(branched.events).not.toEqual(base.events);
      if (kind === 'arrive')
        expect(
          branched.events.some((e) => e.k === 'deliver' && e.id === b.message?.id && e.t === b.atMs),
        ).toBe(true);
      if (kind === 'lose')
        expect(
          branched.events.some((e) => e.k === 'drop' && e.id === b.message?.id && e.reason === 'loss'),
        ).toBe(true);
      // Compare's other future (compare=draw:<i>): the pick at the seed's value is the run before it.
      const other = simulate(story, { ...simOptionsOf(after), seedFrom: b.index });
      expect(same(other.events)).toEqual(same(base.events));
    }
  });
});
