import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createRng } from '../../../lib/rng.ts';
import { afterOnClock, queueClock } from '../../kernel/clock.ts';
import { EventQueue } from '../../kernel/queue.ts';
import type { ProcessEnv } from '../../net/host.ts';
import { checkResult, haproxyMachine, NO_SERVER, SESSION_SHUT, TIMEOUT_CHECK_MS } from './haproxy.ts';

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
  /** HAProxy `timeout check` (unset: inter bounds the whole check). */
  checkTimeoutMs?: number;
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
      ...(opts.checkTimeoutMs !== undefined ? { checkTimeoutMs: opts.checkTimeoutMs } : {}),
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
  it('checks each backend on /primary inter after its last check ended, first staggered over the interval (check.c)', () => {
    const lab = proxyLab({ answer: () => 200 });
    lab.q.runUntil(4 * INTER + 100);
    const checks = lab.sent.filter((s) => s.type === 'HEALTH_CHECK');
    // Each answer takes a round trip (20 ms): the next check of that backend is inter after it.
    expect(checks.map((c) => [c.t, c.to, c.body.path, c.body.seq])).toEqual([
      [3000, 'a', '/primary', 1],
      [4500, 'b', '/primary', 1],
      [6020, 'a', '/primary', 2],
      [7520, 'b', '/primary', 2],
      [9040, 'a', '/primary', 3],
      [10_540, 'b', '/primary', 3],
      [12_060, 'a', '/primary', 4],
    ]);
    expect(lab.marks).toEqual([]);
    // three backends: a third of the interval apart
    const three = proxyLab({ backends: ['a', 'b', 'c'], answer: () => 200 });
    three.q.runUntil(2 * INTER + 100);
    expect(three.sent.filter((s) => s.type === 'HEALTH_CHECK').map((c) => [c.t, c.to])).toEqual([
      [3000, 'a'],
      [4000, 'b'],
      [5000, 'c'],
      [6020, 'a'],
    ]);
  });

  it('a refused check fails at once: a killed backend is down after `fall` checks, one inter apart', () => {
    // From 10 s 'a' refuses connections: its checks at 12.06, 15.08, 18.1 s are refused a round trip later.
    const lab = proxyLab({
      answer: (b) => (b === 'a' ? 200 : 503),
      refuses: (b, t) => b === 'a' && t >= 10_000,
    });
    lab.q.runUntil(25_000);
    const down = lab.marks.find((m) => m.name === 'backend-down' && m.data.backend === 'a');
    expect(down).toEqual({
      t: 18_100 + 2 * RTT_HALF,
      name: 'backend-down',
      data: { backend: 'a', reason: 'refused', sessionsShut: 0 },
    });
  });

  it('a refused client connection is tried again `retries` times, 1 s apart, then closed', () => {
    const lab = proxyLab({
      answer: (b) => (b === 'a' ? 200 : 503),
      refuses: (b, t) => b === 'a' && t >= 5000 && t < 9000,
    });
    lab.q.runUntil(5000); // 'a' up, 'b' down; 'a' refuses until 9 s (its checks are at 6.02 and 9.04 s)
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
    // 'a' is the primary until its check 3, answers 503 in checks 4..8, 200 again from check 9.
    const lab = proxyLab({ answer: (b, r) => (b === 'a' ? (r >= 4 && r <= 8 ? 503 : 200) : 503) });
    lab.q.runUntil(40_000);
    const a = lab.marks.filter((m) => m.data.backend === 'a');
    // Check k goes out at 3 s + (k - 1) x (inter + 20 ms) and is answered 20 ms later.
    const answered = (k: number) => INTER + (k - 1) * (INTER + 20) + 20;
    expect(a).toEqual([
      { t: answered(6), name: 'backend-down', data: { backend: 'a', reason: '503', sessionsShut: 0 } },
      { t: answered(10), name: 'backend-up', data: { backend: 'a' } },
    ]);
    // 'b' answers 503 from the start: init-state up, so its first failure takes it down, once.
    expect(lab.marks.filter((m) => m.data.backend === 'b')).toEqual([
      { t: 1.5 * INTER + 20, name: 'backend-down', data: { backend: 'b', reason: '503', sessionsShut: 0 } },
    ]);
  });

  it('without `timeout check`, a check without an answer fails inter after it went out (connect + read)', () => {
    // 'a' answers its checks 1 and 2 (3 and 6.02 s); check 3 at 9.04 s and the next ones go unanswered,
    // each failing 3 s after it went out, the next 3 s later: 12.04, 18.04, 24.04 s.
    const lab = proxyLab({ answer: (b, r) => (b === 'a' && r <= 2 ? 200 : b === 'a' ? null : 503) });
    lab.q.runUntil(30_000);
    const down = lab.marks.find((m) => m.name === 'backend-down' && m.data.backend === 'a');
    expect(down).toEqual({
      t: 9040 + 5 * INTER,
      name: 'backend-down',
      data: { backend: 'a', reason: 'timeout', sessionsShut: 0 },
    });
  });

  it('a stopped backend (SIGSTOP: its port accepts, nothing answers) is down 3 x timeout check + 2 x inter after its first silent check', () => {
    // Patroni's haproxy.cfg: timeout check 5s, inter 3s. 'a' stops at 10 s, after answering its check
    // at 9.04 s: the checks at 12.06, 20.06 and 28.06 s each fail 5 s later. A real Patroni SIGSTOPped
    // this way was marked DOWN 24.3 s after the stop; timing a check out at the next one said 11.5.
    const stopAt = 10_000;
    const lab = proxyLab({
      answer: (b, _r, t) => (b === 'a' ? (t < stopAt ? 200 : null) : 503),
      checkTimeoutMs: TIMEOUT_CHECK_MS,
    });
    lab.q.runUntil(40_000);
    const checks = lab.sent.filter((s) => s.type === 'HEALTH_CHECK' && s.to === 'a' && s.t >= stopAt);
    expect(checks.map((c) => c.t)).toEqual([12_060, 20_060, 28_060, 36_060]);
    const down = lab.marks.find((m) => m.name === 'backend-down' && m.data.backend === 'a');
    expect(down).toEqual({
      t: 28_060 + TIMEOUT_CHECK_MS,
      name: 'backend-down',
      data: { backend: 'a', reason: 'timeout', sessionsShut: 0 },
    });
    expect(((down?.t ?? 0) - stopAt) / 1000).toBeCloseTo(23.06);
  });

  it('an answer that comes after its check timed out is ignored', () => {
    const lab = proxyLab({ answer: (b) => (b === 'a' ? null : 503) });
    // check 1's 200 from 'a' arrives 500 ms after it timed out
    lab.q.at(2 * INTER + 500, { k: 'call', name: 'test' }, () =>
      lab.actor.send({ type: 'HEALTH', from: 'a', seq: 1, code: 200 }),
    );
    lab.q.runUntil(20_000);
    const a = lab.marks.filter((m) => m.data.backend === 'a');
    // check 1 (3 s) timed out at 6 s (init-state up: one failure), the late 200 changed nothing
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
    // checks 4, 5, 6 (12.06, 18.06, 24.06 s) are unanswered: they fail inter later, at 15.06, 21.06, 27.06 s.
    expect(down?.t).toBe(27_060);
    expect(down?.data.sessionsShut).toBe(6); // writes at 11.5 to 21.5 s
    const failed = lab.toApp().filter((s) => s.type === 'WRITE_FAILED');
    expect(failed.map((s) => [s.t, s.body.wid, s.body.reason])).toEqual(
      [1, 2, 3, 4, 5, 6].map((wid) => [27_060, wid, SESSION_SHUT]),
    );
    lab.client(7);
    lab.q.runUntil(30_100);
    expect(lab.toApp().at(-1)?.body).toEqual({ wid: 7, reason: NO_SERVER });
  });
});
