import { describe, expect, it } from 'vitest';
import { readScenarioParam, readStepParam, writeDeepLink } from './deepLink.ts';

const ids = ['bully', 'etcd-lease', 'split-brain', 'fencing-token', 'patroni'];

describe('deep links', () => {
  it('reads a known scenario and keeps the raw step for later', () => {
    expect(readScenarioParam('?scenario=fencing-token&step=7', ids)).toEqual({
      scenarioId: 'fencing-token',
      problem: null,
      rawStep: '7',
    });
    expect(readScenarioParam('?scenario=Patroni', ids).scenarioId).toBe('patroni');
    expect(readScenarioParam('', ids)).toEqual({ scenarioId: undefined, problem: null, rawStep: null });
  });

  it('reports an unknown scenario without losing the step', () => {
    expect(readScenarioParam('?scenario=raft&step=2', ids)).toEqual({
      scenarioId: undefined,
      problem: { param: 'scenario', value: 'raft' },
      rawStep: '2',
    });
  });

  it('accepts steps 1..count and turns them 0-based', () => {
    expect(readStepParam('1', 8)).toEqual({ step: 0, problem: null });
    expect(readStepParam('8', 8)).toEqual({ step: 7, problem: null });
    expect(readStepParam(null, 8)).toEqual({ step: undefined, problem: null });
  });

  it('rejects steps out of range or not whole numbers', () => {
    for (const bad of ['0', '9', '-1', '2.5', 'two', '', '1e1'])
      expect(readStepParam(bad, 8)).toEqual({ step: undefined, problem: { param: 'step', value: bad } });
  });

  it('writes scenario and step, keeping other parameters and the hash', () => {
    expect(writeDeepLink('https://x.test/lab/?lang=en#top', 'bully', 3)).toBe(
      '/lab/?lang=en&scenario=bully&step=3#top',
    );
    expect(writeDeepLink('https://x.test/?scenario=bully&step=3', 'patroni', null)).toBe(
      '/?scenario=patroni',
    );
  });
});
