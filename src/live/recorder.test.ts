import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../sim/trace/events.ts';
import { Recorder } from './recorder.ts';

describe('Recorder: events late by more than the lag', () => {
  it('keeps a late send at the last released time, delivered no earlier than it is sent', () => {
    const rec = new Recorder();
    rec.push({ k: 'role', t: 20, node: 'node-1', role: 'follower' } as TraceEvent);
    rec.release(20);
    // Answered while the event loop stalled: sent at 10 ms, delivered at 12 ms, pushed after 20 ms.
    rec.push({ k: 'send', t: 10, id: 1, from: 'node-1', to: 'etcd', type: 'RANGE', deliverAt: 12 });
    rec.push({ k: 'deliver', t: 12, id: 1 });
    const out = rec.release(30);
    expect(out.map((e) => e.t)).toEqual([20, 20]);
    expect(out[0]).toMatchObject({ k: 'send', t: 20, deliverAt: 20 });
  });

  it('leaves an on-time send as it was sent', () => {
    const rec = new Recorder();
    rec.push({ k: 'send', t: 10, id: 1, from: 'node-1', to: 'etcd', type: 'RANGE', deliverAt: 12 });
    expect(rec.release(30)[0]).toMatchObject({ t: 10, deliverAt: 12 });
  });
});
