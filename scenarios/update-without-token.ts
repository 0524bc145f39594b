import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * A hand-made election in a database table, without a condition on the current owner. Two instances
 * boot together, both read the free leader row and both send `UPDATE leader SET node='me' WHERE TRUE`:
 * each statement changes the row ("UPDATE 1"), so both believe they won. At the job's hour both run
 * it and both have their status update accepted: split-brain on the database (two leaders, both
 * writing; src/sim/check/splitBrain.ts). With `fix` on the claim is
 * `UPDATE leader SET node='me', token=token+1 WHERE token=$current`: the database runs the second
 * after the first (READ COMMITTED re-evaluates its WHERE on the new row), exactly one gets UPDATE 1,
 * and the job's update is fenced by the token.
 */
/** The boot and the two claims: both runs tell them alike. */
const claims = [
  {
    id: 'both-read',
    shows: { roles: { 'node-1': 'follower', 'node-2': 'follower' } },
    anchor: { k: 'send', type: 'SELECT_LEADER', nth: 2 },
    caption:
      'node-1 and node-2 boot at the same moment. Each reads the leader row, and each finds it free: node is NULL.',
  },
  {
    id: 'first-claim',
    shows: { roles: { 'node-2': 'follower' } },
    anchor: { k: 'deliver', type: 'CLAIM' },
    caption: '{from}’s claim reaches the database first: {sql}. It changes the row: UPDATE 1.',
  },
  {
    id: 'second-claim',
    shows: { roles: { 'node-1': 'follower' } },
    anchor: { k: 'deliver', type: 'CLAIM' },
    caption:
      'Then {from}’s: {sql}. It waited for the first one’s row lock, and PostgreSQL re-checks its WHERE on the row as the first left it.',
  },
] as const;

const twoLeaders = {
  id: 'two-leaders',
  shows: { roles: { 'node-1': 'leader', 'node-2': 'leader' } },
  anchor: { k: 'role', role: 'leader', nth: 2 },
  caption:
    'UPDATE 1 for both: node-1 and node-2 each believe they won. Nothing in WHERE TRUE looked at who held the row.',
} as const;

const oneLeader = {
  id: 'one-leader',
  shows: { roles: { 'node-1': 'follower' } },
  anchor: { k: 'mark', type: 'claim-lost' },
  caption:
    'With the token in the WHERE, the second claim finds token 1, not 0: UPDATE 0. {node} knows it lost, and there is exactly one leader.',
} as const;

const bothWrite = {
  id: 'both-write',
  shows: { alarm: 'split-brain' },
  anchor: { k: 'violation', type: 'split-brain' },
  caption:
    'At the job’s hour both leaders run it, and the database accepts both status updates: every customer gets two e-mails. Two leaders, both writing.',
} as const;

const fencedJob = {
  id: 'fenced-job',
  shows: {},
  anchor: { k: 'end' },
  caption:
    'Only the leader ran the job, and its UPDATE carried its token: each customer got one e-mail. UPDATE leader SET node=me, token=token+1 WHERE token=$current is the whole fix, though an existing lease (etcd, a Kubernetes Lease) beats a hand-made one.',
} as const;

export default {
  id: 'update-without-token',
  title: 'UPDATE without a token',
  summary:
    'Two instances race UPDATE leader SET node = me WHERE TRUE on a free leader row. Both statements change the row, both instances believe they won, and both run the job and write: two leaders.',
  tagline: 'UPDATE … WHERE TRUE: two instances both win the leader row.',
  group: 'pitfalls',
  algorithm: 'dbjob',
  nodes: 2,
  seed: 1,
  durationMs: 12_000,
  timeScale: 0.5,
  params: { election: true, casToken: false, leaseTtlS: 15, jobAtMs: 5000 },
  faults: [],
  steps: [
    ...claims,
    twoLeaders,
    { ...oneLeader, when: { step: 'two-leaders', told: false } },
    bothWrite,
    { ...fencedJob, when: { step: 'both-write', told: false } },
  ],
  adr: ['matrix.lease-fencing', 'decision'],
  expect: { violations: ['split-brain'] },
  fix: {
    params: { casToken: true },
    // The fixed run's own telling, with the story's seven step numbers: the claims race the same way,
    // one wins, the other learns it lost, and the leader's job writes once, fenced by its token.
    steps: [
      ...claims,
      {
        id: 'one-wins',
        shows: { roles: { 'node-2': 'leader' }, tokens: { 'node-2': 1 } },
        anchor: { k: 'role', role: 'leader' },
        caption: '{node} gets UPDATE 1: it leads, with token {token}.',
      },
      oneLeader,
      {
        id: 'fenced-update',
        shows: { roles: { 'node-2': 'leader' }, write: { node: 'node-2', status: 'accepted', token: 1 } },
        anchor: { k: 'write', status: 'accepted' },
        caption:
          'At the job’s hour only {node} runs it. Its status update carries token {token}, and the database accepts it: one e-mail per customer.',
      },
      fencedJob,
    ],
    expect: { noViolations: ['split-brain', 'stale-write-accepted'] },
  },
  // Try to break it: it breaks by itself; the question is the fix's, within one crash or pause.
  challenge: {
    lockedKnobs: ['election', 'casToken'],
    goal: 'split-brain',
    budget: { faults: { crash: 1, pause: 1 }, total: 1 },
    fix: 'fix-block',
  },
} satisfies ScenarioInput;
