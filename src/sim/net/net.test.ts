import { describe, expect, it } from 'vitest';
import { afterOnClock, queueClock } from '../kernel/clock.ts';
import { EventQueue } from '../kernel/queue.ts';
import { RngStreams } from '../kernel/rngs.ts';
import type { TraceEvent } from '../trace/events.ts';
import { Host, type HostKind, type Process, type ProcessEnv } from './host.ts';
import type { Message } from './message.ts';
import { Network } from './network.ts';

/** A tiny world: hosts whose processes log what they receive and can set timers. */
function world(cfg = { latencyMinMs: 10, latencyMaxMs: 10, dropRate: 0 }) {
  const queue = new EventQueue();
  const events: TraceEvent[] = [];
  const net = new Network(queue, new RngStreams(1).stream('net'), (e) => events.push(e), cfg);
  const got: Record<string, Array<[number, string]>> = {};
  const procs: Record<string, { env: ProcessEnv; memory: string[] }> = {};
  const add = (id: string, kind: HostKind = 'node') => {
    const envFor = (h: Host): ProcessEnv => ({
      id: h.id,
      now: () => h.localNow(),
      wallNow: () => h.wallNow(),
      send: (to, type, body) => net.send(h.id, to, type, body),
      get clock() {
        return queueClock(queue, h);
      },
      after: (ms, fn, name) => afterOnClock(queue, h, ms, fn, name),
      rng: () => new RngStreams(1).stream(h.id),
      reportRole: () => {},
      mark: () => {},
      record: () => {},
    });
    const h = new Host(
      id,
      kind,
      (env): Process => {
        const memory: string[] = [];
        procs[id] = { env, memory };
        return {
          receive: (m: Message) => {
            memory.push(m.type);
            got[id] ??= [];
            got[id].push([queue.now, m.type]);
          },
          stop: () => {},
        };
      },
      { queue, envFor },
    );
    net.add(h);
    h.start();
    return h;
  };
  return { queue, net, events, got, procs, add };
}

describe('Network', () => {
  it('delivers after the latency and records send and deliver', () => {
    const w = world();
    w.add('a');
    w.add('b');
    w.net.send('a', 'b', 'PING', { n: 1 });
    w.queue.runUntil(100);
    expect(w.got.b).toEqual([[10, 'PING']]);
    expect(w.events.map((e) => e.k)).toEqual(['send', 'deliver']);
    expect(w.events[0]).toMatchObject({ k: 'send', from: 'a', to: 'b', deliverAt: 10, data: { n: 1 } });
  });

  it('drops messages across a partition, also when it starts mid-flight, and heals', () => {
    const w = world();
    for (const id of ['a', 'b', 'c']) w.add(id);
    w.net.apply({ kind: 'partition', groups: [['a'], ['b', 'c']] });
    w.net.send('a', 'b', 'X');
    w.net.send('b', 'c', 'Y');
    w.queue.runUntil(20);
    w.net.apply({ kind: 'heal' });
    w.net.send('a', 'b', 'Z');
    w.queue.at(25, { k: 'call', name: 'test' }, () =>
      w.net.apply({ kind: 'partition', groups: [['a'], ['b']] }),
    );
    w.queue.runUntil(100);
    expect(w.got.b).toBeUndefined();
    expect(w.got.c).toEqual([[10, 'Y']]);
    const drops = w.events.filter((e) => e.k === 'drop');
    expect(drops.map((d) => (d as { reason: string }).reason)).toEqual(['partition', 'partition']);
  });

  it('isolating a node from the store only keeps its peer links', () => {
    const w = world();
    w.add('a');
    w.add('b');
    w.add('etcd', 'store');
    w.net.apply({ kind: 'isolate', node: 'a', from: 'store' });
    expect(w.net.blocked('a', 'etcd')).toBe('isolated');
    expect(w.net.blocked('etcd', 'a')).toBe('isolated');
    expect(w.net.blocked('a', 'b')).toBeNull();
    w.net.apply({ kind: 'isolate', node: 'a', from: 'all' });
    expect(w.net.blocked('a', 'b')).toBe('isolated');
  });

  it('loses about dropRate of messages, reproducibly', () => {
    const run = () => {
      const w = world({ latencyMinMs: 1, latencyMaxMs: 5, dropRate: 0.3 });
      w.add('a');
      w.add('b');
      for (let i = 0; i < 1000; i++) w.net.send('a', 'b', 'M');
      w.queue.runUntil(100);
      return w.events.filter((e) => e.k === 'drop').length;
    };
    const n = run();
    expect(n).toBeGreaterThan(240);
    expect(n).toBeLessThan(360);
    expect(run()).toBe(n);
  });
});

describe('Host faults', () => {
  it('a paused node handles nothing until it resumes, then its backlog in order; timers fire late', () => {
    const w = world();
    const b = w.add('b');
    w.add('a');
    const fired: number[] = [];
    w.procs.b?.env.clock.setTimeout(() => fired.push(w.queue.now), 15);
    w.queue.at(5, { k: 'call', name: 'test' }, () => b.pause());
    w.net.send('a', 'b', 'ONE');
    w.queue.at(12, { k: 'call', name: 'test' }, () => w.net.send('a', 'b', 'TWO'));
    w.queue.at(40, { k: 'call', name: 'test' }, () => b.resume());
    w.queue.runUntil(100);
    expect(w.got.b).toEqual([
      [40, 'ONE'],
      [40, 'TWO'],
    ]);
    expect(fired).toEqual([40]);
  });

  it('a crash loses in-memory state and timers; a restart starts fresh; messages to a down node drop', () => {
    const w = world();
    const b = w.add('b');
    w.add('a');
    const fired: number[] = [];
    w.net.send('a', 'b', 'BEFORE');
    w.queue.runUntil(20);
    w.procs.b?.env.clock.setTimeout(() => fired.push(w.queue.now), 10);
    b.crash();
    w.net.send('a', 'b', 'WHILE_DOWN');
    w.queue.runUntil(40);
    b.restart();
    expect(w.procs.b?.memory).toEqual([]);
    w.net.send('a', 'b', 'AFTER');
    w.queue.runUntil(100);
    expect(fired).toEqual([]);
    expect(w.procs.b?.memory).toEqual(['AFTER']);
    expect(w.events.some((e) => e.k === 'drop' && e.reason === 'node-down')).toBe(true);
  });

  it('clock drift stretches timers and the local clock', () => {
    const w = world();
    const b = w.add('b');
    b.setRate(0.5); // a slow clock: 100 local ms take 200 real ms
    const fired: number[] = [];
    w.procs.b?.env.clock.setTimeout(() => fired.push(w.queue.now), 100);
    w.queue.runUntil(300);
    expect(fired).toEqual([200]);
    expect(b.localNow()).toBe(150);
  });
});

describe('XState clock over the queue', () => {
  it('a timer cancelled while it waits in a paused node’s backlog does not fire', () => {
    const w = world();
    const b = w.add('b');
    const fired: string[] = [];
    const clock = w.procs.b?.env.clock;
    if (!clock) throw new Error('no clock');
    const first = clock.setTimeout(() => fired.push('first'), 10);
    w.queue.at(5, { k: 'call', name: 'test' }, () => b.pause());
    // due at 10 while paused: it waits in the backlog; cancelled at 20, still paused
    w.queue.at(20, { k: 'call', name: 'test' }, () => clock.clearTimeout(first));
    w.queue.at(30, { k: 'call', name: 'test' }, () => b.resume());
    w.queue.runUntil(100);
    expect(fired).toEqual([]);
  });
});

// cut-oneway (issue #13)
describe('A one-way cut', () => {
  it('loses what `from` sends to `to`, carries the other way, and restore-link ends it', () => {
    const w = world();
    w.add('a');
    w.add('etcd', 'store');
    w.net.apply({ kind: 'cut-oneway', from: 'a', to: 'etcd' });
    expect(w.net.blocked('a', 'etcd')).toBe('link-cut');
    expect(w.net.blocked('etcd', 'a')).toBeNull();
    w.net.send('a', 'etcd', 'KEEPALIVE');
    w.net.send('etcd', 'a', 'KEEPALIVE_ACK');
    w.queue.runUntil(50);
    expect(w.got.etcd).toBeUndefined();
    expect(w.got.a).toEqual([[10, 'KEEPALIVE_ACK']]);
    w.net.apply({ kind: 'restore-link', a: 'etcd', b: 'a' });
    expect(w.net.blocked('a', 'etcd')).toBeNull();
  });
});

describe('Network latency tail (latencyP99Ms)', () => {
  /** One-way latencies of n messages a -> b. */
  const latencies = (cfg: ConstructorParameters<typeof Network>[3], tail: boolean, n = 20_000) => {
    const queue = new EventQueue();
    const events: TraceEvent[] = [];
    const rngs = new RngStreams(7);
    const net = new Network(
      queue,
      rngs.stream('net'),
      (e) => events.push(e),
      cfg,
      tail ? rngs.stream('net/tail') : undefined,
    );
    for (let i = 0; i < n; i++) net.send('a', 'b', 'PING');
    return events.flatMap((e) => (e.k === 'send' ? [e.deliverAt - e.t] : []));
  };
  const base = { latencyMinMs: 10, latencyMaxMs: 30, dropRate: 0 };

  it('1% of messages are slower than the p99, about 2% slower than latencyMaxMs, none beyond 2 x p99', () => {
    const ls = latencies({ ...base, latencyP99Ms: 1000 }, true);
    const share = (pred: (x: number) => boolean) => ls.filter(pred).length / ls.length;
    expect(share((x) => x > 1000)).toBeGreaterThan(0.007);
    expect(share((x) => x > 1000)).toBeLessThan(0.013);
    expect(share((x) => x > 30)).toBeGreaterThan(0.016);
    expect(share((x) => x > 30)).toBeLessThan(0.024);
    expect(Math.max(...ls)).toBeLessThanOrEqual(2 * 1000 - 30);
    // The 99th percentile is the knob (within the sampling noise).
    const sorted = [...ls].sort((x, y) => x - y);
    expect(sorted[Math.floor(0.99 * sorted.length)]).toBeGreaterThan(800);
    expect(sorted[Math.floor(0.99 * sorted.length)]).toBeLessThan(1200);
  });

  it('off (0): the same latencies as a network without a tail stream, so older runs keep their draws', () => {
    expect(latencies({ ...base, latencyP99Ms: 0 }, true, 2000)).toEqual(latencies(base, false, 2000));
    expect(Math.max(...latencies({ ...base, latencyP99Ms: 0 }, true, 2000))).toBeLessThanOrEqual(30);
  });
});

describe('a TCP connection (sendOnStream)', () => {
  it('sends a segment lost in a cut again, RTO 200 ms doubling, and hands segments over in order', () => {
    const w = world();
    w.add('a');
    w.add('b');
    w.net.apply({ kind: 'partition', groups: [['a'], ['b']] });
    w.net.sendOnStream('c1', 'a', 'b', 'ONE');
    w.queue.at(5, { k: 'call', name: 'test' }, () => w.net.sendOnStream('c1', 'a', 'b', 'TWO'));
    // Healed between ONE's second try (210) and TWO's (215): TWO arrives first and waits for ONE.
    w.queue.at(212, { k: 'call', name: 'test' }, () => w.net.apply({ kind: 'heal' }));
    w.queue.runUntil(2000);
    const sends = w.events.filter((e) => e.k === 'send');
    expect(sends.map((e) => [e.t, e.type])).toEqual([
      [0, 'ONE'],
      [5, 'TWO'],
      [210, 'ONE'],
      [215, 'TWO'],
      [620, 'ONE'],
    ]);
    expect(w.got.b).toEqual([
      [630, 'ONE'],
      [630, 'TWO'],
    ]);
  });

  it('a plain message in the same cut is lost for good', () => {
    const w = world();
    w.add('a');
    w.add('b');
    w.net.apply({ kind: 'partition', groups: [['a'], ['b']] });
    w.net.send('a', 'b', 'ONE');
    w.queue.at(500, { k: 'call', name: 'test' }, () => w.net.apply({ kind: 'heal' }));
    w.queue.runUntil(2000);
    expect(w.got.b).toBeUndefined();
  });

  it('a closed connection delivers nothing more: what is on the wire is dropped, nothing is sent again', () => {
    const w = world();
    w.add('a');
    w.add('b');
    w.net.apply({ kind: 'partition', groups: [['a'], ['b']] });
    w.net.sendOnStream('c1', 'a', 'b', 'HELD');
    w.queue.at(100, { k: 'call', name: 'test' }, () => w.net.closeStream('c1'));
    w.queue.at(150, { k: 'call', name: 'test' }, () => w.net.apply({ kind: 'heal' }));
    w.queue.at(300, { k: 'call', name: 'test' }, () => {
      w.net.sendOnStream('c1', 'a', 'b', 'AFTER');
      w.net.sendOnStream('c2', 'a', 'b', 'NEW');
    });
    w.queue.runUntil(2000);
    expect(w.got.b).toEqual([[310, 'NEW']]);
    expect(w.events.filter((e) => e.k === 'send').map((e) => e.k === 'send' && e.type)).toEqual([
      'HELD',
      'NEW',
    ]);
  });
});
