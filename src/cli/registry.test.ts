// The registry is the one list of algorithms: the CLI's usage, its validation and the README read it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { algorithmIds } from '../sim/algorithms/registry.ts';
import { parseArgs, usage } from './args.ts';

describe('the CLI and the docs read the registry', () => {
  it('the usage line names every registered algorithm, in the registry’s order', () => {
    expect(/--algorithm ([a-z|]+)\]/.exec(usage)?.[1]?.split('|')).toEqual(algorithmIds);
  });

  it('the README names the same algorithms for --algorithm', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    expect(/`--algorithm ([a-z|]+)`/.exec(readme)?.[1]?.split('|')).toEqual(algorithmIds);
  });

  it('takes each registered algorithm for the sandbox and refuses another, naming the known ones', () => {
    for (const id of algorithmIds)
      expect(parseArgs(['sandbox', '--algorithm', id], scenarios).scenario.algorithm).toBe(id);
    expect(() => parseArgs(['sandbox', '--algorithm', 'paxos'], scenarios)).toThrow(
      new RegExp(algorithmIds.join('.*')),
    );
  });
});
