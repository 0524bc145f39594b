import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import { EngineCore } from './core.ts';
import { isPacked, packed, SEGMENT_EVENTS } from './packed.ts';
import type { FromEngine } from './protocol.ts';

const lease = scenarios.find((s) => s.id === 'etcd-lease') as Scenario;

/** A whole run's messages from the engine, as the worker's core posts them. */
function posts(durationMs = 120_000): FromEngine[] {
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
    job: { scenario: lease, opts: { durationMs }, key: 'k', stem: 's' },
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
    if (!isPacked(message.events)) throw new Error('events not packed');
    for (const seg of message.events) expect(transfer).toContain(seg);
    const read = message.events.map((seg) => JSON.parse(new TextDecoder().decode(seg)) as TraceEvent[]);
    expect(read.flat()).toEqual(last.events);
    // What goes without moving is a structured clone: it must take one.
    expect(() => structuredClone(message, { transfer })).not.toThrow();
  });

  it('splits a piece into segments the page reads one task each, each complete through its own `through`', () => {
    const piece = posts(3_600_000).find(
      (m) => m.type === 'events' && !m.done && m.events.length > SEGMENT_EVENTS,
    );
    if (piece?.type !== 'events' || isPacked(piece.events)) throw new Error('no piece of several segments');
    const all = piece.events;
    const { message } = packed(piece);
    if (message.type !== 'events' || !isPacked(message.events)) throw new Error('events not packed');
    const read = message.events.map((seg) => JSON.parse(new TextDecoder().decode(seg)) as TraceEvent[]);
    expect(read.length).toBe(Math.ceil(all.length / SEGMENT_EVENTS));
    expect(read.slice(0, -1).every((seg) => seg.length === SEGMENT_EVENTS)).toBe(true);
    const through = message.segmentThrough ?? [];
    expect(through.length).toBe(read.length - 1);
    // No event of a later segment is at or before a segment's `through`; its own are.
    read.forEach((seg, i) => {
      const upTo = i < through.length ? (through[i] as number) : message.through;
      for (const e of seg) expect(e.t).toBeLessThanOrEqual(upTo);
      for (const e of read.slice(i + 1).flat()) expect(e.t).toBeGreaterThan(upTo);
    });
  });
});
