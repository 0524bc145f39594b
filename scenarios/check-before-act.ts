import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * "Check before you act, not only at the start": the leader re-checks its lease before every effectful
 * operation, not once on taking office (the first of the two defences in the Portuguese source; the
 * lease algorithm's `checkLeaseBeforeAct`, after Kleppmann, "How to do distributed locking", 2016).
 * The storage checks no tokens in either run, so what the check alone buys is visible:
 *
 * - node-1 leads with token 42 and freezes in a GC pause (4 s) just before its job is due (5 s). The
 *   lease expires, node-3 leads with 43 and writes. node-1 wakes and its overdue job runs at once.
 *   Without the check it writes with 42 and the storage accepts it. With the check it sees its lease
 *   deadline long gone, skips the write and steps down: this stale write is prevented.
 * - node-3 freezes 10 ms into its job at 45 s: after the check, before the write leaves (`workMs` 20).
 *   node-4 leads with 44 and writes; node-3 wakes and its write leaves with 43. The check was done
 *   already, so it cannot stop this one, in either run: the storage accepts it.
 *
 * So `fix` here means what the story is about, the check before every write (`checkLeaseBeforeAct:
 * true`), and no more: the fixed run still ends with one stale write accepted, and its last caption
 * says why fencing is still needed (the fencing-token and lease-no-fencing stories show that fix).
 * staleWritesAccepted: 2 without the fix, 1 with it. Faults and timing are the same in both runs.
 */
const start = [
  {
    id: 'node-2-down',
    shows: { roles: { 'node-1': 'follower', 'node-2': 'down', 'node-3': 'follower' } },
    anchor: { k: 'fault', type: 'crash', node: 'node-2' },
    caption: 'node-2 is down for maintenance in this story, so node-3 is next in line after node-1.',
  },
] as const;

const firstPause = [
  {
    id: 'gc-pause-1',
    shows: { roles: { 'node-1': 'paused' } },
    anchor: { k: 'fault', type: 'pause', node: 'node-1' },
    caption:
      'A GC pause freezes node-1 for {durationMs} ms, just before its job is due and longer than the {ttlS} s TTL.',
  },
  {
    id: 'token-43',
    shows: { roles: { 'node-1': 'paused', 'node-3': 'leader' }, tokens: { 'node-1': 42, 'node-3': 43 } },
    anchor: { k: 'role', node: 'node-3', role: 'leader' },
    caption: 'node-1’s lease expires and node-3 is elected, correctly, with token {token}.',
  },
  {
    id: 'node-3-writes',
    shows: { roles: { 'node-3': 'leader' }, tokens: { 'node-3': 43 } },
    anchor: { k: 'write', node: 'node-3', status: 'accepted' },
    caption: 'node-3 writes its report {value} with token {token}.',
  },
] as const;

const secondPause = [
  {
    id: 'gc-pause-2',
    shows: { roles: { 'node-3': 'paused' } },
    anchor: { k: 'fault', type: 'pause', node: 'node-3' },
    caption:
      'Now node-3 freezes for {durationMs} ms, 10 ms into its job: after it decided to write, before the write leaves.',
  },
  {
    id: 'token-44',
    shows: { roles: { 'node-3': 'paused', 'node-4': 'leader' }, tokens: { 'node-3': 43, 'node-4': 44 } },
    anchor: { k: 'role', node: 'node-4', role: 'leader' },
    caption: 'node-3’s lease expires and node-4 is elected with token {token}, and writes.',
  },
] as const;

export default {
  id: 'check-before-act',
  title: 'Check before you act',
  tagline:
    'Re-checking the lease before each write stops most stale writes, but not a pause after the check.',
  summary:
    'node-1 checked its lease once, on taking office, and trusts it from then on. A GC pause outlasts the lease, node-3 takes over, and node-1 wakes and writes with its old token: accepted, the storage checks no tokens. Show the fix: node-1 re-checks its lease before every write and steps down instead. The same story then pauses node-3 between its check and its write, and that stale write gets through either way: the check cannot replace fencing.',
  algorithm: 'lease',
  group: 'pitfalls',
  nodes: 5,
  seed: 4,
  durationMs: 80_000,
  timeScale: 2,
  // workMs 20: the job's write leaves 20 ms after its lease check (the gap Kleppmann 2016 points at).
  params: {
    ttlS: 30,
    renewS: 10,
    writeIntervalMs: 5000,
    workMs: 20,
    fencing: false,
    checkLeaseBeforeAct: false,
  },
  faults: [
    { atMs: 0, fault: { kind: 'crash', node: 'node-2' } },
    { atMs: 4000, fault: { kind: 'pause', node: 'node-1', durationMs: 33_000 } },
    { atMs: 45_010, fault: { kind: 'pause', node: 'node-3', durationMs: 33_000 } },
  ],
  steps: [
    ...start,
    {
      id: 'token-42',
      shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 42 } },
      anchor: { k: 'role', node: 'node-1', role: 'leader' },
      caption:
        'node-1 leads with token {token}. It checked its lease on taking office and trusts it from now on: no check before its writes. The storage checks no tokens.',
    },
    ...firstPause,
    {
      id: 'stale-unchecked',
      shows: {
        roles: { 'node-1': 'leader' },
        tokens: { 'node-1': 42 },
        write: { node: 'node-1', status: 'accepted', token: 42 },
        alarm: 'stale-write-accepted',
      },
      anchor: { k: 'write', node: 'node-1', status: 'accepted' },
      caption:
        'node-1 wakes and its overdue job runs at once. It never looks at its lease: {value} leaves with token {token}, and the storage takes it after {seen}. A check before the write would have stopped this one.',
    },
    ...secondPause,
    {
      id: 'stale-after-pause',
      shows: {
        roles: { 'node-3': 'leader' },
        tokens: { 'node-3': 43 },
        write: { node: 'node-3', status: 'accepted', token: 43 },
      },
      anchor: { k: 'write', node: 'node-3', status: 'accepted' },
      caption:
        'node-3 wakes and its write leaves with token {token}; the storage accepts it after {seen} and now holds {value}, a deposed leader’s write.',
    },
  ],
  adr: ['matrix.lease-fencing', 'matrix.lease'],
  expect: {
    finalLeader: 'node-4',
    leadersInOrder: ['node-1', 'node-3', 'node-4'],
    tokens: [42, 43, 44],
  },
  fix: {
    params: { checkLeaseBeforeAct: true },
    steps: [
      ...start,
      {
        id: 'token-42-checks',
        shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 42 } },
        anchor: { k: 'role', node: 'node-1', role: 'leader' },
        caption:
          'node-1 leads with token {token}. With the fix it re-checks its lease before every write, not once on taking office. The storage still checks no tokens.',
      },
      ...firstPause,
      {
        id: 'check-stops-it',
        shows: { roles: { 'node-1': 'follower' } },
        anchor: { k: 'mark', node: 'node-1', type: 'step-down' },
        caption:
          'node-1 wakes, and before its overdue job writes it checks the lease: the deadline passed long ago, so it steps down without writing. This stale write never happens.',
      },
      ...secondPause,
      {
        id: 'check-too-early',
        shows: {
          roles: { 'node-3': 'follower' },
          write: { node: 'node-3', status: 'accepted', token: 43 },
          alarm: 'stale-write-accepted',
        },
        anchor: { k: 'write', node: 'node-3', status: 'accepted' },
        caption:
          'node-3 wakes and the write it had already checked leaves with token {token}: accepted after {seen}, the storage now holds {value}. The check came before the pause, so it could not stop this one. Only the storage can: that is why fencing is still needed.',
      },
    ],
    expect: {
      finalLeader: 'node-4',
      leadersInOrder: ['node-1', 'node-3', 'node-4'],
      tokens: [42, 43, 44],
    },
  },
} satisfies ScenarioInput;
