import { afterAll, describe, expect, it } from 'vitest';
import { scenarioById, scenarios } from '../../scenarios/index.ts';
import { type Locale, setLocale } from '../i18n/index.ts';
import { algorithmFor } from '../sim/algorithms/declared.ts';
import { knobAlias } from '../sim/params.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { fixChanges } from './knobs.ts';

afterAll(() => setLocale('en'));

const lines = async (story: Scenario) => {
  const out: Partial<Record<Locale, string>> = {};
  for (const lang of ['en', 'pt', 'ru'] as const) {
    await setLocale(lang);
    out[lang] = fixChanges(story);
  }
  return out as Record<Locale, string>;
};

describe('the fix line names the knobs by what they do, with units (#38 item 2)', () => {
  it('twenty-instances: "election: lease · UPDATE with a token · TTL 15 s", and so in pt and ru', async () => {
    const l = await lines(scenarioById('twenty-instances') as Scenario);
    expect(l.en).toBe('election: lease · UPDATE with a token · TTL 15 s');
    expect(l.pt).toBe('eleição: lease · UPDATE com token · TTL 15 s');
    expect(l.ru).toBe('выборы: lease · UPDATE с token-ом · TTL 15 с');
  });

  it('lease-no-fencing: what the fix switches on, not "fencing = on"', async () => {
    const l = await lines(scenarioById('lease-no-fencing') as Scenario);
    expect(l.en).toBe('the storage checks fencing tokens');
    expect(l.pt).toBe('o armazenamento verifica os fencing tokens');
    expect(l.ru).toBe('хранилище проверяет fencing token');
  });

  it('no pitfall’s fix line shows a raw knob id or an "=", in any language', async () => {
    const pitfalls = scenarios.filter((s) => s.fix);
    expect(pitfalls.length).toBeGreaterThan(5);
    for (const story of pitfalls) {
      const alg = algorithmFor(story.fix?.algorithm ?? story.algorithm);
      const ids = Object.keys(story.fix?.params ?? {}).flatMap((n) => [
        n,
        knobAlias(n, alg.knobAliases) ?? n,
      ]);
      const l = await lines(story);
      for (const [lang, line] of Object.entries(l)) {
        expect(line, `${story.id} ${lang}`).not.toMatch(/=/);
        // A camel-case or snake-case id (casToken, loop_wait); one-word ids (fencing) are caught by "=".
        for (const id of ids.filter((n) => /[A-Z_]/.test(n)))
          expect(line, `${story.id} ${lang}: ${id}`).not.toContain(id);
        // Milliseconds of whole seconds read as seconds (short-timeout's 10000 ms is 10 s).
        expect(line, `${story.id} ${lang}`).not.toMatch(/\d{4,} (ms|мс)/);
      }
    }
  });
});
