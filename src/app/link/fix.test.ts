import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { decodeView } from './decode.ts';
import { NO_FIX } from './params.ts';
import { encodeView } from './view.ts';

/**
 * `fix=on` in a link: a pitfall story with its fix (scenario/fix.ts). Two stand-in pitfalls so the
 * test does not depend on which stories exist: one whose fix is a knob, one whose fix changes the
 * algorithm (its knobs are then the fixed algorithm's).
 */
const fencing = scenarios.find((s) => s.id === 'fencing-token') as Scenario;
const lease = scenarios.find((s) => s.id === 'etcd-lease') as Scenario;
const knobFix: Scenario = {
  ...fencing,
  id: 'knob-fix',
  params: { ...fencing.params, fencing: false },
  fix: { params: { fencing: true } },
};
const algorithmFix: Scenario = {
  ...lease,
  id: 'algorithm-fix',
  fix: { algorithm: 'heartbeat', params: { quorum: true } },
};
const ctx = { scenarios: [...scenarios, knobFix, algorithmFix], locales: ['en', 'pt', 'ru'] };

describe('fix=on in a link', () => {
  it('turns the fix knob on, and is written back as fix=on (not set=fix:on), after the scenario', () => {
    const d = decodeView('?scenario=knob-fix&fix=on&step=3', ctx);
    expect(d.problems).toEqual([]);
    expect(d.view.params).toEqual({ fix: true });
    const q = encodeView(d.view);
    expect(q).toBe('?scenario=knob-fix&fix=on&step=3');
    expect(q).not.toContain('set=fix');
    expect(decodeView(q, ctx).view).toEqual(d.view);
  });

  it('fix=off is the default: nothing in the view, nothing written', () => {
    const d = decodeView('?scenario=knob-fix&fix=off', ctx);
    expect(d.problems).toEqual([]);
    expect(d.view.params).toEqual({});
    expect(encodeView(d.view)).toBe('?scenario=knob-fix');
  });

  it('a bad value is a problem naming fix and the value; the rest of the link loads', () => {
    const d = decodeView('?scenario=knob-fix&fix=yes&seed=7&step=2', ctx);
    expect(d.problems).toEqual([{ param: 'fix', value: 'yes', reason: 'expected on or off' }]);
    expect(d.view.params).toEqual({});
    expect(d.view.scenario).toBe('knob-fix');
    expect(d.view.seed).toBe(7);
    expect(d.view.step).toBe(1);
  });

  it('fix=on on a scenario without a fix is a problem; the scenario still opens', () => {
    const d = decodeView('?scenario=bully&fix=on', ctx);
    expect(d.problems).toEqual([{ param: 'fix', value: 'on', reason: NO_FIX }]);
    expect(d.view.scenario).toBe('bully');
    expect(d.view.params).toEqual({});
  });

  it('knobs after fix=on are checked against the fixed run’s algorithm', () => {
    // quorum is a heartbeat knob: fine with the fix (heartbeat), unknown without it (lease).
    const on = decodeView('?scenario=algorithm-fix&fix=on&set=quorum:off', ctx);
    expect(on.problems).toEqual([]);
    expect(on.view.params).toEqual({ fix: true, quorum: false });
    const off = decodeView('?scenario=algorithm-fix&set=quorum:off', ctx);
    expect(off.problems.map((p) => p.param)).toEqual(['set']);
    expect(off.view.params).toEqual({});
  });

  it('compare=fix:on|off compares the story without and with its fix', () => {
    const d = decodeView('?scenario=knob-fix&compare=fix:on', ctx);
    expect(d.problems).toEqual([]);
    expect(d.view.compare).toEqual({ name: 'fix', value: true });
    expect(encodeView(d.view)).toBe('?scenario=knob-fix&compare=fix:on');
    const back = decodeView('?scenario=knob-fix&fix=on&compare=fix:off', ctx);
    expect(back.view.compare).toEqual({ name: 'fix', value: false });
    expect(decodeView('?scenario=bully&compare=fix:on', ctx).problems.map((p) => p.param)).toEqual([
      'compare',
    ]);
    expect(decodeView('?scenario=knob-fix&compare=fix:maybe', ctx).problems.map((p) => p.param)).toEqual([
      'compare',
    ]);
  });
});

describe('a fix problem in words', () => {
  it('says what was wrong and what was expected', async () => {
    const { problemText } = await import('./problemText.ts');
    expect(problemText({ param: 'fix', value: 'yes', reason: 'expected on or off' }, null)).toBe(
      'Ignored “fix”: “yes”. Expected on or off.',
    );
    expect(problemText({ param: 'fix', value: 'on', reason: NO_FIX }, null)).toMatch(/has no fix/);
  });
});
