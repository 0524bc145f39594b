import { describe, expect, it } from 'vitest';
import { EventQueue } from './queue.ts';
import { RngStreams } from './rngs.ts';

describe('EventQueue', () => {
  it('runs callbacks in time order, ties in scheduling order', () => {
    const q = new EventQueue();
    const log: string[] = [];
    q.at(30, { k: 'call', name: 'test' }, () => log.push('c30'));
    q.at(10, { k: 'call', name: 'test' }, () => log.push('a10'));
    q.at(10, { k: 'call', name: 'test' }, () => log.push('b10'));
    q.at(0, { k: 'call', name: 'test' }, () => log.push('z0'));
    q.runUntil(100);
    expect(log).toEqual(['z0', 'a10', 'b10', 'c30']);
    expect(q.now).toBe(100);
  });

  it('cancels a scheduled callback and keeps the rest', () => {
    const q = new EventQueue();
    const log: number[] = [];
    const id = q.at(5, { k: 'call', name: 'test' }, () => log.push(5));
    q.at(6, { k: 'call', name: 'test' }, () => log.push(6));
    q.cancel(id);
    q.runUntil(10);
    expect(log).toEqual([6]);
  });

  it('schedules relative to now and never in the past', () => {
    const q = new EventQueue();
    const times: number[] = [];
    q.at(10, { k: 'call', name: 'test' }, () => {
      q.after(5, { k: 'call', name: 'test' }, () => times.push(q.now));
      q.at(3, { k: 'call', name: 'test' }, () => times.push(q.now)); // past: runs at now
    });
    q.runUntil(20);
    expect(times).toEqual([10, 15]);
  });

  it('stops at the end time and leaves later events queued', () => {
    const q = new EventQueue();
    let ran = 0;
    q.at(50, { k: 'call', name: 'test' }, () => ran++);
    q.at(51, { k: 'call', name: 'test' }, () => ran++);
    q.runUntil(50);
    expect(ran).toBe(1);
    expect(q.peekTime()).toBe(51);
  });

  it('keeps 10k interleaved timers ordered', () => {
    const q = new EventQueue();
    const seen: number[] = [];
    for (let i = 0; i < 10_000; i++)
      q.at((i * 7919) % 1000, { k: 'call', name: 'test' }, () => seen.push(q.now));
    q.runUntil(1000);
    expect(seen.length).toBe(10_000);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1] as number);
  });
});

describe('RngStreams', () => {
  it('reproduces a stream from the seed and keeps streams independent', () => {
    const a = new RngStreams(42);
    const b = new RngStreams(42);
    const xs = Array.from({ length: 5 }, () => a.stream('net').next());
    b.stream('node-9/timeout').next(); // drawing from another stream first changes nothing
    const ys = Array.from({ length: 5 }, () => b.stream('net').next());
    expect(ys).toEqual(xs);
    expect(new RngStreams(43).stream('net').next()).not.toBe(xs[0]);
  });

  it('draws integers within bounds, roughly uniformly', () => {
    const r = new RngStreams(7).stream('x');
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[r.int(0, 3)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(850);
  });
});
