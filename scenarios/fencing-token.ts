import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * Kleppmann's example, with 42 and 43 instead of 33 and 34): node-1 leads with
 * token 42 and pauses for GC right after checking its lease, while it prepares a write (its job runs
 * every 5 s and the write leaves 300 ms after the check: the pause at 5.1 s falls in that gap). The
 * pause (33 s) outlasts the 30 s TTL; node-3 wins with 43 and writes. node-1 wakes, its prepared write
 * leaves with 42 and the storage answers 409 STALE TOKEN. node-2 is down from the start so that the
 * next in line is node-3. With `--set fencing=off` the stale write is accepted.
 */
export default {
  id: 'fencing-token',
  title: 'Fencing token',
  tagline: 'A leader wakes from a GC pause and writes; storage rejects its old token: 409.',
  summary:
    'node-1 leads with token 42, then freezes in a GC pause longer than its lease. node-3 takes over with token 43. When node-1 wakes, its late write still carries 42, and the storage rejects it: 409 STALE TOKEN.',
  algorithm: 'lease',
  nodes: 5,
  seed: 4,
  durationMs: 45_000,
  timeScale: 2,
  params: { ttlS: 30, renewS: 10, writeIntervalMs: 5000, workMs: 300, fencing: true },
  faults: [
    { atMs: 0, fault: { kind: 'crash', node: 'node-2' } },
    { atMs: 5100, fault: { kind: 'pause', node: 'node-1', durationMs: 33_000 } },
  ],
  steps: [
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
        'node-1 takes the leader key, and the same transaction bumps the token counter: it leads with token {token}.',
    },
    {
      id: 'lease-checked',
      shows: { roles: { 'node-1': 'leader' } },
      anchor: { k: 'mark', node: 'node-1', type: 'lease-checked' },
      caption:
        'node-1’s job is due. It checks its lease first: {remainingMs} ms left, plenty. It starts preparing the write. That count is its own: it trusts the lease for {ttlS} s × (1 − {driftMarginRatio}) from when it sent its last keepalive, a margin for clock drift, so etcd’s countdown in the panel shows more.',
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
      caption: 'etcd expires node-1’s lease and deletes the leader key. For the cluster, node-1 is gone.',
    },
    {
      id: 'token-43',
      shows: {
        roles: { 'node-3': 'leader' },
        tokens: { 'node-3': 43 },
        holder: { key: '/election/leader', node: 'node-3' },
      },
      anchor: { k: 'role', node: 'node-3', role: 'leader' },
      caption: 'node-3’s retry wins the key and bumps the counter: it leads with token {token}.',
    },
    {
      id: 'node-3-writes',
      shows: {
        roles: { 'node-3': 'leader' },
        tokens: { 'node-3': 43 },
        write: { node: 'node-3', status: 'accepted', token: 43 },
      },
      anchor: { k: 'write', node: 'node-3', status: 'accepted' },
      caption:
        'node-3 writes with token {token}. The storage remembers {token} as the highest token it has seen.',
    },
    {
      id: 'node-1-wakes',
      shows: {
        roles: { 'node-1': 'leader' },
        tokens: { 'node-1': 42 },
        message: { type: 'WRITE', from: 'node-1', to: 'storage' },
      },
      anchor: { k: 'mark', node: 'node-1', type: 'write-sent' },
      caption:
        'node-1 wakes up and carries on where it stopped: the write it prepared leaves with token {token}.',
    },
    {
      id: 'node-1-steps-down',
      shows: { roles: { 'node-1': 'follower' } },
      anchor: { k: 'mark', node: 'node-1', type: 'step-down' },
      caption:
        'Only now do node-1’s timers run: its lease deadline passed long ago, so it steps down. Too late for the write already sent.',
    },
    {
      id: 'stale-token',
      shows: { write: { node: 'node-1', status: 'rejected', token: 42 } },
      anchor: { k: 'write', node: 'node-1', status: 'rejected' },
      caption:
        'The storage has seen {seen}, so it rejects token {token}: 409 STALE TOKEN. The check happens where the data is.',
    },
  ],
  // Compare holds the story against this knob first.
  compare: { knob: 'fencing' },
  adr: ['matrix.lease-fencing', 'decision'],
  expect: {
    finalLeader: 'node-3',
    leadersInOrder: ['node-1', 'node-3'],
    tokens: [42, 43],
    rejectedWrites: [{ node: 'node-1', token: 42 }],
    noViolations: ['stale-write-accepted', 'split-brain'],
  },
  // Try to break it with fencing off (one GC pause); fencing on is the fix.
  challenge: {
    lockedKnobs: ['fencing', 'ttlS'],
    goal: 'stale-write-accepted',
    budget: { faults: { pause: 1 }, total: 1 },
    fix: { fencing: true },
    params: { fencing: false },
  },
} satisfies ScenarioInput;
