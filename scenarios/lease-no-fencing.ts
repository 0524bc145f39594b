import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * A lease without fencing (the anti-pattern "lease without a fencing token": Kleppmann, "How to do
 * distributed locking", 2016; DDIA ch. 8). The cluster and faults are the fencing-token story's, with
 * the storage's token check off: node-1 leads with token 42 and a GC pause right after its lease check
 * (the job's write leaves `workMs` = 300 ms after the check, the pause at 5.1 s falls in that gap)
 * outlasts the 30 s TTL. node-3 takes over with 43 and writes its report. node-1 wakes and its prepared
 * write leaves with 42: the storage accepts it, and the run ends (40 s) with the deposed leader's value
 * in the storage, over the new leader's. The lease itself worked: it expired, node-3 was elected.
 *
 * The fix (`fix=on`): `fencing: true`, the storage rejects a token lower than one it accepted, so the
 * same stale write gets 409 STALE TOKEN and the storage keeps node-3's value. Faults and timing are
 * the same in both runs.
 */
const common = [
  {
    id: 'node-2-down',
    shows: { roles: { 'node-1': 'follower', 'node-2': 'down', 'node-3': 'follower' } },
    anchor: { k: 'fault', type: 'crash', node: 'node-2' },
    caption: 'node-2 is down for maintenance in this story, so node-3 is next in line after node-1.',
  },
  {
    id: 'token-42',
    shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 42 } },
    anchor: { k: 'role', node: 'node-1', role: 'leader' },
    caption:
      'node-1 takes the leader key with a {ttlS} s lease, and the same transaction gives it token {token}. The storage below does not check tokens.',
  },
  {
    id: 'lease-checked',
    shows: { roles: { 'node-1': 'leader' } },
    anchor: { k: 'mark', node: 'node-1', type: 'lease-checked' },
    caption:
      'node-1’s job is due. It checks its lease ({remainingMs} ms left by its own count, which keeps a margin for clock drift: etcd’s countdown in the panel shows more) and starts preparing the write.',
  },
  {
    id: 'gc-pause',
    shows: { roles: { 'node-1': 'paused' } },
    anchor: { k: 'fault', type: 'pause', node: 'node-1' },
    caption:
      'A GC pause freezes node-1 for {durationMs} ms, longer than the {ttlS} s TTL. It cannot renew, and it cannot notice.',
  },
  {
    id: 'lease-expires',
    shows: { roles: { 'node-1': 'paused' }, holder: { key: '/election/leader', node: null } },
    anchor: { k: 'store', type: 'lease-expire' },
    caption:
      'The lease does its job: etcd expires it and deletes the leader key. For the cluster, node-1 is gone.',
  },
  {
    id: 'token-43',
    shows: { roles: { 'node-3': 'leader' }, tokens: { 'node-3': 43 } },
    anchor: { k: 'role', node: 'node-3', role: 'leader' },
    caption: 'node-3 wins the key, correctly: it leads with token {token}.',
  },
  {
    id: 'node-3-writes',
    shows: {
      roles: { 'node-3': 'leader' },
      tokens: { 'node-3': 43 },
      write: { node: 'node-3', status: 'accepted', token: 43 },
    },
    anchor: { k: 'write', node: 'node-3', status: 'accepted' },
    caption: 'node-3 writes its report {value} with token {token}. The storage holds {value}.',
  },
  {
    id: 'node-1-wakes',
    shows: { roles: { 'node-1': 'follower' }, message: { type: 'WRITE', from: 'node-1', to: 'storage' } },
    anchor: { k: 'mark', node: 'node-1', type: 'write-sent' },
    caption:
      'node-1 wakes up and carries on where it stopped: the write it prepared leaves with token {token}. Only then do its timers run: its lease ran out long ago, so it steps down, too late for the write already sent.',
  },
] as const;

/** The fixed run's step 2: the storage it writes to is the one thing the fix changes, so say so there. */
const tokenChecked = {
  id: 'token-42-checked',
  shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 42 } },
  anchor: { k: 'role', node: 'node-1', role: 'leader' },
  caption:
    'node-1 takes the leader key with a {ttlS} s lease, and the same transaction gives it token {token}. With the fix, the storage below checks tokens: it refuses any token lower than the highest it has accepted.',
} as const;

export default {
  id: 'lease-no-fencing',
  title: 'Lease without fencing',
  tagline: 'A GC pause outlasts the lease; the deposed leader’s write lands over the new one’s.',
  summary:
    'node-1 leads with a 30 s lease and freezes in a GC pause right after checking it. The lease expires and node-3 is elected and writes. node-1 wakes and sends the write it had prepared, with its old token 42. The storage does not check tokens: it accepts the write, and ends holding the deposed leader’s value. Show the fix: the storage checks the token and answers 409.',
  algorithm: 'lease',
  group: 'pitfalls',
  nodes: 5,
  seed: 4,
  durationMs: 40_000,
  timeScale: 2,
  params: { ttlS: 30, renewS: 10, writeIntervalMs: 5000, workMs: 300, fencing: false },
  faults: [
    { atMs: 0, fault: { kind: 'crash', node: 'node-2' } },
    { atMs: 5100, fault: { kind: 'pause', node: 'node-1', durationMs: 33_000 } },
  ],
  steps: [
    ...common,
    {
      id: 'stale-accepted',
      shows: {
        roles: { 'node-1': 'follower', 'node-3': 'leader' },
        tokens: { 'node-3': 43 },
        write: { node: 'node-1', status: 'accepted', token: 42 },
        alarm: 'stale-write-accepted',
      },
      anchor: { k: 'write', node: 'node-1', status: 'accepted' },
      caption:
        'The storage has seen {seen} and accepts token {token} anyway: it holds {value} now, the deposed leader’s write over node-3’s. Nothing failed in the election; the damage is in the data.',
    },
  ],
  adr: ['matrix.lease-fencing', 'matrix.lease'],
  expect: {
    finalLeader: 'node-3',
    leadersInOrder: ['node-1', 'node-3'],
    tokens: [42, 43],
  },
  fix: {
    params: { fencing: true },
    steps: [
      ...common.map((s) => (s.id === 'token-42' ? tokenChecked : s)),
      {
        id: 'stale-rejected',
        shows: {
          roles: { 'node-3': 'leader' },
          tokens: { 'node-3': 43 },
          write: { node: 'node-1', status: 'rejected', token: 42 },
        },
        anchor: { k: 'write', node: 'node-1', status: 'rejected' },
        caption:
          'With the fix the storage checks the token: it has seen {seen}, so token {token} gets 409 STALE TOKEN. It still holds node-3’s report.',
      },
    ],
    expect: {
      finalLeader: 'node-3',
      leadersInOrder: ['node-1', 'node-3'],
      tokens: [42, 43],
      rejectedWrites: [{ node: 'node-1', token: 42 }],
      noViolations: ['stale-write-accepted', 'split-brain'],
    },
  },
  // Try to break it: a pause and a crash at most; the storage checking the token is the fix.
  challenge: {
    lockedKnobs: ['fencing'],
    goal: 'stale-write-accepted',
    budget: { faults: { pause: 1, crash: 1 }, total: 2 },
    fix: 'fix-block',
  },
} satisfies ScenarioInput;
