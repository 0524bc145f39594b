import { beforeAll, describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { loadLanguage } from '../../i18n/index.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { parseStoryFile } from '../../sim/scenario/storyFile.ts';
import { simulate } from '../../sim/simulate.ts';
import { storyFileOf } from '../export/storyExport.ts';
import {
  budgetRefusal,
  challengeOf,
  challengeScenario,
  lockedOf,
  replayScenario,
  storyIdOf,
} from './challengeRun.ts';

beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));

const story = (id: string): Scenario => {
  const s = scenarioById(id);
  if (!s) throw new Error(`no ${id}`);
  return s;
};

describe('a challenge in the app', () => {
  it('runs the start: no script, one step telling the task, in three languages', () => {
    const s = challengeScenario(story('fencing-token'));
    expect(challengeOf(s)).toEqual(story('fencing-token').challenge);
    expect(challengeOf(story('fencing-token'))).toBeNull();
    expect(storyIdOf(s)).toBe('fencing-token');
    expect(s.faults).toEqual([]);
    expect(s.steps.map((x) => x.id)).toEqual(['challenge']);
    expect(scenarioText('pt', s, 'title')).toBe('Desafio: Fencing token');
    expect(scenarioText('ru', s, 'step.challenge')).toMatch(/^Lease без fencing token/);
  });

  it('locks the named knobs, the fix and the cluster size; a story that is not a challenge locks none', () => {
    expect([...lockedOf(challengeScenario(story('fencing-token')))].sort()).toEqual([
      'fencing',
      'fix',
      'nodes',
      'ttlS',
    ]);
    expect(lockedOf(story('fencing-token')).size).toBe(0);
  });

  it('refuses in the What-if menu what the budget does not allow, and says why', () => {
    const s = challengeScenario(story('fencing-token'));
    const pause = { kind: 'pause', node: 'node-1', durationMs: 38_000 } as const;
    expect(budgetRefusal(s, [], pause)).toBeNull();
    expect(budgetRefusal(s, [{ atMs: 5000, fault: pause }], pause)).toBe(
      'Budget spent for this kind of fault',
    );
    expect(budgetRefusal(s, [], { kind: 'crash', node: 'node-1' })).toBe('Not in this challenge’s budget');
    expect(budgetRefusal(story('fencing-token'), [], { kind: 'crash', node: 'node-1' })).toBeNull();
  });

  it('the replay link’s story runs the same break from a file (the fix block written out as knobs)', async () => {
    const start = challengeScenario(story('lease-no-fencing'));
    const faults = [{ atMs: 5100, fault: { kind: 'pause', node: 'node-1', durationMs: 33_000 } } as const];
    const trace = simulate(start, { interventions: [...faults] });
    const run = { scenario: start, trace } as never;
    const file = await storyFileOf(replayScenario(run, {}, faults));
    const again = parseStoryFile(JSON.parse(JSON.stringify(file))).scenario;
    const kinds = (t: ReturnType<typeof simulate>) =>
      t.events.flatMap((e) => (e.k === 'violation' ? [`${e.t} ${e.violation.kind}`] : []));
    expect(kinds(simulate(again))).toEqual(kinds(trace));
    expect(kinds(trace)).toContain('38156 stale-write-accepted');
    // With the fix on, the file holds the fix's knobs.
    const fixed = await storyFileOf(
      replayScenario({ scenario: start, trace } as never, { fix: true }, faults),
    );
    expect(fixed.params?.fencing).toBe(true);
  });
});
