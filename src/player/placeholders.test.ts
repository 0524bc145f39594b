import { beforeAll, describe, expect, it } from 'vitest';
import { scenarioById } from '../../scenarios/index.ts';
import { loadLanguage } from '../i18n/index.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';
import { navCaption } from '../views/story.ts';
import { goToStep, navSteps, stepBack, stepForward } from './steps.ts';
import type { Run } from './store.ts';

beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));

const kubernetes = scenarioById('kubernetes-lease') as Scenario;
/** `?scenario=kubernetes-lease&fault=2154,pause,node-1,17000&whatif=1` (issue #38). */
const paused = () =>
  simulate(kubernetes, {
    interventions: [{ atMs: 2154, fault: { kind: 'pause', node: 'node-1', durationMs: 17_000 } }],
  });

describe('placeholders of a run the reader changed: told once, from the trace (#38)', () => {
  it('kubernetes-lease with a 17 s pause: steps 5–7 are one span; step 8 keeps its number', () => {
    const trace = paused();
    const nav = navSteps(trace, kubernetes);
    const asWritten = navSteps(simulate(kubernetes), kubernetes).map((s) => s.id);
    expect(nav.map((s) => s.id).indexOf('fenced-write')).toBe(asWritten.indexOf('fenced-write'));
    const skipped = nav.flatMap((s, i) => (s.skipped ? [i] : []));
    expect(skipped).toEqual([4, 5, 6]);
    for (const i of skipped) expect(nav[i]?.span).toEqual({ first: 4, last: 6 });
    // One caption for the span, whichever of its numbers a `step=` link names.
    const run = { scenario: kubernetes, trace } as Run;
    const captions = new Set(skipped.map((i) => navCaption(run, nav[i] as (typeof nav)[number], 'en')));
    expect(captions.size).toBe(1);
    // Step forward passes the span as one step; back returns to it, then before it.
    const at4 = goToStep(nav, 3);
    const span = stepForward(nav, at4, trace.durationMs);
    expect(span.stepIndex).toBe(4);
    const after = stepForward(nav, span, trace.durationMs);
    expect(nav[after.stepIndex]?.id).toBe('fenced-write');
    expect(stepBack(nav, after)).toEqual(span);
    expect(stepBack(nav, span)).toEqual(at4);
    // A link to step 6 or 7 opens the span too, and forward leaves it.
    expect(stepForward(nav, goToStep(nav, 6), trace.durationMs)).toEqual(after);
  });

  it('says what happened instead, from the trace: node-1’s pause and node-3 holding the lease, in en, pt and ru', () => {
    const trace = paused();
    const nav = navSteps(trace, kubernetes);
    const step = nav[4] as (typeof nav)[number];
    const run = { scenario: kubernetes, trace } as Run;
    const en = navCaption(run, step, 'en');
    expect(en).toMatch(/^Steps 5–7 of the story do not happen in this run/);
    expect(en).toContain('node-1 paused (GC) for 17 s (t = 2.2 s)');
    expect(en).toContain('node-3 leads with fencing token 1, since 18.2 s');
    const pt = navCaption(run, step, 'pt');
    expect(pt).toMatch(/^Os passos 5–7 da história não acontecem nesta execução/);
    expect(pt).toContain('2,2 s');
    expect(pt).toMatch(/o node-3 é o líder com o fencing token 1, desde 18,2 s/);
    const ru = navCaption(run, step, 'ru');
    expect(ru).toMatch(/^Шагов 5–7 истории в этом прогоне нет/);
    expect(ru).toContain('2,2 с');
    expect(ru).toMatch(/лидер — node-3 с fencing token 1, начиная с 18,2 с/);
    // No English left in the other two (the fault's own words are the log's, translated).
    for (const text of [pt, ru]) expect(text).not.toMatch(/paused|leads|resumed|Steps/);
  });

  it('split-brain with quorum on: the one placeholder names its step and who leads there', () => {
    const sc = scenarioById('split-brain') as Scenario;
    const trace = simulate(sc, { params: { quorum: true } });
    const nav = navSteps(trace, sc);
    const i = nav.findIndex((s) => s.id === 'old-leader-deposed');
    expect(nav[i]?.span).toEqual({ first: i, last: i });
    const en = navCaption({ scenario: sc, trace } as Run, nav[i] as (typeof nav)[number], 'en');
    expect(en).toMatch(
      new RegExp(`^Step ${i + 1} of the story does not happen in this run\\. Instead: .*node-\\d`),
    );
    expect(en).not.toContain('knobs or faults changed');
  });
});
