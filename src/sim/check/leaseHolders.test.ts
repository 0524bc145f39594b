import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../trace/events.ts';
import { leaseHoldersChecker } from './leaseHolders.ts';

const put = (t: number, key: string, value: string, lease: number): TraceEvent => ({
  k: 'store',
  t,
  change: { kind: 'put', kv: { key, value, lease, createRevision: 2, modRevision: 2 + t, version: 1 } },
});
const del = (t: number, key: string): TraceEvent => ({
  k: 'store',
  t,
  change: { kind: 'delete', key, revision: 9, cause: 'lease-expired', lease: 1 },
});

describe('leaseHoldersChecker', () => {
  const run = (events: TraceEvent[]) => {
    const c = leaseHoldersChecker(['/lock']);
    return events.flatMap((e) => c.observe(e));
  };
  it('flags a lock handed to another holder while held', () => {
    expect(run([put(1, '/lock', 'a', 1), put(2, '/lock', 'b', 2)])[0]).toMatchObject({
      kind: 'two-lease-holders',
      nodes: ['a', 'b'],
    });
  });
  it('accepts a handover after the key is deleted, a renewal onto a new lease, and other keys', () => {
    expect(run([put(1, '/lock', 'a', 1), del(2, '/lock'), put(3, '/lock', 'b', 2)])).toEqual([]);
    expect(run([put(1, '/lock', 'a', 1), put(2, '/lock', 'a', 5)])).toEqual([]);
    expect(run([put(1, '/member', 'a', 1), put(2, '/member', 'b', 2)])).toEqual([]);
  });
});
