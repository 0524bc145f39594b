/**
 * Operation scripts run against both the EtcdStore model and a real etcd 3.4 (see runner.ts).
 *
 * Conventions: every script starts on an empty keyspace. Leases are named by the alias of their grant
 * step; `{A}` inside a key is lease A's id in hex (as concurrency.Election.Campaign names its key).
 * A compare value `{ rel: n }` is the revision n writes after the script's start; `{ lease: 'A' }` is
 * lease A's id. Waits are real sleeps on etcd and virtual time on the model: etcd revokes expired
 * leases from a ~500 ms loop, so "expired" is asserted 1.5 s after the deadline and "not yet" well
 * before it.
 */
import type { CompareResult, CompareTarget } from '../../sim/store/etcd.ts';

/** A lease alias, or a literal id never granted (for "unknown lease" cases). */
export type LeaseRef = string | { id: number };

export interface Span {
  key: string;
  rangeEnd?: string;
  /** rangeEnd = prefixEnd(key). */
  prefix?: boolean;
}

export type ScriptOp =
  | { put: { key: string; value: string; lease?: LeaseRef } }
  | { range: Span }
  | { deleteRange: Span };

export interface ScriptCompare {
  key: string;
  rangeEnd?: string;
  target: CompareTarget;
  result: CompareResult;
  value: string | number | { rel: number } | { lease: string };
}

export type Step =
  | { op: 'grant'; ttl: number; as: string; explicitId?: true | string }
  | { op: 'keepalive'; lease: LeaseRef }
  | { op: 'revoke'; lease: LeaseRef }
  | { op: 'timetolive'; lease: LeaseRef; keys?: boolean }
  | { op: 'put'; key: string; value: string; lease?: LeaseRef }
  | ({ op: 'range' } & Span)
  | ({ op: 'delete' } & Span)
  | { op: 'txn'; compare: ScriptCompare[]; success: ScriptOp[]; failure: ScriptOp[] }
  | { op: 'wait'; ms: number }
  /** Watch a key or a range (from `startRevision`: n writes after the script's start). */
  | ({ op: 'watch'; as: string; startRevision?: { rel: number } } & Span)
  /** The events the watch received since the last `events` of it; `count` is how many to wait for. */
  | { op: 'events'; watch: string; count: number }
  | { op: 'unwatch'; watch: string };

export interface Script {
  name: string;
  description: string;
  steps: Step[];
}

const ALL: Span = { key: '\0', rangeEnd: '\0' };
const UNKNOWN_LEASE = { id: 0x7e57 };

const cmp = (
  key: string,
  target: CompareTarget,
  result: CompareResult,
  value: ScriptCompare['value'],
  rangeEnd?: string,
): ScriptCompare =>
  rangeEnd === undefined ? { key, target, result, value } : { key, target, result, value, rangeEnd };

/** A txn with one compare whose branches are a put (success) and a range of the key (failure). */
const casTxn = (c: ScriptCompare, key = c.key): Step => ({
  op: 'txn',
  compare: [c],
  success: [{ put: { key, value: 'won' } }],
  failure: [{ range: { key } }],
});

/** concurrency.Election.Campaign: if create_revision(key) == 0 then put(key, lease) else get(key). */
const campaign = (lease: string, value: string): Step => ({
  op: 'txn',
  compare: [cmp(`/el/{${lease}}`, 'CREATE', 'EQUAL', 0)],
  success: [{ put: { key: `/el/{${lease}}`, value, lease } }],
  failure: [{ range: { key: `/el/{${lease}}` } }],
});

/** Patroni-style leader key: take /service/pg/leader if nobody holds it, else read the holder. */
const takeLeader = (lease: string, member: string): Step => ({
  op: 'txn',
  compare: [cmp('/service/pg/leader', 'CREATE', 'EQUAL', 0)],
  success: [{ put: { key: '/service/pg/leader', value: member, lease } }],
  failure: [{ range: { key: '/service/pg/leader' } }],
});

export const scripts: Script[] = [
  {
    name: 'kv-put-range-metadata',
    description: 'create/mod revision and version across put, overwrite, delete and re-create',
    steps: [
      { op: 'put', key: '/a', value: 'v1' },
      { op: 'put', key: '/a', value: 'v2' },
      { op: 'range', key: '/a' },
      { op: 'put', key: '/a', value: 'v2' }, // same value: still a new revision and version
      { op: 'put', key: '/b', value: 'x' },
      { op: 'range', key: '/a' },
      { op: 'delete', key: '/a' },
      { op: 'range', key: '/a' },
      { op: 'put', key: '/a', value: 'v3' },
      { op: 'range', key: '/', prefix: true },
    ],
  },
  {
    name: 'kv-delete-missing-no-bump',
    description: 'deleting nothing does not take a revision',
    steps: [
      { op: 'put', key: '/k', value: 'v' },
      { op: 'delete', key: '/missing' },
      { op: 'delete', key: '/m/', prefix: true },
      { op: 'range', key: '/k' },
      { op: 'delete', key: '/k' },
      { op: 'delete', key: '/k' },
      { op: 'range', ...ALL },
    ],
  },
  {
    name: 'kv-range-ends',
    description: "rangeEnd semantics: prefix, '\\0' (>= key), [a, b), inverted and empty ranges",
    steps: [
      { op: 'put', key: '/p/a', value: '1' },
      { op: 'put', key: '/p/b', value: '2' },
      { op: 'put', key: '/p/c', value: '3' },
      { op: 'put', key: '/q', value: '4' },
      { op: 'put', key: '/o', value: '5' },
      { op: 'put', key: '/p', value: '6' },
      { op: 'range', key: '/p/', prefix: true },
      { op: 'range', key: '/p', prefix: true },
      { op: 'range', key: '/p/b', rangeEnd: '\0' },
      { op: 'range', key: '/p/a', rangeEnd: '/p/c' },
      { op: 'range', key: '/p/c', rangeEnd: '/p/a' },
      { op: 'range', key: '/p/b', rangeEnd: '/p/b' },
      { op: 'range', ...ALL },
      { op: 'delete', key: '/p/', prefix: true },
      { op: 'range', ...ALL },
      { op: 'delete', key: '/p', rangeEnd: '\0' },
      { op: 'range', ...ALL },
    ],
  },
  {
    name: 'kv-empty-key-errors',
    description: 'an empty key is refused everywhere and writes nothing',
    steps: [
      { op: 'put', key: '/x', value: 'v' },
      { op: 'put', key: '', value: 'v' },
      { op: 'range', key: '' },
      { op: 'delete', key: '' },
      { op: 'txn', compare: [cmp('', 'VERSION', 'EQUAL', 0)], success: [], failure: [] },
      { op: 'txn', compare: [], success: [{ put: { key: '', value: 'v' } }], failure: [] },
      { op: 'txn', compare: [], success: [], failure: [{ range: { key: '' } }] },
      { op: 'range', ...ALL },
    ],
  },
  {
    name: 'lease-min-ttl',
    description: 'TTL below 2 s is raised to 2; keepalive answers the granted TTL; timetolive truncates',
    steps: [
      { op: 'grant', ttl: 1, as: 'A' },
      { op: 'grant', ttl: 0, as: 'B' },
      { op: 'grant', ttl: -5, as: 'C' },
      { op: 'grant', ttl: 3, as: 'D' },
      { op: 'keepalive', lease: 'A' },
      { op: 'keepalive', lease: 'D' },
      { op: 'timetolive', lease: 'A', keys: true },
      { op: 'timetolive', lease: 'D' },
      { op: 'range', ...ALL },
    ],
  },
  {
    name: 'lease-grant-errors',
    description: 'max TTL, explicit ids, duplicate explicit id',
    steps: [
      { op: 'grant', ttl: 9_000_000_001, as: 'TooLong' },
      { op: 'grant', ttl: 9_000_000_000, as: 'Max' },
      { op: 'timetolive', lease: 'Max' },
      { op: 'grant', ttl: 10, as: 'E', explicitId: true },
      { op: 'grant', ttl: 20, as: 'F', explicitId: 'E' },
      { op: 'timetolive', lease: 'E' },
      { op: 'revoke', lease: 'E' },
      { op: 'grant', ttl: 20, as: 'G', explicitId: 'E' },
      { op: 'timetolive', lease: 'G' },
    ],
  },
  {
    name: 'lease-unknown',
    description: 'unknown lease: put fails, revoke fails, keepalive answers 0, timetolive -1',
    steps: [
      { op: 'put', key: '/u', value: 'v', lease: UNKNOWN_LEASE },
      { op: 'revoke', lease: UNKNOWN_LEASE },
      { op: 'keepalive', lease: UNKNOWN_LEASE },
      { op: 'timetolive', lease: UNKNOWN_LEASE, keys: true },
      { op: 'range', ...ALL },
      { op: 'put', key: '/u', value: 'v' },
      { op: 'put', key: '/u', value: 'w', lease: UNKNOWN_LEASE },
      { op: 'range', key: '/u' },
    ],
  },
  {
    name: 'lease-revoke-deletes-keys',
    description: 'revoke deletes every attached key in one revision, leaves other keys',
    steps: [
      { op: 'grant', ttl: 30, as: 'A' },
      { op: 'put', key: '/r/1', value: 'a', lease: 'A' },
      { op: 'put', key: '/r/2', value: 'b', lease: 'A' },
      { op: 'put', key: '/r/3', value: 'c', lease: 'A' },
      { op: 'put', key: '/r/free', value: 'd' },
      { op: 'timetolive', lease: 'A', keys: true },
      { op: 'revoke', lease: 'A' },
      { op: 'range', key: '/r/', prefix: true },
      { op: 'timetolive', lease: 'A', keys: true },
      { op: 'keepalive', lease: 'A' },
      { op: 'revoke', lease: 'A' },
      { op: 'put', key: '/r/4', value: 'e', lease: 'A' },
    ],
  },
  {
    name: 'lease-revoke-without-keys',
    description: 'revoking a lease with no keys (never had any, or they were deleted) takes no revision',
    steps: [
      { op: 'grant', ttl: 30, as: 'A' },
      { op: 'revoke', lease: 'A' },
      { op: 'grant', ttl: 30, as: 'B' },
      { op: 'put', key: '/x', value: 'v', lease: 'B' },
      { op: 'delete', key: '/x' },
      { op: 'timetolive', lease: 'B', keys: true },
      { op: 'revoke', lease: 'B' },
      { op: 'range', ...ALL },
    ],
  },
  {
    name: 'lease-put-moves-key',
    description: 'a put replaces the key lease: moves it between leases, or detaches it',
    steps: [
      { op: 'grant', ttl: 30, as: 'A' },
      { op: 'grant', ttl: 30, as: 'B' },
      { op: 'put', key: '/m', value: '1', lease: 'A' },
      { op: 'put', key: '/m', value: '2', lease: 'B' },
      { op: 'timetolive', lease: 'A', keys: true },
      { op: 'timetolive', lease: 'B', keys: true },
      { op: 'revoke', lease: 'A' },
      { op: 'range', key: '/m' },
      { op: 'put', key: '/m', value: '3' },
      { op: 'timetolive', lease: 'B', keys: true },
      { op: 'revoke', lease: 'B' },
      { op: 'range', key: '/m' },
    ],
  },
  {
    name: 'lease-expiry-one-revision',
    description: 'expiry deletes all attached keys in one revision; afterwards keepalive 0, timetolive -1',
    steps: [
      { op: 'grant', ttl: 2, as: 'A' },
      { op: 'put', key: '/e/1', value: 'a', lease: 'A' },
      { op: 'put', key: '/e/2', value: 'b', lease: 'A' },
      { op: 'put', key: '/e/3', value: 'c' },
      { op: 'wait', ms: 1000 },
      { op: 'range', key: '/e/', prefix: true },
      { op: 'timetolive', lease: 'A', keys: true },
      { op: 'wait', ms: 2500 },
      { op: 'range', key: '/e/', prefix: true },
      { op: 'timetolive', lease: 'A', keys: true },
      { op: 'keepalive', lease: 'A' },
      { op: 'put', key: '/e/4', value: 'd', lease: 'A' },
    ],
  },
  {
    name: 'lease-keepalive-extends',
    description: 'keepalive resets the deadline to now + TTL; the key outlives the first deadline',
    steps: [
      { op: 'grant', ttl: 2, as: 'A' },
      { op: 'put', key: '/k', value: 'v', lease: 'A' },
      { op: 'wait', ms: 1200 },
      { op: 'keepalive', lease: 'A' },
      { op: 'wait', ms: 1200 },
      { op: 'range', key: '/k' },
      { op: 'timetolive', lease: 'A' },
      { op: 'keepalive', lease: 'A' },
      { op: 'wait', ms: 1200 },
      { op: 'range', key: '/k' },
      { op: 'wait', ms: 2300 },
      { op: 'range', key: '/k' },
      { op: 'keepalive', lease: 'A' },
      { op: 'timetolive', lease: 'A' },
    ],
  },
  {
    name: 'lease-two-expire-separately',
    description: 'two leases expiring: one revision each',
    steps: [
      { op: 'grant', ttl: 2, as: 'A' },
      { op: 'grant', ttl: 2, as: 'B' },
      { op: 'grant', ttl: 2, as: 'Empty' },
      { op: 'put', key: '/a', value: '1', lease: 'A' },
      { op: 'put', key: '/b1', value: '2', lease: 'B' },
      { op: 'put', key: '/b2', value: '3', lease: 'B' },
      { op: 'wait', ms: 3500 },
      { op: 'range', ...ALL },
      { op: 'timetolive', lease: 'A' },
      { op: 'timetolive', lease: 'B' },
      { op: 'timetolive', lease: 'Empty' },
    ],
  },
  {
    name: 'election-campaign',
    description:
      'concurrency.Election.Campaign: create-if-absent under a prefix, lowest create revision leads',
    steps: [
      { op: 'grant', ttl: 30, as: 'A' },
      { op: 'grant', ttl: 30, as: 'B' },
      campaign('A', 'node-1'),
      campaign('B', 'node-2'),
      { op: 'range', key: '/el/', prefix: true },
      campaign('A', 'node-1'), // resume: the key exists, the failure branch reads it
      { op: 'revoke', lease: 'A' },
      { op: 'range', key: '/el/', prefix: true },
      campaign('B', 'node-2'),
    ],
  },
  {
    name: 'leader-key-cas',
    description: 'Patroni-style leader key: CAS on create_revision == 0, loser reads the holder',
    steps: [
      { op: 'grant', ttl: 30, as: 'A' },
      { op: 'grant', ttl: 30, as: 'B' },
      takeLeader('A', 'pg-1'),
      takeLeader('B', 'pg-2'),
      {
        op: 'txn', // the holder refreshes its key only while it still holds it
        compare: [cmp('/service/pg/leader', 'VALUE', 'EQUAL', 'pg-1')],
        success: [{ put: { key: '/service/pg/leader', value: 'pg-1', lease: 'A' } }],
        failure: [],
      },
      {
        op: 'txn',
        compare: [cmp('/service/pg/leader', 'VALUE', 'EQUAL', 'pg-2')],
        success: [{ put: { key: '/service/pg/leader', value: 'pg-2', lease: 'B' } }],
        failure: [],
      },
      { op: 'revoke', lease: 'A' },
      takeLeader('B', 'pg-2'),
      { op: 'range', key: '/service/pg/leader' },
    ],
  },
  {
    name: 'txn-compare-mod-version-value-create',
    description: 'compares on an existing key, every target and result, succeeding and failing',
    steps: [
      { op: 'put', key: '/c', value: 'v1' },
      { op: 'put', key: '/c', value: 'v2' },
      casTxn(cmp('/c', 'MOD', 'EQUAL', { rel: 2 })),
      casTxn(cmp('/c', 'MOD', 'EQUAL', { rel: 2 })),
      casTxn(cmp('/c', 'MOD', 'NOT_EQUAL', { rel: 3 })),
      casTxn(cmp('/c', 'MOD', 'GREATER', { rel: 2 })),
      casTxn(cmp('/c', 'MOD', 'LESS', { rel: 5 })),
      casTxn(cmp('/c', 'VERSION', 'EQUAL', 4)),
      casTxn(cmp('/c', 'VERSION', 'EQUAL', 5)),
      casTxn(cmp('/c', 'VERSION', 'GREATER', 5)),
      casTxn(cmp('/c', 'VERSION', 'LESS', 6)),
      casTxn(cmp('/c', 'VERSION', 'NOT_EQUAL', 6)),
      casTxn(cmp('/c', 'VALUE', 'EQUAL', 'won')),
      casTxn(cmp('/c', 'VALUE', 'EQUAL', 'v2')),
      casTxn(cmp('/c', 'VALUE', 'NOT_EQUAL', 'won')),
      casTxn(cmp('/c', 'VALUE', 'GREATER', 'wom')),
      casTxn(cmp('/c', 'VALUE', 'LESS', 'wom')),
      casTxn(cmp('/c', 'VALUE', 'LESS', 'woo')),
      casTxn(cmp('/c', 'CREATE', 'EQUAL', { rel: 1 })),
      casTxn(cmp('/c', 'CREATE', 'GREATER', { rel: 1 })),
      casTxn(cmp('/c', 'CREATE', 'LESS', { rel: 2 })),
      casTxn(cmp('/c', 'CREATE', 'NOT_EQUAL', 0)),
      {
        op: 'txn', // all compares must hold
        compare: [cmp('/c', 'VERSION', 'GREATER', 1), cmp('/c', 'VALUE', 'EQUAL', 'nope')],
        success: [{ put: { key: '/c', value: 'both' } }],
        failure: [{ range: { key: '/c' } }],
      },
    ],
  },
  {
    name: 'txn-compare-missing-key',
    description: 'a missing key reads 0 for CREATE/MOD/VERSION/LEASE; a VALUE compare on it always fails',
    steps: [
      { op: 'put', key: '/other', value: 'x' },
      casTxn(cmp('/nope', 'VALUE', 'EQUAL', ''), '/w1'),
      casTxn(cmp('/nope', 'VALUE', 'NOT_EQUAL', 'x'), '/w2'),
      casTxn(cmp('/nope', 'CREATE', 'EQUAL', 0), '/w3'),
      casTxn(cmp('/nope', 'CREATE', 'NOT_EQUAL', 0), '/w4'),
      casTxn(cmp('/nope', 'MOD', 'LESS', 1), '/w5'),
      casTxn(cmp('/nope', 'VERSION', 'EQUAL', 0), '/w6'),
      casTxn(cmp('/nope', 'VERSION', 'GREATER', 0), '/w7'),
      casTxn(cmp('/nope', 'LEASE', 'EQUAL', 0), '/w8'),
      casTxn(cmp('/rg/', 'VERSION', 'EQUAL', 0, '/rg0'), '/w9'), // empty range
      { op: 'put', key: '/rg/a', value: '1' },
      { op: 'put', key: '/rg/b', value: '1' },
      { op: 'put', key: '/rg/b', value: '2' },
      casTxn(cmp('/rg/', 'VERSION', 'GREATER', 0, '/rg0'), '/w10'), // every key in the range
      casTxn(cmp('/rg/', 'VERSION', 'EQUAL', 1, '/rg0'), '/w11'),
      casTxn(cmp('/rg/', 'VALUE', 'LESS', '3', '/rg0'), '/w12'),
      { op: 'range', key: '/w', prefix: true },
    ],
  },
  {
    name: 'txn-compare-lease',
    description: 'LEASE compares against the attached lease id',
    steps: [
      { op: 'grant', ttl: 30, as: 'A' },
      { op: 'put', key: '/l', value: 'v', lease: 'A' },
      casTxn(cmp('/l', 'LEASE', 'EQUAL', { lease: 'A' }), '/w1'),
      casTxn(cmp('/l', 'LEASE', 'EQUAL', 0), '/w2'),
      casTxn(cmp('/l', 'LEASE', 'GREATER', 0), '/w3'),
      casTxn(cmp('/l', 'LEASE', 'NOT_EQUAL', { lease: 'A' }), '/w4'),
      { op: 'put', key: '/l', value: 'v' },
      casTxn(cmp('/l', 'LEASE', 'EQUAL', 0), '/w5'),
      { op: 'range', key: '/', prefix: true },
    ],
  },
  {
    name: 'txn-multi-op-bumps-once',
    description: 'a txn of many writes takes one revision; its reads see its own earlier writes',
    steps: [
      { op: 'put', key: '/t/0', value: 'z' },
      {
        op: 'txn',
        compare: [],
        success: [
          { range: { key: '/t/', prefix: true } },
          { put: { key: '/t/1', value: 'a' } },
          { put: { key: '/t/2', value: 'b' } },
          { range: { key: '/t/', prefix: true } },
          { deleteRange: { key: '/t/missing' } },
          { deleteRange: { key: '/t/0' } },
          { range: { key: '/t/', prefix: true } },
        ],
        failure: [],
      },
      {
        op: 'txn',
        compare: [],
        success: [
          { deleteRange: { key: '/t/1' } },
          { deleteRange: { key: '/t/', prefix: true } },
          { range: { key: '/t/', prefix: true } },
        ],
        failure: [],
      },
      { op: 'range', ...ALL },
      { op: 'put', key: '/t/9', value: 'c' },
    ],
  },
  {
    name: 'txn-noop-no-bump',
    description: 'a txn that modifies nothing does not take a revision',
    steps: [
      { op: 'put', key: '/n', value: 'v' },
      {
        op: 'txn',
        compare: [cmp('/n', 'VALUE', 'EQUAL', 'other')],
        success: [{ put: { key: '/n', value: 'x' } }],
        failure: [{ range: { key: '/n' } }],
      },
      { op: 'txn', compare: [], success: [{ deleteRange: { key: '/missing' } }], failure: [] },
      { op: 'txn', compare: [], success: [], failure: [] },
      {
        op: 'txn',
        compare: [cmp('/n', 'VERSION', 'EQUAL', 1)],
        success: [{ range: { key: '/n' } }, { deleteRange: { key: '/m/', prefix: true } }],
        failure: [],
      },
      { op: 'put', key: '/n', value: 'w' },
    ],
  },
  {
    name: 'txn-validation-errors',
    description: "duplicate keys in a branch, too many ops; a '\\0' delete range overlaps nothing",
    steps: [
      { op: 'put', key: '/d/a', value: '1' },
      {
        op: 'txn',
        compare: [],
        success: [{ put: { key: '/d/a', value: '2' } }, { put: { key: '/d/a', value: '3' } }],
        failure: [],
      },
      {
        op: 'txn',
        compare: [],
        success: [{ deleteRange: { key: '/d/a' } }, { put: { key: '/d/a', value: '2' } }],
        failure: [],
      },
      {
        op: 'txn',
        compare: [],
        success: [{ deleteRange: { key: '/d/', prefix: true } }, { put: { key: '/d/b', value: '2' } }],
        failure: [],
      },
      {
        op: 'txn', // the duplicate sits in the branch NOT taken: still refused
        compare: [],
        success: [],
        failure: [{ put: { key: '/d/a', value: '2' } }, { put: { key: '/d/a', value: '3' } }],
      },
      {
        op: 'txn', // same key in both branches is fine
        compare: [],
        success: [{ put: { key: '/d/a', value: 's' } }],
        failure: [{ put: { key: '/d/a', value: 'f' } }],
      },
      {
        op: 'txn', // puts and ranges may overlap
        compare: [],
        success: [
          { range: { key: '/d/a' } },
          { put: { key: '/d/a', value: 'r' } },
          { range: { key: '/d/a' } },
        ],
        failure: [],
      },
      {
        op: 'txn', // delete ">= /d/" then put /d/c: accepted, the '\0' interval overlaps nothing
        compare: [],
        success: [{ deleteRange: { key: '/d/', rangeEnd: '\0' } }, { put: { key: '/d/c', value: 'c' } }],
        failure: [],
      },
      {
        op: 'txn',
        compare: [],
        success: Array.from({ length: 129 }, (_, i): ScriptOp => ({ range: { key: `/d/${i}` } })),
        failure: [],
      },
      {
        op: 'txn',
        compare: Array.from({ length: 128 }, () => cmp('/d/c', 'VERSION', 'EQUAL', 1)),
        success: [{ put: { key: '/d/128', value: 'ok' } }],
        failure: [],
      },
      { op: 'range', ...ALL },
    ],
  },
  {
    name: 'txn-branch-lease-check',
    description: 'an unknown lease fails the txn only in the branch taken',
    steps: [
      { op: 'put', key: '/b', value: '1' },
      {
        op: 'txn',
        compare: [cmp('/b', 'VALUE', 'EQUAL', 'nope')],
        success: [{ put: { key: '/b', value: '2', lease: UNKNOWN_LEASE } }],
        failure: [{ range: { key: '/b' } }],
      },
      {
        op: 'txn',
        compare: [cmp('/b', 'VALUE', 'EQUAL', 'nope')],
        success: [],
        failure: [
          { put: { key: '/c', value: '2' } },
          { put: { key: '/b', value: '2', lease: UNKNOWN_LEASE } },
        ],
      },
      {
        op: 'txn',
        compare: [cmp('/b', 'VALUE', 'EQUAL', '1')],
        success: [{ put: { key: '/b', value: '2', lease: UNKNOWN_LEASE } }],
        failure: [],
      },
      { op: 'range', ...ALL },
    ],
  },
  // watch
  {
    name: 'watch-key-put-delete',
    description:
      'a key watch sees its puts and its delete (tombstone: key and mod revision only), not other keys',
    steps: [
      { op: 'put', key: '/w/k', value: 'before' },
      { op: 'watch', as: 'W', key: '/w/k' },
      { op: 'put', key: '/w/k', value: 'v1' },
      { op: 'put', key: '/w/other', value: 'x' },
      { op: 'put', key: '/w/k', value: 'v2' },
      { op: 'delete', key: '/w/k' },
      { op: 'delete', key: '/w/k' }, // deletes nothing: no event
      { op: 'events', watch: 'W', count: 3 },
      { op: 'put', key: '/w/k', value: 'again' },
      { op: 'events', watch: 'W', count: 1 },
    ],
  },
  {
    name: 'watch-prefix-txn-order',
    description:
      'a prefix watch: events in revision order; a txn and a range delete give one revision, ops in order',
    steps: [
      { op: 'watch', as: 'W', key: '/svc/', prefix: true },
      {
        op: 'txn',
        compare: [],
        success: [{ put: { key: '/svc/b', value: '1' } }, { put: { key: '/svc/a', value: '2' } }],
        failure: [],
      },
      { op: 'put', key: '/other', value: 'outside' },
      { op: 'txn', compare: [], success: [{ range: { key: '/svc/', prefix: true } }], failure: [] },
      { op: 'put', key: '/svc/c', value: '3' },
      { op: 'delete', key: '/svc/', prefix: true },
      { op: 'events', watch: 'W', count: 6 },
    ],
  },
  {
    name: 'watch-lease-expiry',
    description: "a lease's expiry deletes its keys in one revision: one DELETE each, sorted by key",
    steps: [
      { op: 'grant', ttl: 2, as: 'A' },
      { op: 'put', key: '/service/pg/members/pg-1', value: 'm', lease: 'A' },
      { op: 'put', key: '/service/pg/leader', value: 'pg-1', lease: 'A' },
      { op: 'watch', as: 'W', key: '/service/pg/', prefix: true },
      { op: 'wait', ms: 3500 },
      { op: 'events', watch: 'W', count: 2 },
      { op: 'range', key: '/service/pg/', prefix: true },
    ],
  },
  {
    name: 'watch-start-revision-cancel',
    description: 'a start revision replays history first; a cancelled watch gets nothing more',
    steps: [
      { op: 'put', key: '/h/a', value: '1' },
      { op: 'put', key: '/h/b', value: '2' },
      { op: 'delete', key: '/h/a' },
      { op: 'watch', as: 'W', key: '/h/', prefix: true, startRevision: { rel: 2 } },
      { op: 'events', watch: 'W', count: 2 },
      { op: 'put', key: '/h/c', value: '3' },
      { op: 'events', watch: 'W', count: 1 },
      { op: 'unwatch', watch: 'W' },
      { op: 'put', key: '/h/d', value: '4' },
      { op: 'events', watch: 'W', count: 0 },
    ],
  },
  {
    name: 'watch-patroni-failover',
    description:
      "Patroni's replica watch: the dead leader's lease goes (leader and member key in one revision), a replica takes the key",
    steps: [
      { op: 'grant', ttl: 30, as: 'A' },
      { op: 'grant', ttl: 30, as: 'B' },
      takeLeader('A', 'pg-1'),
      { op: 'put', key: '/service/pg/members/pg-1', value: '{"role":"master"}', lease: 'A' },
      { op: 'put', key: '/service/pg/members/pg-2', value: '{"role":"replica"}', lease: 'B' },
      { op: 'watch', as: 'W', key: '/service/pg/', prefix: true },
      { op: 'put', key: '/service/pg/status', value: '{"optime":8192}' },
      { op: 'revoke', lease: 'A' },
      takeLeader('B', 'pg-2'),
      takeLeader('B', 'pg-2'), // lost: the key exists
      { op: 'events', watch: 'W', count: 4 },
    ],
  },
];
