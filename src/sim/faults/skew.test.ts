// clock-skew: a step of one host's wall clock. What reads the wall clock moves; the monotonic
// deadlines do not. The test that proves a fault kind is one entry: it draws, narrates and replays
// through the same table as every other kind.
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { closingFaults, materialize, type RawSchedule } from '../chaos/schedule.ts';
import { computeMetrics } from '../metrics/metrics.ts';
import { openNet } from '../net/reach.ts';
import type { TimedFault } from '../scenario/schema.ts';
import { simulate } from '../simulate.ts';
import { TraceIndex } from '../trace/frame.ts';
import { foldFault, freshLife } from './fold.ts';
import { faultFromText, faultToText } from './text.ts';
import { faultWords, plainFormat } from './words.ts';

const story = (id: string) => {
  const s = scenarios.find((x) => x.id === id);
  if (!s) throw new Error(`no scenario ${id}`);
  return s;
};
const skew = (atMs: number, node: string, offsetMs: number): TimedFault => ({
  atMs,
  fault: { kind: 'clock-skew', node, offsetMs },
});

describe('clock-skew', () => {
  it("the database's clock stepped ahead expires the leader row early: two instances believe they lead", () => {
    const fixed = { params: { fix: true } };
    const calm = simulate(story('twenty-instances'), fixed);
    const stepped = simulate(story('twenty-instances'), {
      ...fixed,
      interventions: [skew(1000, 'db', 20_000)],
    });
    expect(computeMetrics(calm).twoLeaderMs).toBe(0);
    expect(computeMetrics(stepped).twoLeaderMs).toBeGreaterThan(1000);
    // The lease row was claimed again with the next token while the first leader still led.
    const tokens = stepped.events.flatMap((e) => (e.k === 'role' && e.role === 'leader' ? [e.token] : []));
    expect(tokens).toEqual([1, 2]);
  });

  it("a lease client's deadlines run on the monotonic clock: a skewed node's run is the calm run", () => {
    const calm = simulate(story('etcd-lease'));
    const stepped = simulate(story('etcd-lease'), { interventions: [skew(3000, 'node-1', -60_000)] });
    const rest = (t: typeof calm) => t.events.filter((e) => e.k !== 'fault');
    const calmRest = rest(calm);
    const steppedRest = rest(stepped);
    expect(steppedRest.length).toBe(calmRest.length);
    expect(JSON.stringify(steppedRest)).toBe(JSON.stringify(calmRest));
    expect(stepped.events.filter((e) => e.k === 'fault' && e.fault.kind === 'clock-skew')).toHaveLength(1);
  });

  it('is drawn on the node from its step on, and a step to where the clock already is changes nothing', () => {
    const t = simulate(story('etcd-lease'), {
      interventions: [skew(3000, 'node-2', 5000), skew(4000, 'node-2', 5000), skew(6000, 'node-2', 0)],
    });
    // The second step changes nothing and is not recorded.
    expect(t.events.filter((e) => e.k === 'fault' && e.fault.kind === 'clock-skew').map((e) => e.t)).toEqual([
      3000, 6000,
    ]);
    const index = new TraceIndex(t);
    const node2 = (ms: number) => index.frameAt(ms).nodes.find((n) => n.id === 'node-2');
    expect(node2(2999)?.skewMs).toBeUndefined();
    expect(node2(3000)?.skewMs).toBe(5000);
    expect(node2(6000)?.skewMs).toBeUndefined();
  });

  it('folds as a change of the wall clock alone: no move of the processes, no network step', () => {
    const step = foldFault({ kind: 'clock-skew', node: 'a', offsetMs: -250 }, () => freshLife, openNet);
    expect(step).toMatchObject({ host: 'a', change: { skewMs: -250 }, move: null, net: openNet });
  });

  it('is worded by the one formatter: the step as a length of time, its direction in the key', () => {
    expect(faultWords({ kind: 'clock-skew', node: 'db', offsetMs: -20_000 }, plainFormat)).toEqual({
      key: 'clock-skew.behind',
      vars: { stepMs: '20.0 s', node: 'db', offsetMs: '-20000' },
    });
    expect(faultWords({ kind: 'clock-skew', node: 'db', offsetMs: 0 }, plainFormat).key).toBe(
      'clock-skew.true',
    );
  });

  it('reads and writes as link text, and refuses an offset past a day', () => {
    const tf = skew(5000, 'db', -20_000);
    expect(faultToText(tf)).toBe('5000,clock-skew,db,-20000');
    expect(faultFromText('5000,clock-skew,db,-20000')).toEqual(tf);
    expect(String(faultFromText('5000,clock-skew,db,90000000'))).toMatch(/offsetMs/);
  });

  it("chaos draws it and closes it with the table's undo (the clock back to true time)", () => {
    const raw: RawSchedule = {
      seed: 1,
      nodes: 3,
      latencyMinMs: 10,
      latencySpreadMs: 10,
      drop: 0,
      knobs: [],
      horizon: 500,
      faults: [
        { kind: 'skew', at: 100, host: 1, other: 0, size: 900, dur: 0, lasting: true, groups: [] },
        { kind: 'crash', at: 200, host: 0, other: 0, size: 0, dur: 0, lasting: true, groups: [] },
      ],
    };
    const s = materialize('lease', raw, false);
    const made = s.faults.find((f) => f.fault.kind === 'clock-skew');
    expect(made?.fault).toMatchObject({ node: 'node-2' });
    expect(closingFaults(s).map((f) => f.fault)).toEqual([
      { kind: 'heal' },
      { kind: 'restart', node: 'node-1' },
      { kind: 'clock-skew', node: 'node-2', offsetMs: 0 },
    ]);
  });
});
