import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createRng } from '../../../lib/rng.ts';
import { afterOnClock, queueClock } from '../../kernel/clock.ts';
import { EventQueue } from '../../kernel/queue.ts';
import type { ProcessEnv } from '../../net/host.ts';
import { checkResult, haproxyMachine, NO_SERVER, SESSION_SHUT } from './haproxy.ts';

const INTER = 3000;
const RTT_HALF = 10;

interface Sent {
  t: number;
  to: string;
  type: string;
  body: Record<string, unknown>;
}

/**
 * HAProxy alone on the sim queue. Backends are scripted: `answer(backend, round)` gives the HTTP code
 * of /primary (or null: no answer at all); writes are answered WRITE_OK unless the backend is `silent`.
 */
function proxyLab(opts: {
  backends?: string[];
  answer: (backend: string, round: number, t: number) => number | null;
  silentWrites?: (backend: string) => boolean;
  /** The backend's processes are killed: every connection to it is refused (REFUSED comes back). */
  refuses?: (backend: string, t: number) => boolean;
  fall?: number;
  rise?: number;
}) {
  const q = new EventQueue();
  const sent: Sent[] = [];
  const marks: Array<{ t: number; name: string; data: Record<string, unknown> }> = [];
  const gate = {
    id: 'test',
    realDelay: (ms: number) => ms,
    fire: (_: number, fn: () => void) => fn(),
    incarnation: 0,
  };
  let actorRef: { send: (e: never) => void } | null = null;
  const deliver = (from: string, type: string, body: Record<string, unknown>) =>
    q.after(RTT_HALF, { k: 'call', name: 'test' }, () => actorRef?.send({ ...body, type, from } as never));
  const env: ProcessEnv = {
    id: 'haproxy',
    now: () => q.now,
    wallNow: () => q.now,
    send: (to, type, body = {}) => {
      sent.push({ t: q.now, to, type, body });
      q.after(RTT_HALF, { k: 'call', name: 'test' }, () => {
        if (opts.refuses?.(to, q.now)) deliver(to, 'REFUSED', { ...body, of: type });
        else if (type === 'HEALTH_CHECK') {
          const code = opts.answer(to, Number(body.seq), q.now);
          if (code !== null) deliver(to, 'HEALTH', { seq: body.seq, code, path: body.path });
        } else if (type === 'WRITE' && !opts.silentWrites?.(to)) {
          deliver(to, 'WRITE_OK', { sid: body.sid, wid: body.wid, lsn: 8192, timeline: 1 });
        }
      });
    },
    clock: queueClock(q, gate),
    after: (ms, fn, name) => afterOnClock(q, gate, ms, fn, name),
    rng: () => createRng(1),
    reportRole: () => {},
    mark: (name, data) => marks.push({ t: q.now, name, data: data ?? {} }),
    record: () => {},
  };
  const actor = createActor(haproxyMachine, {
    clock: env.clock,
    input: {
      env,
      backends: opts.backends ?? ['a', 'b'],
      interMs: INTER,
      fall: opts.fall ?? 3,
      rise: opts.rise ?? 2,
    },
  });
  actorRef = actor;
  actor.start();
  const client = (wid: number) => actor.send({ type: 'WRITE', from: 'app', wid, value: `row-${wid}` });
  return { q, sent, marks, actor, client, toApp: () => sent.filter((s) => s.to === 'app') };
}

describe('HAProxy health counter (src/check.c semantics)', () => {
  it('from full health: down after exactly `fall` consecutive failures', () => {
    let s = { health: 2 + 3 - 1, up: true };
    const ups: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      s = checkResult(s.health, s.up, false, 2, 3);
      ups.push(s.up);
    }
    expect(ups).toEqual([true, true, false]);
  });

  it('from down: up after exactly `rise` consecutive successes; a failure in between starts over', () => {
    let s = { health: 0, up: false };
    const ups: boolean[] = [];
    for (const ok of [true, false, true, true]) {
      s = checkResult(s.health, s.up, ok, 2, 3);
      ups.push(s.up);
    }
    expect(ups).toEqual([false, false, false, true]);
    expect(s.health).toBe(4);
  });

  it('a success while up restores full health: failures must be consecutive', () => {
    let s = { health: 4, up: true };
    for (const ok of [false, false, true, false, false]) s = checkResult(s.health, s.up, ok, 2, 3);
    expect(s).toEqual({ health: 2, up: true });
  });

  it('init-state "up": a server starts up with health = rise, so its first failure marks it down', () => {
    expect(checkResult(2, true, false, 2, 3)).toEqual({ health: 0, up: false });
    expect(checkResult(2, true, true, 2, 3)).toEqual({ health: 4, up: true });
  });

  it.each([
    [1, 1],
    [2, 3],
    [5, 4],
  ])('rise %i fall %i: the counts hold for other settings', (rise, fall) => {
    let s = { health: rise + fall - 1, up: true };
    let n = 0;
    while (s.up) {
      s = checkResult(s.health, s.up, false, rise, fall);
      n++;
    }
    expect(n).toBe(fall);
    n = 0;
    while (!s.up) {
      s = checkResult(s.health, s.up, true, rise, fall);
      n++;
    }
    expect(n).toBe(rise);
  });
});

describe('HAProxy machine', () => {
  it('checks each backend on /primary every inter, staggered over the interval (check.c srvpos / nbcheck)', () => {
    const lab = proxyLab({ answer: () => 200 });
    lab.q.runUntil(4 * INTER + 100);
    const checks = lab.sent.filter((s) => s.type === 'HEALTH_CHECK');
    expect(checks.map((c) => [c.t, c.to, c.body.path, c.body.seq])).toEqual([
      [3000, 'a', '/primary', 1],
      [4500, 'b', '/primary', 1],
      [6000, 'a', '/primary', 2],
      [7500, 'b', '/primary', 2],
      [9000, 'a', '/primary', 3],
      [10_500, 'b', '/primary', 3],
      [12_000, 'a', '/primary', 4],
    ]);
    expect(lab.marks).toEqual([]);
    // three backends: a third of the interval apart
    const three = proxyLab({ backends: ['a', 'b', 'c'], answer: () => 200 });
    three.q.runUntil(2 * INTER + 100);
    expect(three.sent.filter((s) => s.type === 'HEALTH_CHECK').map((c) => [c.t, c.to])).toEqual([
      [3000, 'a'],
      [4000, 'b'],
      [5000, 'c'],
      [6000, 'a'],
    ]);
  });

  it('a refused check fails at once: a killed backend is down after `fall` checks, one inter apart', () => {
    // From 10 s 'a' refuses connections: its checks at 12, 15, 18 s are refused one round trip later.
    const lab = proxyLab({
      answer: (b) => (b === 'a' ? 200 : 503),
      refuses: (b, t) => b === 'a' && t >= 10_000,
    });
    lab.q.runUntil(25_000);
    const down = lab.marks.find((m) => m.name === 'backend-down' && m.data.backend === 'a');
    expect(down).toEqual({
      t: 6 * INTER + 2 * RTT_HALF,
      name: 'backend-down',
      data: { backend: 'a', reason: 'refused', sessionsShut: 0 },
    });
  });

  it('a refused client connection is tried again `retries` times, 1 s apart, then closed', () => {
    const lab = proxyLab({
      answer: (b) => (b === 'a' ? 200 : 503),
      refuses: (b, t) => b === 'a' && t >= 5000 && t < 9000,
    });
    lab.q.runUntil(5000); // 'a' up, 'b' down; 'a' refuses from now on (its checks are at 6 and 9 s)
    lab.client(1);
    lab.q.runUntil(8000);
    expect(lab.sent.filter((s) => s.type === 'WRITE').map((s) => [s.t, s.to])).toEqual([
      [5000, 'a'],
      [6000 + 2 * RTT_HALF, 'a'],
      [7000 + 4 * RTT_HALF, 'a'],
    ]);
    expect(lab.toApp().map((s) => [s.t, s.type, s.body])).toEqual([
      [7000 + 6 * RTT_HALF, 'WRITE_FAILED', { wid: 1, backend: 'a', reason: SESSION_SHUT }],
    ]);
  });

  it('marks a backend down on the 3rd consecutive 503, not before, and up on the 2nd 200 after that', () => {
    // 'a' is the primary until round 3, answers 503 in rounds 4..8, 200 again from round 9.
    const lab = proxyLab({ answer: (b, r) => (b === 'a' ? (r >= 4 && r <= 8 ? 503 : 200) : 503) });
    lab.q.runUntil(40_000);
    const a = lab.marks.filter((m) => m.data.backend === 'a');
    // The 503 of round k arrives at k * inter + 2 * 10 ms.
    expect(a).toEqual([
      { t: 6 * INTER + 20, name: 'backend-down', data: { backend: 'a', reason: '503', sessionsShut: 0 } },
      { t: 10 * INTER + 20, name: 'backend-up', data: { backend: 'a' } },
    ]);
    // 'b' answers 503 from the start: init-state up, so its first failure takes it down, once.
    expect(lab.marks.filter((m) => m.data.backend === 'b')).toEqual([
      { t: 1.5 * INTER + 20, name: 'backend-down', data: { backend: 'b', reason: '503', sessionsShut: 0 } },
    ]);
  });

  it('a check without an answer fails when the next round starts (timeout = inter)', () => {
    // 'a' dies after answering round 2: rounds 3, 4, 5 time out at rounds 4, 5, 6.
    const lab = proxyLab({ answer: (b, r) => (b === 'a' && r <= 2 ? 200 : b === 'a' ? null : 503) });
    lab.q.runUntil(30_000);
    const down = lab.marks.find((m) => m.name === 'backend-down' && m.data.backend === 'a');
    expect(down).toEqual({
      t: 6 * INTER,
      name: 'backend-down',
      data: { backend: 'a', reason: 'timeout', sessionsShut: 0 },
    });
  });

  it('an answer that comes after the next round started counts as a failure and is ignored', () => {
    const lab = proxyLab({ answer: (b) => (b === 'a' ? null : 503) });
    // round 1's 200 from 'a' arrives 500 ms into round 2
    lab.q.at(2 * INTER + 500, { k: 'call', name: 'test' }, () =>
      lab.actor.send({ type: 'HEALTH', from: 'a', seq: 1, code: 200 }),
    );
    lab.q.runUntil(20_000);
    const a = lab.marks.filter((m) => m.data.backend === 'a');
    // round 1 timed out when round 2 started (init-state up: one failure), the late 200 changed nothing
    expect(a).toEqual([
      { t: 2 * INTER, name: 'backend-down', data: { backend: 'a', reason: 'timeout', sessionsShut: 0 } },
    ]);
    expect(lab.actor.getSnapshot().context.health.a).toBe(0);
  });

  it('forwards writes to the first backend marked up and relays the answer with the backend name', () => {
    const lab = proxyLab({ answer: (b) => (b === 'b' ? 200 : 503) });
    lab.q.runUntil(INTER + 100); // 'a' down now, 'b' up
    lab.client(1);
    lab.q.runUntil(INTER + 200);
    const fwd = lab.sent.filter((s) => s.type === 'WRITE');
    expect(fwd.map((s) => [s.to, s.body])).toEqual([
      ['b', { sid: 1, wid: 1, client: 'app', value: 'row-1' }],
    ]);
    expect(lab.toApp().map((s) => [s.type, s.body])).toEqual([
      ['WRITE_OK', { wid: 1, lsn: 8192, timeline: 1, backend: 'b' }],
    ]);
  });

  it('with no backend up the write fails at once: no server available', () => {
    const lab = proxyLab({ answer: () => 503 });
    lab.q.runUntil(1.5 * INTER + 100); // both checked once: down
    lab.client(7);
    lab.q.runUntil(1.5 * INTER + 200);
    expect(lab.sent.filter((s) => s.type === 'WRITE')).toEqual([]);
    expect(lab.toApp().map((s) => [s.t, s.type, s.body])).toEqual([
      [1.5 * INTER + 100, 'WRITE_FAILED', { wid: 7, reason: NO_SERVER }],
    ]);
  });

  it('on-marked-down shutdown-sessions: writes hanging on a dead backend fail when it is marked down', () => {
    // 'a' is primary; it dies at 10 s (no health answer, no write answer).
    const dead = (t: number) => t >= 10_000;
    const lab = proxyLab({
      backends: ['a', 'b'],
      answer: (b, _r, t) => (b === 'a' ? (dead(t) ? null : 200) : 503),
      silentWrites: (b) => b === 'a' && dead(lab.q.now),
    });
    for (let i = 0; i < 6; i++)
      lab.q.at(11_500 + i * 2000, { k: 'call', name: 'test' }, () => lab.client(i + 1));
    lab.q.runUntil(30_000);
    const down = lab.marks.find((m) => m.name === 'backend-down' && m.data.backend === 'a');
    // rounds 4, 5, 6 (12, 15, 18 s) are unanswered: they fail at 15, 18, 21 s.
    expect(down?.t).toBe(7 * INTER);
    expect(down?.data.sessionsShut).toBe(5); // writes at 11.5, 13.5, 15.5, 17.5, 19.5 s
    const failed = lab.toApp().filter((s) => s.type === 'WRITE_FAILED');
    expect(failed.map((s) => [s.t, s.body.wid, s.body.reason])).toEqual([
      [21_000, 1, SESSION_SHUT],
      [21_000, 2, SESSION_SHUT],
      [21_000, 3, SESSION_SHUT],
      [21_000, 4, SESSION_SHUT],
      [21_000, 5, SESSION_SHUT],
      [21_500, 6, NO_SERVER],
    ]);
  });
});
