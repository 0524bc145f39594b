import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import type { TraceEvent } from './events.ts';
import { resolveSteps } from './narrate.ts';

describe('resolveSteps', () => {
  it("reads a delivery's send before it, and one sent later in a trace made by hand", () => {
    const story = scenarios[0];
    if (!story) throw new Error('no story');
    const sc = {
      ...story,
      steps: [{ id: 'got', anchor: { k: 'deliver' as const, type: 'PING', from: 'a' }, caption: '' }],
    };
    const send = (t: number, id: number, from: string): TraceEvent => ({
      k: 'send',
      t,
      id,
      from,
      to: 'b',
      type: 'PING',
      deliverAt: t + 10,
      data: { n: id },
    });
    const inOrder: TraceEvent[] = [
      send(0, 1, 'c'),
      send(1, 2, 'a'),
      { k: 'deliver', t: 10, id: 1 },
      { k: 'deliver', t: 11, id: 2 },
    ];
    expect(resolveSteps(sc, inOrder, 100)).toEqual([
      {
        id: 'got',
        atMs: 11,
        eventIndex: 3,
        vars: { t: 11, from: 'a', to: 'b', type: 'PING', node: 'a', n: 2 },
      },
    ]);
    const late: TraceEvent[] = [{ k: 'deliver', t: 0, id: 7 }, send(0, 7, 'c')];
    // Its send is from c, not a: no step.
    expect(resolveSteps(sc, late, 100)).toEqual([]);
  });
});
