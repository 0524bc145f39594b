import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../src/i18n/index.ts';
import { scenarioText } from '../src/i18n/scenarios.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { fillCaption } from '../src/sim/trace/narrate.ts';
import { leaderIntervals, summarize } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import { scenarioById } from './index.ts';

const found = scenarioById('split-brain');
if (!found) throw new Error('scenario split-brain is not registered');
const scenario = found;
const stepIds = scenario.steps.map((s) => s.id);
/** The steps a quorum-off run tells: all but the closing line of the other outcome. */
const toldWithoutQuorum = stepIds.filter((id) => id !== 'why-quorum');
const PARTITION_AT = 4000;
const HEAL_AT = 10_000;

const caption = (tr: Trace, id: string) => {
  const s = tr.steps.find((x) => x.id === id);
  const tpl = scenario.steps.find((x) => x.id === id)?.caption;
  return s && tpl ? fillCaption(tpl, s.vars, tr.params) : undefined;
};

describe('scenario split-brain (quorum off, the default)', () => {
  const trace = simulate(scenario);
  const summary = summarize(trace, scenario);
  const intervals = leaderIntervals(trace);

  it('has its cast: heartbeat election, no quorum, {node-1,node-2} | {node-3,node-4,node-5}', () => {
    expect(scenario).toMatchObject({
      id: 'split-brain',
      title: 'Split-brain without quorum',
      algorithm: 'heartbeat',
    });
    expect(trace.params.quorum).toBe(false);
    expect(scenario.faults[0]).toEqual({
      atMs: PARTITION_AT,
      fault: {
        kind: 'partition',
        groups: [
          ['node-1', 'node-2'],
          ['node-3', 'node-4', 'node-5'],
        ],
      },
    });
  });

  it('node-5 leads term 1; during the partition node-1 also leads, term 2; node-1 is the one left', () => {
    expect(intervals.map((l) => l.node)).toEqual(scenario.expect.leadersInOrder);
    const [first, second] = intervals;
    expect(first).toMatchObject({ node: 'node-5', term: 1, token: 1 });
    expect(second).toMatchObject({ node: 'node-1', term: 2, token: 2, ongoing: true });
    expect(first!.fromMs).toBeLessThan(PARTITION_AT);
    // Both believe they lead from node-1's election until the heal deposes node-5.
    expect(second!.fromMs).toBeGreaterThan(PARTITION_AT);
    expect(first!.toMs).toBeGreaterThan(HEAL_AT);
    expect(summary.final.leader).toBe(scenario.expect.finalLeader);
  });

  it('both leaders accept writes during the partition, and BOTH WRITE fires once', () => {
    const minorityLeaderFrom = intervals[1]!.fromMs;
    const during = summary.writes.filter((w) => w.atMs > minorityLeaderFrom && w.atMs < HEAL_AT);
    expect(new Set(during.map((w) => `${w.node}:${w.token}`))).toEqual(new Set(['node-5:1', 'node-1:2']));
    expect(summary.violations.map((v) => v.kind)).toEqual(scenario.expect.violations);
    expect(summary.violations[0]).toMatchObject({ nodes: ['node-1', 'node-5'] });
    expect(summary.violations[0]!.detail).toContain('BOTH WRITE');
  });

  it('messages: two elections (4 + 4 REQUEST_VOTE), only node-2 can answer the second; heartbeats are never acknowledged', () => {
    expect(summary.messages.byType.REQUEST_VOTE).toBe(8);
    expect(summary.messages.byType.VOTE).toBe(5);
    expect(summary.messages.byType.HEARTBEAT_ACK).toBeUndefined();
    expect(summary.messages.byType.REQUEST_PRE_VOTE).toBeUndefined();
  });

  it('resolves every narration step, in order, with every placeholder filled', () => {
    expect(trace.steps.map((s) => s.id)).toEqual(toldWithoutQuorum);
    for (const s of trace.steps) expect(caption(trace, s.id)).not.toMatch(/\{\w+\}/);
    expect(caption(trace, 'minority-leader')).toContain('node-1 got 2 votes from 2 answers');
    expect(caption(trace, 'both-write')).toContain('BOTH WRITE: node-1, node-5');
    expect(caption(trace, 'old-leader-deposed')).toContain(
      'node-5 hears HEARTBEAT from node-1 with the higher term 2',
    );
    const at = (id: string) => trace.steps.find((s) => s.id === id)?.atMs;
    expect(at('both-write')).toBe(summary.violations[0]?.atMs);
    expect(at('heal')).toBe(HEAL_AT);
  });

  it('splits the brain for any seed', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = summarize(simulate(scenario, { seed }), scenario);
      expect(
        s.violations.some((v) => v.kind === 'split-brain'),
        `seed ${seed}`,
      ).toBe(true);
    }
  });
});

describe('scenario split-brain replayed with quorum on', () => {
  const trace = simulate(scenario, { params: { quorum: true } });
  const summary = summarize(trace, scenario);

  it('the minority elects nobody: node-5 leads throughout and no alarm fires', () => {
    expect(leaderIntervals(trace).map((l) => [l.node, l.term, l.ongoing])).toEqual([['node-5', 1, true]]);
    expect(summary.violations).toEqual([]);
    expect(new Set(summary.writes.map((w) => w.node))).toEqual(new Set(['node-5']));
    // The minority asked (pre-votes) but never got past 2 of the 3 it needs.
    expect(summary.messages.byType.REQUEST_PRE_VOTE).toBeGreaterThan(4);
  });

  it('drops the steps whose events no longer happen and keeps the rest in order', () => {
    const dropped = ['minority-leader', 'both-write', 'old-leader-deposed', 'both-sides-led'];
    expect(trace.steps.map((s) => s.id)).toEqual(stepIds.filter((id) => !dropped.includes(id)));
  });

  it('never splits the brain, whatever the seed', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = summarize(simulate(scenario, { seed, params: { quorum: true } }), scenario);
      expect(s.violations, `seed ${seed}`).toEqual([]);
    }
  });
});

describe('scenario split-brain: the closing step says what this run did', () => {
  beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));
  const off = simulate(scenario);
  const on = simulate(scenario, { params: { quorum: true } });
  const last = (tr: Trace) => tr.steps[tr.steps.length - 1];
  const closing = (tr: Trace, lang: 'en' | 'pt' | 'ru') => {
    const s = last(tr);
    return s ? fillCaption(scenarioText(lang, scenario, `step.${s.id}`), s.vars, tr.params) : '';
  };

  it('quorum off: both sides elected a leader, and quorum is what would have stopped it', () => {
    expect(last(off)?.id).toBe('both-sides-led');
    expect(off.steps.map((s) => s.id)).not.toContain('why-quorum');
    expect(closing(off, 'en')).toContain('so both sides elected a leader. Turn quorum on');
    expect(closing(off, 'en')).not.toContain('With quorum on');
    expect(closing(off, 'pt')).toContain('os dois lados elegeram um líder. Ligue o quórum');
    expect(closing(off, 'ru')).toContain('обе стороны выбрали себе лидера. Включите кворум');
  });

  it('quorum on: the closing line says the two-node side elects nobody, and nothing about both sides leading', () => {
    expect(last(on)?.id).toBe('why-quorum');
    expect(on.steps.map((s) => s.id)).not.toContain('both-sides-led');
    expect(closing(on, 'en')).toContain('With quorum on, a leader needs 3 of 5 votes');
    expect(closing(on, 'pt')).toContain('o lado de dois nós não elege ninguém');
    expect(closing(on, 'ru')).toContain('сторона из двух узлов никого не выбирает');
    for (const lang of ['en', 'pt', 'ru'] as const)
      expect(closing(on, lang)).not.toMatch(/both sides|os dois lados elegeram|обе стороны/);
  });

  it('the scripted steps before the closing line keep their numbers', () => {
    expect(off.steps.slice(0, -1).map((s) => s.id)).toEqual(
      stepIds.slice(0, stepIds.indexOf('both-sides-led')),
    );
    expect(off.steps.findIndex((s) => s.id === 'both-sides-led')).toBe(9);
    expect(on.steps.length).toBe(7);
  });
});

describe('a step told on an outcome (`when`)', () => {
  it('must name an earlier step of the story', () => {
    const steps = [
      { id: 'closing', anchor: { k: 'end' }, caption: 'x', when: { step: 'later', told: true } },
      { id: 'later', anchor: { k: 'start' }, caption: 'y' },
    ];
    expect(() => parseScenario({ ...scenario, steps })).toThrow(
      /steps\[0\]\.when\.step: "later" is not an earlier step/,
    );
  });
});
