/**
 * The conformance scripts for txns (compares, multi-op revisions, validation, the branch's lease
 * check) and watches, run like scripts.ts's against the model and a real etcd 3.4.
 */
import { ALL, casTxn, cmp, type Script, type ScriptOp, takeLeader, UNKNOWN_LEASE } from './steps.ts';

export const txnScripts: Script[] = [
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
