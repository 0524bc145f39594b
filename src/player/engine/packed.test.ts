import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { EngineCore } from './core.ts';
import { packed } from './packed.ts';
import type { FromEngine } from './protocol.ts';

const lease = scenarios.find((s) => s.id === 'etcd-lease') as Scenario;

/** A whole run's messages from the engine, as the worker's core posts them. */
function posts(): FromEngine[] {
  const tasks: Array<() => void> = [];
  const out: FromEngine[] = [];
  const core = new EngineCore({
    now: () => 0,
    later: (fn) => tasks.push(fn),
    post: (m) => out.push(m),
    sliceMs: 1e9,
    sendEveryMs: 1e9,
  });
  core.receive({
    type: 'run',
    id: 1,
    job: { scenario: lease, opts: { durationMs: 120_000 }, key: 'k', stem: 's' },
  });
  for (let n = 0; tasks.length > 0 && n < 1000; n++) tasks.shift()?.();
  return out;
}

describe('an engine message packed for the page', () => {
  it("moves the last piece's long number lists (the pace's busy intervals, the metrics) instead of copying them", () => {
    const last = posts().at(-1);
    if (last?.type !== 'events' || !last.done) throw new Error('no last piece');
    const { message, transfer } = packed(last);
    if (message.type !== 'events' || !message.done) throw new Error('not an events message');
    const busy = message.done.pace.busy;
    expect(busy.starts).toBeInstanceOf(Float64Array);
    expect(busy.ends).toBeInstanceOf(Float64Array);
    expect(transfer).toContain((busy.starts as Float64Array).buffer);
    expect(transfer).toContain((busy.ends as Float64Array).buffer);
    expect([...(busy.starts as Float64Array)]).toEqual(last.done.pace.busy.starts);
    expect([...(busy.ends as Float64Array)]).toEqual(last.done.pace.busy.ends);
    expect(message.done.metrics?.messages.sendTimes).toBeInstanceOf(Float64Array);
    // The events go as JSON bytes, moved, and read back as they were.
    expect(message.events).toBeInstanceOf(ArrayBuffer);
    expect(transfer).toContain(message.events);
    expect(JSON.parse(new TextDecoder().decode(message.events as ArrayBuffer))).toEqual(last.events);
    // What goes without moving is a structured clone: it must take one.
    expect(() => structuredClone(message, { transfer })).not.toThrow();
  });
});
