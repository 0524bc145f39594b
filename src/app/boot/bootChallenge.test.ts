import { describe, expect, it } from 'vitest';
import * as catalogue from '../../../scenarios/index.ts';
import { strings as englishLater } from '../../i18n/en.later.ts';
import { installEnglishLater } from '../../i18n/index.ts';
import { challengeOf } from '../challenge/challengeRun.ts';
import * as decode from '../link/decode.ts';
import { installDecoder } from '../link/decoder.ts';
import { problemText } from '../link/problemText.ts';
import { boot, challengeIdOf } from './boot.ts';
import { installScenarios } from './scenarioList.ts';

installScenarios(catalogue);
installDecoder(decode);
installEnglishLater(englishLater);

describe('a link to a challenge, by its id', () => {
  it('reads scenario=challenge-<story>', () => {
    expect(challengeIdOf('?scenario=challenge-split-brain&step=2')).toBe('split-brain');
    expect(challengeIdOf('?scenario=Challenge-Split-Brain')).toBe('split-brain');
    expect(challengeIdOf('?scenario=split-brain')).toBeNull();
    expect(challengeIdOf('?scenario=challenge-')).toBeNull();
  });

  it("opens the story, then its challenge, with the link's own faults over its start (the embed and the element boot the same way)", async () => {
    const b = boot('?embed=1&scenario=challenge-split-brain&fault=1000,crash,node-1', undefined, {
      embedded: true,
    });
    expect(b.problems).toEqual([]);
    expect(await b.later).toEqual([]);
    const s = b.store.getState();
    expect(s.run?.scenario.id).toBe('challenge-split-brain');
    expect(s.run && challengeOf(s.run.scenario)?.goal).toBeTruthy();
    // The challenge's own start has no script; the student's fault comes from the link.
    expect(s.run?.scenario.faults).toEqual([]);
    expect(s.interventions).toEqual([{ atMs: 1000, fault: { kind: 'crash', node: 'node-1' } }]);
  });

  it('a story without a challenge says so, and stays on the story', async () => {
    const b = boot('?scenario=challenge-bully', undefined, { embedded: true });
    const later = await b.later;
    expect(b.store.getState().run?.scenario.id).toBe('bully');
    expect(later.map((p) => problemText(p, b.store.getState().run))).toEqual([
      'Ignored “scenario”: “challenge-bully”. “Bully algorithm (legacy)” has no challenge to open.',
    ]);
  });
});
