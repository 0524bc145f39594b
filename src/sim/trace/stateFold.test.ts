import { describe, expect, it } from 'vitest';
import type { StateEvent } from './events.ts';
import { emptyNodeState, foldState, impliedExits, StateFoldError } from './stateFold.ts';

const ev = (e: Partial<StateEvent>): StateEvent => ({ k: 'state', t: 0, node: 'n', on: 'X', ...e });

describe('stateFold: reading state events back', () => {
  it('an entered leaf replaces the leaves of its own region only', () => {
    const old = ['s.beat.ticking', 's.role.leading.work.idle', 's.role.leading.watch.armed'];
    expect(impliedExits(old, ['s.role.leading.work.preparing'])).toEqual(['s.role.leading.work.idle']);
    expect(impliedExits(old, ['s.role.following'])).toEqual(old.slice(1));
    expect(impliedExits(old, ['granting'])).toEqual(old);
    // A shared prefix counts whole segments only: `role.wait` is not inside `role.waiting`.
    expect(impliedExits(['s.role.wait', 's.beat.on'], ['s.role.waiting'])).toEqual(['s.role.wait']);
    expect(impliedExits(['s.rolex.a', 's.role.b'], ['s.role.c'])).toEqual(['s.role.b']);
  });

  it('resolves names by number, applies x, tx, tm and context deltas', () => {
    let s = foldState(
      emptyNodeState(),
      ev({ init: true, v: ['a.x', 'b.y'], tm: [['t1', 50]], c: { term: 1 } }),
    );
    s = foldState(s, ev({ t: 10, v: ['a.z'], x: [0], tm: [['t2', 5]], tx: ['t1'], c: { leader: 'n2' } }));
    expect(s.leaves).toEqual(['a.z', 'b.y']);
    expect([...s.timers]).toEqual([['t2', 15]]);
    expect(s.ctx).toEqual({ term: 1, leader: 'n2' });
    s = foldState(s, ev({ t: 15, on: 'after:t2', v: [0] }));
    expect(s.leaves).toEqual(['a.x', 'b.y']);
    expect(s.timers.size).toBe(0);
  });

  it('an unknown name number is an error naming the field', () => {
    const s = foldState(emptyNodeState(), ev({ init: true, v: ['a'] }));
    expect(() => foldState(s, ev({ v: [7] }))).toThrow(StateFoldError);
    try {
      foldState(s, ev({ tx: [3] }));
    } catch (e) {
      expect((e as StateFoldError).field).toBe('tx[0]');
      expect((e as Error).message).toMatch(/name number 3 was never written/);
    }
  });

  it('init starts over: names and leaves of the old actor are gone', () => {
    let s = foldState(emptyNodeState(), ev({ init: true, v: ['a'] }));
    s = foldState(s, ev({ init: true, v: ['b'] }));
    expect(s.leaves).toEqual(['b']);
    expect(s.names).toEqual(['b']);
  });
});
