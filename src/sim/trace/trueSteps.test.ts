import { describe, expect, it } from 'vitest';
import { scenarioById, scenarios } from '../../../scenarios/index.ts';
import { simulate } from '../simulate.ts';
import { fillCaption } from './narrate.ts';
import { countsTo } from './trueSteps.ts';

const captions = (id: string, opts: Parameters<typeof simulate>[1]) => {
  const s = scenarioById(id);
  if (!s) throw new Error(id);
  const tr = simulate(s, { ...opts, states: false });
  return tr.steps.map((st) =>
    fillCaption(
      s.steps.find((x) => x.id === st.id)?.caption ?? '',
      st.vars,
      tr.params as Record<string, number>,
    ),
  );
};

describe("a changed run keeps only the story's steps that are true of it", () => {
  it('raft on 6 servers: no caption counts five, none shows an unfilled placeholder', () => {
    const told = captions('raft', { nodes: 6 });
    expect(told.filter((c) => /\{\w+\}/.test(c))).toEqual([]);
    expect(told.filter((c) => /^Five servers| of 5\b/.test(c))).toEqual([]);
    // What is still true stays: node-5 restarts in this run too.
    expect(told.some((c) => c.startsWith('node-5 restarts'))).toBe(true);
  });

  it('bully on 50 nodes keeps its captions that name nodes by rank, true at any size', () => {
    const told = captions('bully', { nodes: 50 });
    expect(told[0]).toMatch(/^50 nodes, and the rule is simple: .* node-50\.$/);
    expect(told).toContain(
      'node-50 is down. Its heartbeats stop, but nobody can tell a dead node from a slow one yet.',
    );
  });

  it('every story run as written keeps every step (the filter is for changed runs only)', () => {
    for (const s of scenarios.filter((x) => !x.freePlay)) {
      const tr = simulate(s, { states: false });
      const all = simulate(s, { states: false, nodes: s.nodes });
      expect(
        all.steps.map((x) => x.id),
        s.id,
      ).toEqual(tr.steps.map((x) => x.id));
    }
  });

  it('reads a count in a caption, not a time or a node id', () => {
    expect(countsTo('Five servers run Raft.', 5)).toBe(true);
    expect(countsTo('4 of 5 is still a majority', 5)).toBe(true);
    expect(countsTo('node-5 restarts', 5)).toBe(false);
    expect(countsTo('after 5 s', 5)).toBe(false);
    expect(countsTo('{n} nodes', 5)).toBe(false);
  });
});
