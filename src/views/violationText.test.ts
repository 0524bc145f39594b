import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, setLocale } from '../i18n/index.ts';
import { type Facts, violation } from '../sim/check/violation.ts';
import { VIOLATION_KINDS } from '../sim/trace/events.ts';
import { violationText, violationVars } from './violationText.ts';

beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));
afterEach(() => setLocale('en'));

/** One violation of every kind, as its checker makes it (check/violation.ts). */
const examples: Record<(typeof VIOLATION_KINDS)[number], Facts> = {
  'split-brain': { kind: 'split-brain', nodes: ['node-1', 'node-2'] },
  'stale-write-accepted': {
    kind: 'stale-write-accepted',
    nodes: ['node-1'],
    resource: 'storage',
    token: 42,
    seen: 43,
  },
  'two-lease-holders': {
    kind: 'two-lease-holders',
    nodes: ['node-1', 'node-2'],
    key: '/election/leader',
    pair: ['node-2', 'node-1'],
    leases: [0x694d5e0c7a01, 0x694d5e0c7a07],
  },
  leaderless: { kind: 'leaderless', nodes: [], ms: 12_340, boundMs: 10_000 },
  'two-leaders-in-term': {
    kind: 'two-leaders-in-term',
    nodes: ['node-1', 'node-3'],
    pair: ['node-3', 'node-1'],
    term: 7,
  },
  'job-not-running': { kind: 'job-not-running', nodes: [], ms: 36_680, boundMs: 30_000 },
  'job-committed-twice': { kind: 'job-committed-twice', nodes: ['node-3'], job: 'job-1', count: 2 },
  'job-ran-twice': {
    kind: 'job-ran-twice',
    nodes: ['node-7', 'node-2'],
    pair: ['node-7', 'node-2'],
    job: 'acme',
    count: 2,
  },
  'duplicate-email': {
    kind: 'duplicate-email',
    nodes: ['node-2', 'node-4'],
    job: 'job-5',
    count: 2,
    senders: ['node-2', 'node-4'],
  },
  'one-job-run': { kind: 'one-job-run', nodes: [], job: 'report-29012', count: 2 },
  'leader-append-only': { kind: 'leader-append-only', nodes: ['node-2'], term: 3, index: 4 },
  'log-matching': {
    kind: 'log-matching',
    nodes: ['node-1', 'node-4'],
    pair: ['node-1', 'node-4'],
    term: 8,
    index: 11,
  },
  'leader-completeness': { kind: 'leader-completeness', nodes: ['node-5'], term: 5, index: 2 },
  'state-machine-safety': {
    kind: 'state-machine-safety',
    nodes: ['node-1', 'node-5'],
    pair: ['node-1', 'node-5'],
    term: 3,
    index: 2,
  },
};

describe('violations are data: worded from their facts, never parsed', () => {
  it('the English detail (what the CLI prints) is built from the facts, as the checkers wrote it', () => {
    expect(violation(examples['stale-write-accepted']).detail).toBe(
      'storage accepted token 42 from node-1 after token 43',
    );
    expect(violation(examples['two-lease-holders']).detail).toBe(
      `/election/leader passed from node-2 (lease ${0x694d5e0c7a01}) to node-1 (lease ${0x694d5e0c7a07}) while held`,
    );
    expect(violation(examples['duplicate-email']).detail).toBe('job-5 e-mailed 2 times (by node-2, node-4)');
  });

  for (const kind of VIOLATION_KINDS)
    it(`${kind}: every language words it from its facts, whatever its English detail says`, () => {
      const v = { ...violation(examples[kind]), detail: 'REWORDED BY A CHECKER' };
      for (const lang of ['en', 'pt', 'ru'] as const) {
        setLocale(lang);
        const text = violationText(v);
        expect(text).not.toContain('REWORDED');
        expect(text).not.toMatch(/\{\w+/);
        for (const value of Object.values(violationVars(v) ?? {}))
          expect(text, `${lang} ${kind}`).toContain(String(value).split(', ')[0]);
      }
    });

  it('a format 1 violation (its English detail alone) is shown as written', () => {
    setLocale('pt');
    const old = {
      kind: 'stale-write-accepted' as const,
      nodes: ['node-1'],
      detail: 'storage accepted token 1 from node-1 after token 2',
    };
    expect(violationVars(old)).toBeNull();
    expect(violationText(old)).toBe(old.detail);
  });

  it('Portuguese and Russian say it in their words', () => {
    const v = violation(examples['stale-write-accepted']);
    setLocale('pt');
    expect(violationText(v)).toBe('storage aceitou o token 42 de node-1 depois do token 43');
    setLocale('ru');
    expect(violationText(violation(examples['job-committed-twice']))).toBe(
      'job-1 зафиксирован 2 раза (последний раз — node-3)',
    );
  });
});
