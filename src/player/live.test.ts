import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../sim/trace/events.ts';
import { fileEvent } from './live.ts';

const mark = (t: number, name: string): TraceEvent => ({ k: 'mark', t, node: 'app', name });

describe('the live source files streamed events', () => {
  it('in time order, a late-recorded fault before the later events, after those of its millisecond', () => {
    const events: TraceEvent[] = [];
    for (const e of [mark(0, 'a'), mark(10, 'b'), mark(20, 'c'), mark(10, 'fault'), mark(30, 'd')])
      fileEvent(events, e);
    expect(events.map((e) => (e.k === 'mark' ? e.name : ''))).toEqual(['a', 'b', 'fault', 'c', 'd']);
  });
});
