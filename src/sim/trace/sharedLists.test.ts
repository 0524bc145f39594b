import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { simulate } from '../simulate.ts';
import type { StateEvent, TraceEvent } from './events.ts';
import { ListSharer } from './sharedLists.ts';
import { emptyNodeState, foldState, type NodeState } from './stateFold.ts';

describe("ListSharer: state records' lists of one name or one timer, shared (the simulator's, and a worker's on the page)", () => {
  const story = scenarioById('etcd-lease');
  if (!story) throw new Error('etcd-lease missing');
  const trace = simulate(story, { durationMs: 600_000 });
  const text = JSON.stringify(trace.events);

  it('keeps every event as parsed, and the fold of every node the same', () => {
    const parsed = JSON.parse(text) as TraceEvent[];
    new ListSharer().share(parsed);
    expect(parsed).toEqual(JSON.parse(text));
    expect(JSON.stringify(parsed)).toBe(text);
    // Every node's chart, folded to the run's end, is the simulator's.
    const fold = (events: TraceEvent[]) => {
      const by = new Map<string, NodeState>();
      for (const e of events)
        if (e.k === 'state') by.set(e.node, foldState(by.get(e.node) ?? emptyNodeState(), e as StateEvent));
      return by;
    };
    expect(fold(parsed)).toEqual(fold(trace.events));
  });

  it('gives records that say the same one name or one timer the same frozen list, across messages', () => {
    const sharer = new ListSharer();
    const a = JSON.parse(text) as TraceEvent[];
    const b = JSON.parse(text) as TraceEvent[];
    sharer.share(a.slice(0, a.length >> 1));
    sharer.share(a.slice(a.length >> 1));
    sharer.share(b);
    const lists = new Map<string, Set<unknown>>();
    for (const e of [...a, ...b]) {
      if (e.k !== 'state') continue;
      for (const [f, l] of [
        ['v', e.v],
        ['tm', e.tm],
        ['tx', e.tx],
      ] as const) {
        const json = JSON.stringify(l);
        if (l?.length !== 1 || json.includes('"')) continue;
        const key = `${f} ${json}`;
        lists.set(key, (lists.get(key) ?? new Set()).add(l));
        expect(Object.isFrozen(l)).toBe(true);
      }
    }
    expect(lists.size).toBeGreaterThan(5);
    for (const [key, set] of lists) expect(set.size, key).toBe(1);
  });
});
