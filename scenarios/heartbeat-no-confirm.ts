import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The pitfall "a heartbeat without checking the answer": node-1 leads through an etcd lease and is
 * itself the database primary (`ownCopy`: it takes client writes into its own copy, nothing fences
 * it). At 7 s its packets to etcd start getting lost one way (`cut-oneway` node-1 -> etcd), so its
 * keepalives never arrive and no answer comes back. With `confirmRenew` off it counts every keepalive
 * it SENDS as a renewal, keeps believing it leads and keeps writing; etcd expires the lease at about
 * 21 s and node-4 (the next retry slot) takes over and writes too: two leaders, BOTH WRITE, until the link is restored at
 * 34 s and etcd answers node-1's keepalive with TTL 0.
 *
 * The fix (`confirmRenew` on, what etcd's clientv3 concurrency.Session and client-go do): only a
 * confirmed keepalive moves the deadline, so node-1 steps down at its renew deadline (12 s after the
 * last confirmed keepalive was sent, TTL x (1 - driftMarginRatio); client-go's RenewDeadline, 10 of
 * 15 s there), about 3 s before etcd can expire the lease. Same faults, one leader at a time.
 */
/** Steps both runs tell, with one caption each (the fixed run's script reuses them). */
const opening = [
  {
    id: 'primary-on-a-lease',
    shows: {},
    anchor: { k: 'start' },
    caption:
      'Five database nodes elect their primary through one key in etcd, held under a {ttlS} s lease that the holder keeps alive every {renewS} s. The primary takes writes into its own copy of the data.',
  },
  {
    id: 'node-1-leads',
    shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 42 } },
    anchor: { k: 'role', node: 'node-1', role: 'leader' },
    caption: 'node-1 takes the leader key with token {token}. It is the primary and accepts writes.',
  },
  {
    id: 'keepalives-lost',
    shows: { roles: { 'node-1': 'leader' } },
    anchor: { k: 'fault', type: 'cut-oneway' },
    caption:
      'From now on everything node-1 sends to etcd is lost on the way: a one-way fault. Its keepalives still leave on time, but none arrives, so no answer comes back.',
  },
] as const;

const takeover = [
  {
    id: 'lease-expires',
    shows: { roles: { 'node-1': 'leader' } },
    anchor: { k: 'store', type: 'lease-expire' },
    caption:
      'etcd has heard nothing from node-1 for {ttlS} s: the lease expires and the leader key is deleted.',
  },
  {
    id: 'second-leader',
    shows: { roles: { 'node-4': 'leader' }, tokens: { 'node-4': 43 } },
    anchor: { k: 'role', role: 'leader', nth: 1 },
    caption: '{node} takes the free key with token {token} and starts accepting writes as the new primary.',
  },
] as const;

const restored = {
  id: 'link-restored',
  shows: { roles: { 'node-1': 'leader' } },
  anchor: { k: 'fault', type: 'restore-link' },
  caption: 'The link is repaired: node-1’s packets reach etcd again.',
} as const;

export default {
  id: 'heartbeat-no-confirm',
  title: 'Heartbeat without confirmation',
  summary:
    'node-1 leads through an etcd lease and takes writes into its own database. Its keepalives start getting lost on the way to etcd, but it never checks that etcd confirmed them. The lease expires, node-4 leads, and node-1 keeps writing: two primaries. The fix: step down when no renewal is confirmed within the renew deadline.',
  tagline: 'A leader that never checks its keepalives were confirmed keeps writing after its lease is gone.',
  group: 'pitfalls',
  algorithm: 'lease',
  nodes: 5,
  seed: 1,
  durationMs: 40_000,
  // ~20 s of wall time at 1x.
  timeScale: 2,
  params: {
    ttlS: 15,
    renewS: 2,
    retryMs: 2000,
    writeIntervalMs: 1000,
    ownCopy: true,
    confirmRenew: false,
  },
  faults: [
    { atMs: 7000, fault: { kind: 'cut-oneway', from: 'node-1', to: 'etcd' } },
    { atMs: 34_000, fault: { kind: 'restore-link', a: 'node-1', b: 'etcd' } },
  ],
  steps: [
    ...opening,
    {
      id: 'never-checks',
      shows: { roles: { 'node-1': 'leader' } },
      anchor: { k: 'send', type: 'KEEPALIVE', from: 'node-1' },
      caption:
        'node-1 counts each keepalive it sends as a renewal. It never checks that etcd confirmed one, so it believes its lease is fine and keeps writing.',
    },
    ...takeover,
    {
      id: 'both-write',
      shows: { roles: { 'node-1': 'leader', 'node-4': 'leader' }, alarm: 'split-brain' },
      anchor: { k: 'violation', type: 'split-brain' },
      caption:
        'BOTH WRITE: {nodes} each believe they are the primary, and each accepted writes into its own copy. The data diverge.',
    },
    restored,
    {
      id: 'ttl-zero',
      shows: { roles: { 'node-1': 'follower' } },
      anchor: { k: 'mark', node: 'node-1', type: 'keepalive-ttl-0' },
      caption:
        'node-1’s next keepalive reaches etcd, which answers TTL 0: that lease is gone. Only now does node-1 step down, after many seconds of writes the new primary never saw.',
    },
    {
      id: 'why-confirm',
      shows: {},
      anchor: { k: 'end' },
      caption:
        'A keepalive sent is not a keepalive confirmed. Turn the fix on: only an answered keepalive renews, and a leader with no confirmed renewal within its renew deadline steps down before the lease can expire.',
    },
  ],
  adr: ['matrix.lease', 'decision'],
  expect: {
    leadersInOrder: ['node-1', 'node-4'],
    finalLeader: 'node-4',
    tokens: [42, 43],
    violations: ['split-brain'],
  },
  fix: {
    params: { confirmRenew: true },
    // The fixed run's own script: node-1 gives up at its renew deadline, before the lease expires.
    steps: [
      ...opening,
      {
        id: 'renew-deadline',
        shows: { roles: { 'node-1': 'follower' } },
        anchor: { k: 'mark', node: 'node-1', type: 'step-down' },
        caption:
          'With the fix, only a confirmed keepalive renews. None was confirmed within its renew deadline, a part of the {ttlS} s TTL, so node-1 stops writing and steps down while etcd still holds its lease.',
      },
      // The same captions; here node-1 has already stepped down, and the picture shows it.
      { ...takeover[0], shows: { roles: { 'node-1': 'follower' } } },
      takeover[1],
      { ...restored, shows: { roles: { 'node-1': 'follower' } } },
      {
        id: 'one-primary',
        shows: { roles: { 'node-1': 'follower' } },
        anchor: { k: 'end' },
        caption:
          'One primary at a time: node-1 gave up before its lease could expire, because it counted only confirmed renewals (client-go’s RenewDeadline, etcd’s session). Same faults, no second copy of the data.',
      },
    ],
    expect: {
      leadersInOrder: ['node-1', 'node-4'],
      finalLeader: 'node-4',
      tokens: [42, 43],
      noViolations: ['split-brain', 'stale-write-accepted'],
    },
  },
  // Try to break it: isolate the leader from etcd (its keepalives are lost, its writes are not).
  challenge: {
    lockedKnobs: ['confirmRenew', 'ownCopy'],
    goal: 'split-brain',
    budget: { faults: { isolate: 1 }, total: 1 },
    fix: 'fix-block',
  },
} satisfies ScenarioInput;
