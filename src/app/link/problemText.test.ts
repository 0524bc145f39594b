import { afterAll, describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { setLocale } from '../../i18n/index.ts';
import type { Run } from '../../player/store.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { simulate } from '../../sim/simulate.ts';
import { decodeView } from './decode.ts';
import { checkFaultHosts } from './faults.ts';
import { problemText } from './problemText.ts';

afterAll(() => setLocale('en'));

const bully = scenarioById('bully') as Scenario;
const run = { scenario: bully, trace: simulate(bully) } as Run;
/** The words of English the link code wrote into its details (issue #38 item 5: pt kept them). */
const english = /\b(after the end|no host|hosts:|expected|whole seconds|of the run)\b/i;

describe('a bad link’s notice is in the reader’s language, detail included', () => {
  it('a fault past the run’s end, a fault on a host the story has not, a bad duration: pt and ru keep no English', async () => {
    const { problems } = decodeView('?scenario=bully&fault=90000,crash,node-2&duration=0', {
      scenarios: [bully],
      locales: ['en', 'pt', 'ru'],
    });
    const host = checkFaultHosts(
      [{ atMs: 100, fault: { kind: 'crash', node: 'node-9' } }],
      ['node-1', 'node-2'],
    ).problems;
    const all = [...problems.filter((p) => p.param === 'fault' || p.param === 'duration'), ...host];
    expect(all.map((p) => p.param).sort()).toEqual(['duration', 'fault', 'fault']);
    for (const lang of ['pt', 'ru'] as const) {
      await setLocale(lang);
      for (const p of all) expect(problemText(p, run), `${lang} ${p.param}`).not.toMatch(english);
    }
    await setLocale('pt');
    const texts = all.map((p) => problemText(p, run)).join('\n');
    expect(texts).toContain('90000 ms fica depois do fim da execução');
    expect(texts).toContain('não existe o host “node-9”');
    await setLocale('en');
    expect(all.map((p) => problemText(p, run)).join('\n')).toContain('no host "node-9"');
  });
});
