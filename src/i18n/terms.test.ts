import { beforeAll, describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { adr001Pt } from '../adr/adr001.pt.ts';
import { adr001Ru } from '../adr/adr001.ru.ts';
import type { Run } from '../player/store.ts';
import { simulate } from '../sim/simulate.ts';
import { stepCaption } from '../views/story.ts';
import { catalogs, loadLanguage } from './index.ts';

/**
 * One rendering per term in each language, the way the product's pt and ru texts settled them:
 * Russian keeps token, lease, fencing token, failover in Latin and calls a follower "ведомый" (the
 * role's own label); neither language leaves the English alarm "BOTH WRITE" in a sentence; Portuguese
 * "expirar" has no object (the lease expires, etcd does not expire it) and "eventualmente" means
 * "now and then", not "eventually".
 */
beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}
const texts = (lang: 'pt' | 'ru') => [
  ...Object.values(catalogs[lang]),
  ...strings(lang === 'pt' ? adr001Pt : adr001Ru),
];
const hits = (lang: 'pt' | 'ru', re: RegExp) => texts(lang).filter((s) => re.test(s));

describe('terms read one way in each language', () => {
  it('ru: token in Latin, followers are ведомые, ОБА ПИШУТ rather than BOTH WRITE', () => {
    expect(hits('ru', /токен/i)).toEqual([]);
    expect(hits('ru', /\bfollowers?\b/i)).toEqual([]);
    expect(hits('ru', /BOTH WRITE/)).toEqual([]);
  });

  it('pt: AMBOS ESCREVEM rather than BOTH WRITE; the lease expires (no "o etcd expira"); no false friend "eventualmente"', () => {
    expect(hits('pt', /BOTH WRITE/)).toEqual([]);
    expect(hits('pt', /etcd expira/)).toEqual([]);
    expect(hits('pt', /\beventualmente\b/)).toEqual([]);
  });

  it('a count of HAProxy checks agrees with its number in pt and ru (haproxyFall 1 and 3)', () => {
    const patroni = scenarios.find((s) => s.id === 'patroni');
    if (!patroni) throw new Error('no patroni scenario');
    const caption = (haproxyFall: number, lang: 'pt' | 'ru') => {
      const trace = simulate(patroni, { params: { haproxyFall } });
      const step = trace.steps.find((s) => s.id === 'haproxy-marks-pg-1-down');
      if (!step) throw new Error('no haproxy-marks-pg-1-down step');
      return stepCaption({ scenario: patroni, trace } as Run, step, lang);
    };
    expect(caption(1, 'ru')).toContain('после 1 проверки без ответа');
    expect(caption(3, 'ru')).toContain('после 3 проверок без ответа');
    expect(caption(1, 'pt')).toContain('depois de 1 verificação sem resposta');
    expect(caption(3, 'pt')).toContain('depois de 3 verificações sem resposta');
  });
});
