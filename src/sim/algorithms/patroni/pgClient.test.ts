import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createRng } from '../../../lib/rng.ts';
import { afterOnClock, queueClock } from '../../kernel/clock.ts';
import { EventQueue } from '../../kernel/queue.ts';
import type { ProcessEnv } from '../../net/host.ts';
import { pgClientMachine, TIMEOUT_EXPIRED } from './pgClient.ts';

function clientLab(intervalMs = 2000, connectTimeoutMs?: number) {
  const q = new EventQueue();
  const sent: Array<{ t: number; to: string; type: string; body: Record<string, unknown> }> = [];
  const marks: Array<{ t: number; name: string; data: Record<string, unknown> }> = [];
  const gate = {
    id: 'test',
    realDelay: (ms: number) => ms,
    fire: (_: number, fn: () => void) => fn(),
    incarnation: 0,
  };
  const env: ProcessEnv = {
    id: 'app',
    now: () => q.now,
    wallNow: () => q.now,
    send: (to, type, body = {}) => sent.push({ t: q.now, to, type, body }),
    clock: queueClock(q, gate),
    after: (ms, fn, name) => afterOnClock(q, gate, ms, fn, name),
    rng: () => createRng(1),
    reportRole: () => {},
    mark: (name, data) => marks.push({ t: q.now, name, data: data ?? {} }),
    record: () => {},
  };
  const actor = createActor(pgClientMachine, {
    clock: env.clock,
    input: {
      env,
      target: 'haproxy',
      intervalMs,
      ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
    },
  });
  actor.start();
  return { q, sent, marks, actor };
}

describe('pg client', () => {
  it('sends one WRITE to the proxy every interval, numbered, without waiting for answers', () => {
    const lab = clientLab(2000);
    lab.q.runUntil(9000);
    expect(lab.sent.map((s) => [s.t, s.to, s.type, s.body])).toEqual([
      [2000, 'haproxy', 'WRITE', { wid: 1, value: 'row-1' }],
      [4000, 'haproxy', 'WRITE', { wid: 2, value: 'row-2' }],
      [6000, 'haproxy', 'WRITE', { wid: 3, value: 'row-3' }],
      [8000, 'haproxy', 'WRITE', { wid: 4, value: 'row-4' }],
    ]);
  });

  it('counts commits and marks every failed write (refused by the database or by the proxy)', () => {
    const lab = clientLab(1000);
    lab.q.runUntil(3500);
    lab.actor.send({ type: 'WRITE_OK', from: 'haproxy', wid: 1, backend: 'pg-1', lsn: 8192, timeline: 1 });
    lab.actor.send({
      type: 'WRITE_ERROR',
      from: 'haproxy',
      wid: 2,
      backend: 'pg-2',
      code: 503,
      reason: 'cannot execute INSERT in a read-only transaction',
    });
    lab.actor.send({ type: 'WRITE_FAILED', from: 'haproxy', wid: 3, reason: 'no server available' });
    const ctx = lab.actor.getSnapshot().context;
    expect([ctx.ok, ctx.failed, ctx.lastBackend]).toEqual([1, 2, 'pg-1']);
    expect(lab.marks.map((m) => [m.name, m.data])).toEqual([
      [
        'write-failed',
        {
          wid: 2,
          reason: 'cannot execute INSERT in a read-only transaction',
          backend: 'pg-2',
          reached: true,
        },
      ],
      ['write-failed', { wid: 3, reason: 'no server available', backend: null, reached: false }],
    ]);
  });

  it('gives up on a write without an answer after its connect timeout, and ignores a late answer', () => {
    const q = clientLab(1000, 2000);
    q.q.runUntil(2999);
    expect(q.marks).toEqual([]);
    q.q.runUntil(4000); // wid 1 sent at 1000 timed out at 3000, wid 2 (2000) at 4000
    expect(q.marks.map((m) => [m.t, m.data])).toEqual([
      [3000, { wid: 1, reason: TIMEOUT_EXPIRED, backend: null, reached: false }],
      [4000, { wid: 2, reason: TIMEOUT_EXPIRED, backend: null, reached: false }],
    ]);
    q.actor.send({ type: 'WRITE_FAILED', from: 'haproxy', wid: 1, reason: 'server closed the connection' });
    q.actor.send({ type: 'WRITE_OK', from: 'haproxy', wid: 3, backend: 'pg-1' });
    expect(q.marks).toHaveLength(2);
    const ctx = q.actor.getSnapshot().context;
    expect([ctx.ok, ctx.failed, ctx.open]).toEqual([1, 2, [4]]);
  });
});
