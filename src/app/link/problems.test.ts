import { describe, expect, it } from 'vitest';
import { readStepParam } from './problems.ts';

describe('deep links', () => {
  it('accepts steps 1..count and turns them 0-based', () => {
    expect(readStepParam('1', 8)).toEqual({ step: 0, problem: null });
    expect(readStepParam('8', 8)).toEqual({ step: 7, problem: null });
    expect(readStepParam(null, 8)).toEqual({ step: undefined, problem: null });
  });

  it('rejects steps out of range or not whole numbers', () => {
    for (const bad of ['0', '9', '-1', '2.5', 'two', '', '1e1'])
      expect(readStepParam(bad, 8)).toEqual({ step: undefined, problem: { param: 'step', value: bad } });
  });
});
