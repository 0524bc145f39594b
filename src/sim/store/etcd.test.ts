import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Compare,
  type CompareResult,
  type CompareTarget,
  DEFAULT_FIRST_LEASE_ID,
  MAX_LEASE_TTL_SEC,
  type StoreChange,
  StoreError,
} from './api.ts';
import { EtcdStore } from './etcd.ts';
import { compareBytes, prefixEnd } from './order.ts';

/** Expect `f` to throw a StoreError with this code; returns it. */
function storeError(f: () => unknown, code: StoreError['code']): StoreError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(StoreError);
    expect((e as StoreError).code).toBe(code);
    return e as StoreError;
  }
  throw new Error(`expected StoreError ${code}, nothing thrown`);
}

const kvOf = (s: EtcdStore, key: string, nowMs?: number) => s.range(key, undefined, nowMs).kvs[0];

describe('revisions', () => {
  it('starts at 1 and the first write gets 2', () => {
    const s = new EtcdStore();
    expect(s.revision).toBe(1);
    expect(s.put('a', '1', undefined, 0)).toEqual({ revision: 2 });
    expect(s.revision).toBe(2);
  });

  it('honours startRevision', () => {
    const s = new EtcdStore({ startRevision: 41 });
    expect(s.put('a', '1', undefined, 0).revision).toBe(42);
  });

  it('bumps once per put, even when the value does not change', () => {
    const s = new EtcdStore();
    s.put('a', 'same', undefined, 0);
    s.put('a', 'same', undefined, 0);
    expect(s.revision).toBe(3);
    expect(kvOf(s, 'a')?.version).toBe(2);
  });

  it('does not bump for a delete of nothing', () => {
    const s = new EtcdStore();
    s.put('a', '1', undefined, 0);
    expect(s.deleteRange('missing', undefined, 0)).toEqual({ deleted: 0, revision: 2 });
    expect(s.deleteRange('m/', prefixEnd('m/'), 0)).toEqual({ deleted: 0, revision: 2 });
    expect(s.revision).toBe(2);
  });

  it('deletes a whole range in one revision', () => {
    const s = new EtcdStore();
    for (const k of ['p/a', 'p/b', 'p/c', 'q']) s.put(k, 'v', undefined, 0);
    expect(s.deleteRange('p/', prefixEnd('p/'), 0)).toEqual({ deleted: 3, revision: 6 });
    expect(s.range('\0', '\0').kvs.map((kv) => kv.key)).toEqual(['q']);
  });
});

describe('key metadata', () => {
  it('tracks create_revision, mod_revision and version; delete resets, re-create starts over', () => {
    const s = new EtcdStore();
    s.put('k', 'v1', undefined, 0); // 2
    s.put('k', 'v2', undefined, 0); // 3
    expect(kvOf(s, 'k')).toEqual({
      key: 'k',
      value: 'v2',
      createRevision: 2,
      modRevision: 3,
      version: 2,
      lease: 0,
    });
    s.put('other', 'x', undefined, 0); // 4
    expect(kvOf(s, 'k')?.modRevision).toBe(3);
    s.deleteRange('k', undefined, 0); // 5
    expect(s.range('k')).toEqual({ kvs: [], count: 0, revision: 5 });
    s.put('k', 'v3', undefined, 0); // 6
    expect(kvOf(s, 'k')).toEqual({
      key: 'k',
      value: 'v3',
      createRevision: 6,
      modRevision: 6,
      version: 1,
      lease: 0,
    });
  });

  it('returns copies: mutating an answer does not change the store', () => {
    const s = new EtcdStore();
    s.put('k', 'v', undefined, 0);
    const kv = kvOf(s, 'k');
    if (kv === undefined) throw new Error('missing');
    kv.value = 'hacked';
    kv.version = 99;
    expect(kvOf(s, 'k')).toMatchObject({ value: 'v', version: 1 });
    s.view(0).keys[0]!.value = 'hacked';
    expect(kvOf(s, 'k')?.value).toBe('v');
  });

  it('refuses empty keys without writing', () => {
    const s = new EtcdStore();
    const e = storeError(() => s.put('', 'v', undefined, 0), 'EMPTY_KEY');
    expect(e.message).toBe('etcdserver: key is not provided');
    expect(e.grpcCode).toBe(3);
    storeError(() => s.range(''), 'EMPTY_KEY');
    storeError(() => s.deleteRange('', undefined, 0), 'EMPTY_KEY');
    expect(s.revision).toBe(1);
  });
});

describe('range ends', () => {
  const s = new EtcdStore();
  for (const k of ['/o', '/p', '/p/a', '/p/b', '/p/c', '/q']) s.put(k, k, undefined, 0);
  const keys = (key: string, end?: string) => s.range(key, end).kvs.map((kv) => kv.key);

  it('without rangeEnd reads one key', () => {
    expect(keys('/p')).toEqual(['/p']);
    expect(keys('/nope')).toEqual([]);
  });
  it('reads [key, rangeEnd), sorted', () => {
    expect(keys('/p/a', '/p/c')).toEqual(['/p/a', '/p/b']);
    expect(s.range('/p/a', '/p/c').count).toBe(2);
  });
  it('reads a prefix with prefixEnd', () => {
    expect(prefixEnd('/p/')).toBe('/p0');
    expect(keys('/p/', prefixEnd('/p/'))).toEqual(['/p/a', '/p/b', '/p/c']);
    expect(keys('/p', prefixEnd('/p'))).toEqual(['/p', '/p/a', '/p/b', '/p/c']);
  });
  it("reads every key >= key with '\\0'", () => {
    expect(keys('/p/b', '\0')).toEqual(['/p/b', '/p/c', '/q']);
    expect(keys('\0', '\0')).toHaveLength(6);
  });
  it('reads nothing for an inverted or empty interval', () => {
    expect(keys('/p/c', '/p/a')).toEqual([]);
    expect(keys('/p/b', '/p/b')).toEqual([]);
  });
  it('sorts by UTF-8 bytes, not UTF-16 units', () => {
    expect(compareBytes('\uffff', '\u{10000}')).toBe(-1); // JS '<' says the opposite
    expect('\uffff' < '\u{10000}').toBe(false);
    expect(compareBytes('a', 'ab')).toBe(-1);
    expect(compareBytes('b', 'ab')).toBe(1);
    expect(compareBytes('x', 'x')).toBe(0);
    const u = new EtcdStore();
    u.put('\u{10000}', '1', undefined, 0);
    u.put('\uffff', '2', undefined, 0);
    expect(u.range('\0', '\0').kvs.map((kv) => kv.value)).toEqual(['2', '1']);
  });
  it('prefixEnd of nothing is unbounded', () => {
    expect(prefixEnd('')).toBe('\0');
    expect(prefixEnd('a\u{10ffff}')).toBe('b');
  });
});

describe('lease grant', () => {
  it('raises a TTL below the minimum to 2 s by default', () => {
    const s = new EtcdStore();
    expect(s.grant(1, 0).ttl).toBe(2);
    expect(s.grant(0, 0).ttl).toBe(2);
    expect(s.grant(-5, 0).ttl).toBe(2);
    expect(s.grant(2, 0).ttl).toBe(2);
    expect(s.grant(3, 0).ttl).toBe(3);
  });

  it('honours minTtlSec', () => {
    expect(new EtcdStore({ minTtlSec: 5 }).grant(3, 0).ttl).toBe(5);
  });

  it('sets the deadline to now + ttl seconds', () => {
    const s = new EtcdStore();
    const { id } = s.grant(1, 1000);
    expect(s.view(1000).leases).toEqual([{ id, ttlSec: 2, deadlineMs: 3000, remainingMs: 2000, keys: [] }]);
  });

  it('refuses a TTL above MaxLeaseTTL', () => {
    const s = new EtcdStore();
    expect(s.grant(MAX_LEASE_TTL_SEC, 0).ttl).toBe(MAX_LEASE_TTL_SEC);
    const e = storeError(() => s.grant(MAX_LEASE_TTL_SEC + 1, 0), 'LEASE_TTL_TOO_LARGE');
    expect(e.message).toBe('etcdserver: too large lease TTL');
    expect(e.grpcCode).toBe(11);
  });

  it('numbers leases from firstLeaseId, skipping explicit ids in use', () => {
    const d = new EtcdStore();
    expect(d.grant(10, 0).id).toBe(DEFAULT_FIRST_LEASE_ID);
    const s = new EtcdStore({ firstLeaseId: 100 });
    expect(s.grant(10, 0, 101).id).toBe(101);
    expect(s.grant(10, 0).id).toBe(100);
    expect(s.grant(10, 0).id).toBe(102);
  });

  it('refuses an explicit id already in use, accepts it again after revoke', () => {
    const s = new EtcdStore();
    s.grant(10, 0, 7);
    const e = storeError(() => s.grant(20, 0, 7), 'LEASE_EXISTS');
    expect(e.message).toBe('etcdserver: lease already exists');
    expect(e.grpcCode).toBe(9);
    s.revoke(7, 0);
    expect(s.grant(20, 0, 7)).toEqual({ id: 7, ttl: 20 });
  });

  it('refuses non-integer TTLs and ids', () => {
    const s = new EtcdStore();
    storeError(() => s.grant(1.5, 0), 'INVALID_ARGUMENT');
    storeError(() => s.grant(10, 0, -3), 'INVALID_ARGUMENT');
    storeError(() => s.grant(10, 0, 1.5), 'INVALID_ARGUMENT');
  });
});

describe('lease keepalive, timeToLive, revoke', () => {
  it('keepalive answers the granted TTL and resets the deadline', () => {
    const s = new EtcdStore();
    const { id } = s.grant(1, 0); // raised to 2: deadline 2000
    expect(s.keepAlive(id, 1500)).toEqual({ id, ttl: 2 });
    expect(s.view(1500).leases[0]?.deadlineMs).toBe(3500);
    expect(s.nextExpiryMs()).toBe(3500);
    expect(s.timeToLive(id, 2500).ttl).toBe(1); // alive past the first deadline
  });

  it('keepalive of an unknown or expired lease answers 0 and changes nothing', () => {
    const s = new EtcdStore();
    expect(s.keepAlive(12345, 0)).toEqual({ id: 12345, ttl: 0 });
    const { id } = s.grant(2, 0);
    expect(s.keepAlive(id, 2000)).toEqual({ id, ttl: 0 });
    expect(s.nextExpiryMs()).toBeUndefined();
  });

  it('timeToLive truncates the remaining time to whole seconds', () => {
    const s = new EtcdStore();
    const { id } = s.grant(5, 0);
    expect(s.timeToLive(id, 0)).toEqual({ id, ttl: 5, grantedTtl: 5, keys: [] });
    expect(s.timeToLive(id, 1).ttl).toBe(4);
    expect(s.timeToLive(id, 1000).ttl).toBe(4);
    expect(s.timeToLive(id, 1001).ttl).toBe(3);
    expect(s.timeToLive(id, 4999).ttl).toBe(0);
    expect(s.timeToLive(id, 5000)).toEqual({ id, ttl: -1, grantedTtl: 0, keys: [] });
  });

  it('timeToLive lists sorted keys only when asked; -1 for an unknown lease', () => {
    const s = new EtcdStore();
    const { id } = s.grant(10, 0);
    s.put('b', '1', { lease: id }, 0);
    s.put('a', '1', { lease: id }, 0);
    expect(s.timeToLive(id, 0).keys).toEqual([]);
    expect(s.timeToLive(id, 0, true).keys).toEqual(['a', 'b']);
    expect(s.timeToLive(999, 0, true)).toEqual({ id: 999, ttl: -1, grantedTtl: 0, keys: [] });
  });

  it('revoke deletes every attached key in one revision and keeps the others', () => {
    const s = new EtcdStore();
    const { id } = s.grant(30, 0);
    for (const k of ['r/1', 'r/2', 'r/3']) s.put(k, 'v', { lease: id }, 0);
    s.put('r/free', 'v', undefined, 0); // revision 5
    expect(s.revoke(id, 10)).toEqual({ revision: 6 });
    expect(s.range('r/', prefixEnd('r/')).kvs.map((kv) => kv.key)).toEqual(['r/free']);
    expect(s.timeToLive(id, 10).ttl).toBe(-1);
  });

  it('revoke of a lease without keys takes no revision', () => {
    const s = new EtcdStore();
    const a = s.grant(30, 0).id;
    expect(s.revoke(a, 0)).toEqual({ revision: 1 });
    const b = s.grant(30, 0).id;
    s.put('x', 'v', { lease: b }, 0); // 2
    s.deleteRange('x', undefined, 0); // 3, detaches x from b
    expect(s.revoke(b, 0)).toEqual({ revision: 3 });
  });

  it('revoke of an unknown lease throws LEASE_NOT_FOUND', () => {
    const s = new EtcdStore();
    const e = storeError(() => s.revoke(42, 0), 'LEASE_NOT_FOUND');
    expect(e.message).toBe('etcdserver: requested lease not found');
    expect(e.grpcCode).toBe(5);
    const { id } = s.grant(10, 0);
    s.revoke(id, 0);
    storeError(() => s.revoke(id, 0), 'LEASE_NOT_FOUND');
  });
});

describe('puts and leases', () => {
  it('put with an unknown lease fails and writes nothing', () => {
    const s = new EtcdStore();
    storeError(() => s.put('k', 'v', { lease: 77 }, 0), 'LEASE_NOT_FOUND');
    expect(s.revision).toBe(1);
    expect(s.range('k').count).toBe(0);
    expect(s.drainChanges()).toEqual([]);
  });

  it('put moves a key between leases, put without lease detaches it', () => {
    const s = new EtcdStore();
    const a = s.grant(30, 0).id;
    const b = s.grant(30, 0).id;
    s.put('m', '1', { lease: a }, 0);
    s.put('m', '2', { lease: b }, 0);
    expect(s.timeToLive(a, 0, true).keys).toEqual([]);
    expect(s.timeToLive(b, 0, true).keys).toEqual(['m']);
    expect(kvOf(s, 'm')?.lease).toBe(b);
    s.revoke(a, 0);
    expect(s.range('m').count).toBe(1);
    s.put('m', '3', undefined, 0);
    expect(kvOf(s, 'm')?.lease).toBe(0);
    expect(s.timeToLive(b, 0, true).keys).toEqual([]);
    const rev = s.revision;
    expect(s.revoke(b, 0).revision).toBe(rev);
    expect(kvOf(s, 'm')?.value).toBe('3');
  });
});

describe('expiry', () => {
  it('expires at the deadline, not before (deadline = grant time + ttl * 1000)', () => {
    const s = new EtcdStore();
    const { id } = s.grant(2, 1000); // deadline 3000
    s.put('k', 'v', { lease: id }, 1000);
    expect(s.range('k', undefined, 2999).count).toBe(1);
    expect(s.timeToLive(id, 2999).ttl).toBe(0);
    expect(s.range('k', undefined, 3000).count).toBe(0);
  });

  it('deletes every attached key in ONE revision and reports it', () => {
    const s = new EtcdStore();
    const { id } = s.grant(2, 0);
    s.put('e/1', 'a', { lease: id }, 0); // 2
    s.put('e/2', 'b', { lease: id }, 0); // 3
    s.put('e/3', 'c', undefined, 0); // 4
    expect(s.expire(1999)).toEqual([]);
    expect(s.expire(2000)).toEqual([{ lease: id, revision: 5, keys: ['e/1', 'e/2'] }]);
    expect(s.revision).toBe(5);
    expect(s.range('e/', prefixEnd('e/')).kvs.map((kv) => kv.key)).toEqual(['e/3']);
    expect(s.expire(5000)).toEqual([]);
  });

  it('expires several leases in deadline order, one revision each; a keyless lease takes none', () => {
    const s = new EtcdStore();
    const late = s.grant(5, 0).id; // deadline 5000
    const early = s.grant(2, 0).id; // deadline 2000
    const empty = s.grant(3, 0).id; // deadline 3000, no keys
    s.put('late', 'v', { lease: late }, 0); // 2
    s.put('early', 'v', { lease: early }, 0); // 3
    expect(s.expire(6000)).toEqual([
      { lease: early, revision: 4, keys: ['early'] },
      { lease: empty, revision: 4, keys: [] },
      { lease: late, revision: 5, keys: ['late'] },
    ]);
  });

  it('breaks deadline ties by grant order', () => {
    const s = new EtcdStore({ firstLeaseId: 10 });
    const a = s.grant(2, 0, 50).id;
    const b = s.grant(2, 0, 20).id;
    expect(s.expire(2000).map((e) => e.lease)).toEqual([a, b]);
  });

  it('every operation first expires due leases', () => {
    const mk = () => {
      const s = new EtcdStore();
      const { id } = s.grant(2, 0);
      s.put('k', 'v', { lease: id }, 0); // 2
      return { s, id };
    };
    let { s, id } = mk();
    expect(s.put('other', 'v', undefined, 2000).revision).toBe(4); // 3 = the expiry
    ({ s, id } = mk());
    expect(
      s.txn(
        { compare: [{ key: 'k', target: 'CREATE', result: 'EQUAL', value: 0 }], success: [], failure: [] },
        2000,
      ).succeeded,
    ).toBe(true);
    ({ s, id } = mk());
    expect(s.keepAlive(id, 2000).ttl).toBe(0);
    ({ s, id } = mk());
    storeError(() => s.revoke(id, 2000), 'LEASE_NOT_FOUND');
    ({ s, id } = mk());
    expect(s.deleteRange('k', undefined, 2000)).toEqual({ deleted: 0, revision: 3 });
    ({ s, id } = mk());
    storeError(() => s.put('k', 'v', { lease: id }, 2000), 'LEASE_NOT_FOUND');
    ({ s, id } = mk());
    expect(s.grant(2, 2000).id).not.toBe(id);
    expect(s.revision).toBe(3);
    ({ s, id } = mk());
    expect(s.view(2000)).toEqual({ revision: 3, keys: [], leases: [] });
  });

  it('range without nowMs does not expire', () => {
    const s = new EtcdStore();
    const { id } = s.grant(2, 0);
    s.put('k', 'v', { lease: id }, 0);
    expect(s.range('k').count).toBe(1);
  });

  it('nextExpiryMs follows grants, keepalives, revokes and expiries', () => {
    const s = new EtcdStore();
    expect(s.nextExpiryMs()).toBeUndefined();
    const a = s.grant(10, 0).id; // 10000
    const b = s.grant(4, 1000).id; // 5000
    expect(s.nextExpiryMs()).toBe(5000);
    s.keepAlive(b, 4000); // 8000
    expect(s.nextExpiryMs()).toBe(8000);
    s.keepAlive(b, 7000); // 11000 (a expires first now)
    expect(s.nextExpiryMs()).toBe(10000);
    s.expire(10000);
    expect(s.nextExpiryMs()).toBe(11000);
    s.revoke(b, 10000);
    expect(s.nextExpiryMs()).toBeUndefined();
    expect(a).not.toBe(b);
  });
});

describe('txn compares', () => {
  // Key k: createRevision 2, modRevision 3, version 2, value 'm', lease L.
  const setup = () => {
    const s = new EtcdStore({ firstLeaseId: 500 });
    const lease = s.grant(30, 0).id;
    s.put('k', 'a', undefined, 0); // 2
    s.put('k', 'm', { lease }, 0); // 3
    return s;
  };
  const cases: Array<[CompareTarget, number | string, Record<CompareResult, boolean>]> = [
    ['CREATE', 2, { EQUAL: true, NOT_EQUAL: false, GREATER: false, LESS: false }],
    ['CREATE', 1, { EQUAL: false, NOT_EQUAL: true, GREATER: true, LESS: false }],
    ['CREATE', 3, { EQUAL: false, NOT_EQUAL: true, GREATER: false, LESS: true }],
    ['MOD', 3, { EQUAL: true, NOT_EQUAL: false, GREATER: false, LESS: false }],
    ['MOD', 2, { EQUAL: false, NOT_EQUAL: true, GREATER: true, LESS: false }],
    ['MOD', 4, { EQUAL: false, NOT_EQUAL: true, GREATER: false, LESS: true }],
    ['VERSION', 2, { EQUAL: true, NOT_EQUAL: false, GREATER: false, LESS: false }],
    ['VERSION', 1, { EQUAL: false, NOT_EQUAL: true, GREATER: true, LESS: false }],
    ['VERSION', 3, { EQUAL: false, NOT_EQUAL: true, GREATER: false, LESS: true }],
    ['VALUE', 'm', { EQUAL: true, NOT_EQUAL: false, GREATER: false, LESS: false }],
    ['VALUE', 'l', { EQUAL: false, NOT_EQUAL: true, GREATER: true, LESS: false }],
    ['VALUE', 'ma', { EQUAL: false, NOT_EQUAL: true, GREATER: false, LESS: true }],
    ['LEASE', 500, { EQUAL: true, NOT_EQUAL: false, GREATER: false, LESS: false }],
    ['LEASE', 0, { EQUAL: false, NOT_EQUAL: true, GREATER: true, LESS: false }],
    ['LEASE', 501, { EQUAL: false, NOT_EQUAL: true, GREATER: false, LESS: true }],
  ];
  for (const [target, value, expected] of cases) {
    for (const result of ['EQUAL', 'NOT_EQUAL', 'GREATER', 'LESS'] as const) {
      it(`k.${target} ${result} ${JSON.stringify(value)} is ${expected[result]}`, () => {
        const s = setup();
        const r = s.txn(
          { compare: [{ key: 'k', target, result, value }], success: [{ range: { key: 'k' } }], failure: [] },
          0,
        );
        expect(r.succeeded).toBe(expected[result]);
        expect(r.responses).toHaveLength(expected[result] ? 1 : 0);
      });
    }
  }

  it('on a missing key CREATE/MOD/VERSION/LEASE read 0 and VALUE always fails', () => {
    const s = new EtcdStore();
    const ok = (c: Omit<Compare, 'key'>) =>
      s.txn({ compare: [{ key: 'nope', ...c }], success: [], failure: [] }, 0).succeeded;
    expect(ok({ target: 'CREATE', result: 'EQUAL', value: 0 })).toBe(true);
    expect(ok({ target: 'MOD', result: 'EQUAL', value: 0 })).toBe(true);
    expect(ok({ target: 'VERSION', result: 'EQUAL', value: 0 })).toBe(true);
    expect(ok({ target: 'LEASE', result: 'EQUAL', value: 0 })).toBe(true);
    expect(ok({ target: 'CREATE', result: 'GREATER', value: 0 })).toBe(false);
    expect(ok({ target: 'VALUE', result: 'EQUAL', value: '' })).toBe(false);
    expect(ok({ target: 'VALUE', result: 'NOT_EQUAL', value: 'x' })).toBe(false);
  });

  it('over a range every key must satisfy the compare; an empty range reads as a missing key', () => {
    const s = new EtcdStore();
    const ok = (target: CompareTarget, result: CompareResult, value: number) =>
      s.txn({ compare: [{ key: 'r/', rangeEnd: 'r0', target, result, value }], success: [], failure: [] }, 0)
        .succeeded;
    expect(ok('VERSION', 'EQUAL', 0)).toBe(true);
    s.put('r/a', '1', undefined, 0);
    s.put('r/b', '1', undefined, 0);
    expect(ok('VERSION', 'EQUAL', 1)).toBe(true);
    s.put('r/b', '2', undefined, 0);
    expect(ok('VERSION', 'EQUAL', 1)).toBe(false);
    expect(ok('VERSION', 'GREATER', 0)).toBe(true);
  });

  it('needs every compare to hold; no compare means success', () => {
    const s = setup();
    const v = (value: string): Compare => ({ key: 'k', target: 'VALUE', result: 'EQUAL', value });
    const c = (value: number): Compare => ({ key: 'k', target: 'VERSION', result: 'EQUAL', value });
    expect(s.txn({ compare: [v('m'), c(2)], success: [], failure: [] }, 0).succeeded).toBe(true);
    expect(s.txn({ compare: [v('m'), c(3)], success: [], failure: [] }, 0).succeeded).toBe(false);
    expect(s.txn({ compare: [], success: [], failure: [] }, 0).succeeded).toBe(true);
  });

  it('refuses a compare value of the wrong type', () => {
    const s = new EtcdStore();
    storeError(
      () =>
        s.txn(
          { compare: [{ key: 'k', target: 'VALUE', result: 'EQUAL', value: 1 }], success: [], failure: [] },
          0,
        ),
      'INVALID_ARGUMENT',
    );
    storeError(
      () =>
        s.txn(
          { compare: [{ key: 'k', target: 'MOD', result: 'EQUAL', value: '1' }], success: [], failure: [] },
          0,
        ),
      'INVALID_ARGUMENT',
    );
  });
});

describe('txn effects', () => {
  it('a txn of many writes takes one revision; its reads see its own writes', () => {
    const s = new EtcdStore();
    s.put('t/0', 'z', undefined, 0); // 2
    const r = s.txn(
      {
        compare: [],
        success: [
          { range: { key: 't/', rangeEnd: prefixEnd('t/') } },
          { put: { key: 't/1', value: 'a' } },
          { put: { key: 't/2', value: 'b' } },
          { range: { key: 't/', rangeEnd: prefixEnd('t/') } },
          { deleteRange: { key: 't/0' } },
          { deleteRange: { key: 't/missing' } },
        ],
        failure: [],
      },
      0,
    );
    expect(r.succeeded).toBe(true);
    expect(r.revision).toBe(3);
    expect(s.revision).toBe(3);
    expect(r.responses[0]).toEqual({ range: { count: 1, kvs: [expect.objectContaining({ key: 't/0' })] } });
    expect(r.responses[1]).toEqual({ put: { revision: 3 } });
    expect(r.responses[2]).toEqual({ put: { revision: 3 } });
    const seen = r.responses[3];
    expect(
      seen !== undefined && 'range' in seen ? seen.range.kvs.map((kv) => [kv.key, kv.createRevision]) : [],
    ).toEqual([
      ['t/0', 2],
      ['t/1', 3],
      ['t/2', 3],
    ]);
    expect(r.responses[4]).toEqual({ deleteRange: { deleted: 1 } });
    expect(r.responses[5]).toEqual({ deleteRange: { deleted: 0 } });
  });

  it('a txn that modifies nothing takes no revision', () => {
    const s = new EtcdStore();
    s.put('n', 'v', undefined, 0); // 2
    const failed = s.txn(
      {
        compare: [{ key: 'n', target: 'VALUE', result: 'EQUAL', value: 'other' }],
        success: [{ put: { key: 'n', value: 'x' } }],
        failure: [{ range: { key: 'n' } }],
      },
      0,
    );
    expect(failed).toMatchObject({ succeeded: false, revision: 2 });
    expect(s.txn({ compare: [], success: [{ deleteRange: { key: 'missing' } }], failure: [] }, 0)).toEqual({
      succeeded: true,
      revision: 2,
      responses: [{ deleteRange: { deleted: 0 } }],
    });
    expect(s.txn({ compare: [], success: [], failure: [] }, 0)).toEqual({
      succeeded: true,
      revision: 2,
      responses: [],
    });
    expect(s.revision).toBe(2);
  });

  it('Election.Campaign: create-if-absent with a lease, else read; the fencing revision jumps >= 2 per handover', () => {
    const s = new EtcdStore();
    const campaign = (lease: number, value: string, now: number) => {
      const key = `/el/${lease.toString(16)}`;
      return s.txn(
        {
          compare: [{ key, target: 'CREATE', result: 'EQUAL', value: 0 }],
          success: [{ put: { key, value, lease } }],
          failure: [{ range: { key } }],
        },
        now,
      );
    };
    const leader = (now: number) => {
      const kvs = s.range('/el/', prefixEnd('/el/'), now).kvs;
      return [...kvs].sort((a, b) => a.createRevision - b.createRevision)[0];
    };
    const a = s.grant(30, 0).id;
    const b = s.grant(30, 0).id;
    expect(campaign(a, 'node-1', 0).succeeded).toBe(true);
    expect(campaign(b, 'node-2', 0).succeeded).toBe(true);
    const first = leader(0);
    expect(first?.value).toBe('node-1');
    const again = campaign(a, 'node-1', 0);
    expect(again.succeeded).toBe(false);
    expect(again.responses).toEqual([{ range: { count: 1, kvs: [first] } }]);
    s.keepAlive(b, 20_000);
    const next = leader(30_000); // a expired at 30 000
    expect(next?.value).toBe('node-2');
    // Single-key variant (Patroni): after a's expiry, b recreates the key at a higher create revision.
    const t = new EtcdStore();
    const la = t.grant(2, 0).id;
    const lb = t.grant(30, 0).id;
    const take = (lease: number, v: string, now: number) =>
      t.txn(
        {
          compare: [{ key: 'leader', target: 'CREATE', result: 'EQUAL', value: 0 }],
          success: [{ put: { key: 'leader', value: v, lease } }],
          failure: [{ range: { key: 'leader' } }],
        },
        now,
      );
    expect(take(la, 'pg-1', 0).succeeded).toBe(true);
    const before = kvOf(t, 'leader')?.createRevision ?? 0;
    expect(take(lb, 'pg-2', 1000).succeeded).toBe(false);
    expect(take(lb, 'pg-2', 2000).succeeded).toBe(true);
    expect((kvOf(t, 'leader')?.createRevision ?? 0) - before).toBe(2);
  });
});

describe('txn validation', () => {
  const put = (key: string, value = 'v') => ({ put: { key, value } });
  it('refuses a put repeating a key, or inside a delete range, in one branch', () => {
    const s = new EtcdStore();
    s.put('d/a', '1', undefined, 0);
    const e = storeError(
      () => s.txn({ compare: [], success: [put('d/a'), put('d/a')], failure: [] }, 0),
      'DUPLICATE_KEY',
    );
    expect(e.message).toBe('etcdserver: duplicate key given in txn request');
    storeError(
      () => s.txn({ compare: [], success: [{ deleteRange: { key: 'd/a' } }, put('d/a')], failure: [] }, 0),
      'DUPLICATE_KEY',
    );
    storeError(
      () =>
        s.txn(
          { compare: [], success: [{ deleteRange: { key: 'd/', rangeEnd: 'd0' } }, put('d/b')], failure: [] },
          0,
        ),
      'DUPLICATE_KEY',
    );
    storeError(
      () => s.txn({ compare: [], success: [], failure: [put('d/a'), put('d/a')] }, 0),
      'DUPLICATE_KEY',
    );
    expect(s.revision).toBe(2);
  });

  it("accepts the same key in both branches, reads next to puts, and a '\\0' delete range with a put", () => {
    const s = new EtcdStore();
    s.put('d/a', '1', undefined, 0);
    expect(s.txn({ compare: [], success: [put('d/a', 's')], failure: [put('d/a', 'f')] }, 0).revision).toBe(
      3,
    );
    expect(
      s.txn({ compare: [], success: [{ range: { key: 'd/a' } }, put('d/a')], failure: [] }, 0).revision,
    ).toBe(4);
    const r = s.txn(
      { compare: [], success: [{ deleteRange: { key: 'd/', rangeEnd: '\0' } }, put('d/c')], failure: [] },
      0,
    );
    expect(r.responses).toEqual([{ deleteRange: { deleted: 1 } }, { put: { revision: 5 } }]);
  });

  it('refuses more than maxTxnOps ops in compare, success or failure', () => {
    const s = new EtcdStore({ maxTxnOps: 2 });
    const r = { range: { key: 'k' } };
    expect(s.txn({ compare: [], success: [r, r], failure: [r, r] }, 0).succeeded).toBe(true);
    const e = storeError(() => s.txn({ compare: [], success: [r, r, r], failure: [] }, 0), 'TOO_MANY_OPS');
    expect(e.message).toBe('etcdserver: too many operations in txn request');
    const c: Compare = { key: 'k', target: 'VERSION', result: 'EQUAL', value: 0 };
    storeError(() => s.txn({ compare: [c, c, c], success: [], failure: [] }, 0), 'TOO_MANY_OPS');
    expect(new EtcdStore().txn({ compare: [], success: Array(128).fill(r), failure: [] }, 0).succeeded).toBe(
      true,
    );
    storeError(
      () => new EtcdStore().txn({ compare: [], success: Array(129).fill(r), failure: [] }, 0),
      'TOO_MANY_OPS',
    );
  });

  it('refuses empty keys in compares and ops of either branch', () => {
    const s = new EtcdStore();
    storeError(
      () =>
        s.txn(
          { compare: [{ key: '', target: 'VERSION', result: 'EQUAL', value: 0 }], success: [], failure: [] },
          0,
        ),
      'EMPTY_KEY',
    );
    storeError(() => s.txn({ compare: [], success: [], failure: [{ range: { key: '' } }] }, 0), 'EMPTY_KEY');
  });

  it('checks leases only in the branch taken, and then writes nothing', () => {
    const s = new EtcdStore();
    s.put('b', '1', undefined, 0); // 2
    const no: Compare = { key: 'b', target: 'VALUE', result: 'EQUAL', value: 'nope' };
    const bad = { put: { key: 'b', value: '2', lease: 4242 } };
    expect(s.txn({ compare: [no], success: [bad], failure: [{ range: { key: 'b' } }] }, 0).succeeded).toBe(
      false,
    );
    storeError(() => s.txn({ compare: [no], success: [], failure: [put('c'), bad] }, 0), 'LEASE_NOT_FOUND');
    storeError(() => s.txn({ compare: [], success: [put('c'), bad], failure: [] }, 0), 'LEASE_NOT_FOUND');
    expect(s.revision).toBe(2);
    expect(s.range('c').count).toBe(0);
  });
});

describe('drainChanges', () => {
  it('records every change in order, and empties on drain', () => {
    const s = new EtcdStore({ firstLeaseId: 1 });
    s.grant(2, 0); // lease 1, deadline 2000
    s.grant(10, 0); // lease 2
    s.put('a', 'x', { lease: 1 }, 0); // 2
    s.put('b', 'y', { lease: 2 }, 0); // 3
    s.put('c', 'z', undefined, 0); // 4
    s.keepAlive(2, 500);
    s.txn(
      {
        compare: [],
        success: [{ put: { key: 'd', value: 'w' } }, { deleteRange: { key: 'c' } }],
        failure: [],
      },
      500,
    ); // 5
    s.deleteRange('d', undefined, 600); // 6
    s.range('a', undefined, 2000); // expiry of lease 1: 7
    s.revoke(2, 2100); // 8
    const kv = (key: string, value: string, rev: number, lease: number) => ({
      key,
      value,
      createRevision: rev,
      modRevision: rev,
      version: 1,
      lease,
    });
    const expected: StoreChange[] = [
      { kind: 'lease-grant', lease: 1, ttlSec: 2, deadlineMs: 2000 },
      { kind: 'lease-grant', lease: 2, ttlSec: 10, deadlineMs: 10_000 },
      { kind: 'put', kv: kv('a', 'x', 2, 1) },
      { kind: 'put', kv: kv('b', 'y', 3, 2) },
      { kind: 'put', kv: kv('c', 'z', 4, 0) },
      { kind: 'lease-keepalive', lease: 2, ttlSec: 10, deadlineMs: 10_500 },
      { kind: 'put', kv: kv('d', 'w', 5, 0) },
      { kind: 'delete', key: 'c', revision: 5, cause: 'delete' },
      { kind: 'delete', key: 'd', revision: 6, cause: 'delete' },
      { kind: 'lease-expire', lease: 1, revision: 7 },
      { kind: 'delete', key: 'a', revision: 7, cause: 'lease-expired', lease: 1 },
      { kind: 'lease-revoke', lease: 2, revision: 8 },
      { kind: 'delete', key: 'b', revision: 8, cause: 'lease-revoked', lease: 2 },
    ];
    expect(s.drainChanges()).toEqual(expected);
    expect(s.drainChanges()).toEqual([]);
  });

  it('records nothing for reads, no-op writes and refused calls', () => {
    const s = new EtcdStore();
    s.range('a', undefined, 0);
    s.deleteRange('a', undefined, 0);
    s.txn({ compare: [], success: [{ range: { key: 'a' } }], failure: [] }, 0);
    s.keepAlive(9, 0);
    s.timeToLive(9, 0);
    expect(() => s.put('a', 'v', { lease: 9 }, 0)).toThrow(StoreError);
    expect(s.drainChanges()).toEqual([]);
  });
});

describe('view', () => {
  it('shows keys sorted, leases in grant order with remaining time and keys', () => {
    const s = new EtcdStore({ firstLeaseId: 1 });
    s.grant(10, 0, 9);
    s.grant(2, 500);
    s.put('z', '1', { lease: 9 }, 600);
    s.put('a', '2', { lease: 1 }, 600);
    s.put('m', '3', { lease: 9 }, 600);
    expect(s.view(1000)).toEqual({
      revision: 4,
      keys: [
        { key: 'a', value: '2', createRevision: 3, modRevision: 3, version: 1, lease: 1 },
        { key: 'm', value: '3', createRevision: 4, modRevision: 4, version: 1, lease: 9 },
        { key: 'z', value: '1', createRevision: 2, modRevision: 2, version: 1, lease: 9 },
      ],
      leases: [
        { id: 9, ttlSec: 10, deadlineMs: 10_000, remainingMs: 9000, keys: ['m', 'z'] },
        { id: 1, ttlSec: 2, deadlineMs: 2500, remainingMs: 1500, keys: ['a'] },
      ],
    });
    expect(s.view(2499).leases[1]?.remainingMs).toBe(1);
    expect(s.view(2500).leases.map((l) => l.id)).toEqual([9]);
  });
});

describe('time', () => {
  it('refuses time going backwards and non-integer times', () => {
    const s = new EtcdStore();
    s.put('a', 'v', undefined, 1000);
    storeError(() => s.put('a', 'v', undefined, 999), 'INVALID_ARGUMENT');
    storeError(() => s.range('a', undefined, 10.5), 'INVALID_ARGUMENT');
    storeError(() => s.expire(Number.NaN), 'INVALID_ARGUMENT');
    expect(s.put('a', 'v', undefined, 1000).revision).toBe(3);
  });
});

describe('invariants under random operations', () => {
  type Op =
    | { t: 'put'; key: number; lease: number | null }
    | { t: 'del'; key: number; prefix: boolean }
    | { t: 'grant'; ttl: number }
    | { t: 'keepalive'; lease: number }
    | { t: 'revoke'; lease: number }
    | { t: 'cas'; key: number; lease: number | null }
    | { t: 'wait'; ms: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ t: fc.constant('put' as const), key: fc.nat(5), lease: fc.option(fc.nat(4)) }),
    fc.record({ t: fc.constant('del' as const), key: fc.nat(5), prefix: fc.boolean() }),
    fc.record({ t: fc.constant('grant' as const), ttl: fc.integer({ min: -1, max: 6 }) }),
    fc.record({ t: fc.constant('keepalive' as const), lease: fc.nat(4) }),
    fc.record({ t: fc.constant('revoke' as const), lease: fc.nat(4) }),
    fc.record({ t: fc.constant('cas' as const), key: fc.nat(5), lease: fc.option(fc.nat(4)) }),
    fc.record({ t: fc.constant('wait' as const), ms: fc.nat(3000) }),
  );

  it('keeps revisions, metadata and lease attachments consistent', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const s = new EtcdStore({ firstLeaseId: 1 });
        const granted: number[] = [];
        let now = 0;
        let lastRev = s.revision;
        const leaseOf = (i: number | null) =>
          i === null ? 0 : (granted[i % Math.max(1, granted.length)] ?? 999);
        for (const o of ops) {
          try {
            if (o.t === 'put') s.put(`k/${o.key}`, `v${now}`, { lease: leaseOf(o.lease) }, now);
            else if (o.t === 'del')
              s.deleteRange(o.prefix ? 'k/' : `k/${o.key}`, o.prefix ? 'k0' : undefined, now);
            else if (o.t === 'grant') granted.push(s.grant(o.ttl, now).id);
            else if (o.t === 'keepalive') s.keepAlive(leaseOf(o.lease), now);
            else if (o.t === 'revoke') s.revoke(leaseOf(o.lease), now);
            else if (o.t === 'cas') {
              const key = `k/${o.key}`;
              s.txn(
                {
                  compare: [{ key, target: 'CREATE', result: 'EQUAL', value: 0 }],
                  success: [{ put: { key, value: 'c', lease: leaseOf(o.lease) } }],
                  failure: [{ range: { key } }],
                },
                now,
              );
            } else now += o.ms;
          } catch (e) {
            if (!(e instanceof StoreError) || e.code !== 'LEASE_NOT_FOUND') throw e;
          }
          const v = s.view(now);
          expect(v.revision).toBeGreaterThanOrEqual(lastRev);
          lastRev = v.revision;
          const leaseIds = new Set(v.leases.map((l) => l.id));
          for (const kv of v.keys) {
            expect(kv.createRevision).toBeLessThanOrEqual(kv.modRevision);
            expect(kv.modRevision).toBeLessThanOrEqual(v.revision);
            expect(kv.version).toBeGreaterThanOrEqual(1);
            if (kv.lease !== 0) {
              expect(leaseIds.has(kv.lease)).toBe(true);
              expect(v.leases.find((l) => l.id === kv.lease)?.keys).toContain(kv.key);
            }
          }
          for (const l of v.leases) {
            expect(l.remainingMs).toBeGreaterThan(0);
            for (const k of l.keys) expect(v.keys.find((kv) => kv.key === k)?.lease).toBe(l.id);
          }
          const next = s.nextExpiryMs();
          expect(next === undefined ? undefined : next > now).toBe(v.leases.length === 0 ? undefined : true);
        }
        // Every change's revision is within the store's history and never goes down.
        let prev = 0;
        for (const c of s.drainChanges()) {
          if ('revision' in c) {
            expect(c.revision).toBeGreaterThanOrEqual(prev);
            prev = c.revision;
          }
          if (c.kind === 'put') {
            expect(c.kv.modRevision).toBeGreaterThanOrEqual(prev);
            prev = c.kv.modRevision;
          }
        }
        expect(prev).toBeLessThanOrEqual(s.revision);
      }),
      { numRuns: 300, seed: 20240611 },
    );
  });
});

describe('watch', () => {
  it('queues the puts and deletes of its range in revision order, and nothing after a cancel', () => {
    const s = new EtcdStore();
    const w = s.watch('/p/', prefixEnd('/p/'), {}, 0);
    s.put('/p/a', '1', undefined, 1);
    s.put('/q', 'x', undefined, 2);
    const { id } = s.grant(2, 3);
    s.put('/p/b', '2', { lease: id }, 4);
    s.expire(2003);
    const evs = s.takeWatchEvents(w);
    expect(evs.map((e) => `${e.type}:${e.kv.key}@${e.kv.modRevision}`)).toEqual([
      'PUT:/p/a@2',
      'PUT:/p/b@4',
      'DELETE:/p/b@5',
    ]);
    expect(evs[2]?.kv).toEqual({
      key: '/p/b',
      value: '',
      createRevision: 0,
      modRevision: 5,
      version: 0,
      lease: 0,
    });
    expect(s.takeWatchEvents(w)).toEqual([]);
    const replay = s.watch('/p/', prefixEnd('/p/'), { startRevision: 4 }, 2004);
    expect(s.takeWatchEvents(replay).map((e) => e.type)).toEqual(['PUT', 'DELETE']);
    expect(s.cancelWatch(w)).toBe(true);
    s.put('/p/c', '3', undefined, 2005);
    expect(s.takeWatchEvents(w)).toEqual([]);
    expect(s.watchersWithEvents()).toEqual([replay]);
  });
});
