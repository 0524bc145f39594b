import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { simulate } from '../simulate.ts';

// A context made after the flag has `gc` (as the bench does it): the heap is read after a full collection.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const used = () => {
  gc();
  gc();
  return getHeapStatistics().used_heap_size;
};

describe('stateRecord: what a run keeps of its records', () => {
  it('a 1 h lease run holds under 240 bytes per state record (arrays of their own length)', () => {
    const story = scenarioById('etcd-lease');
    if (!story) throw new Error('etcd-lease missing');
    const opts = { durationMs: 3_600_000 };
    // Both traces are kept: what the one with states holds more is its state records.
    const kept: unknown[] = [];
    const h0 = used();
    kept.push(simulate(story, { ...opts, states: false }));
    const h1 = used();
    const trace = simulate(story, opts);
    kept.push(trace);
    const h2 = used();
    const states = trace.events.filter((e) => e.k === 'state').length;
    const perRecord = (h2 - h1 - (h1 - h0)) / states;
    // Measured here: 321-323 bytes each while a record's lists were arrays grown by push (room for 16
    // elements each), 161-163 with arrays of their own length.
    expect(perRecord).toBeLessThan(240);
    expect(kept).toHaveLength(2);
  });
});
