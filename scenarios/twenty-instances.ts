import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The sources' opening story: the billing report runs every day at 03:00, written when there was one
 * instance (a @Scheduled job in the application). The application now runs on twenty identical
 * instances and nobody elects one: at 03:00 all twenty run it. The clock starts at 02:59:50, so the
 * job is due 10 s in. With `fix` on, the instances elect one in the database with a lease (the
 * leader row with a TTL, claimed with `WHERE token=$current`), and only the leader runs the job.
 */
export default {
  id: 'twenty-instances',
  title: 'Twenty instances, twenty e-mails',
  summary:
    'The 03:00 billing job was written for one instance. Now there are twenty and no election: each runs the job, every overdue customer gets twenty e-mails, the database is scanned twenty times and the status update runs twenty times at once.',
  tagline: 'Twenty instances, no election: the nightly job runs twenty times.',
  group: 'pitfalls',
  algorithm: 'dbjob',
  nodes: 20,
  seed: 3,
  durationMs: 16_000,
  timeScale: 0.5,
  params: { election: false, jobAtMs: 10_000 },
  faults: [],
  steps: [
    {
      id: 'twenty-up',
      shows: {},
      anchor: { k: 'start' },
      caption:
        'It is 02:59:50. Twenty identical instances of the billing service are up, each with the same job scheduled for 03:00.',
    },
    {
      id: 'no-election',
      shows: {},
      anchor: { k: 'mark', type: 'no-election' },
      caption:
        'Nothing elects one of them: each instance’s scheduler fires on its own, as it did when there was only one instance.',
    },
    {
      id: 'one-wins',
      shows: { roles: { 'node-14': 'leader' }, tokens: { 'node-14': 1 } },
      anchor: { k: 'role', role: 'leader' },
      when: { step: 'no-election', told: false },
      caption:
        'With the fix, each instance claims the leader row with UPDATE … SET token=token+1 WHERE token=0. The database runs the claims one after another: {node}’s changes the row (UPDATE 1) and it leads with token {token}; the nineteen others find token 1 and change nothing (UPDATE 0).',
    },
    {
      id: 'three-am',
      shows: { roles: { 'node-1': 'follower' } },
      anchor: { k: 'mark', type: 'job-run' },
      when: { step: 'no-election', told: true },
      caption:
        '03:00. {node} starts the billing job, and so do the nineteen others: twenty identical scans of the overdue invoices hit the database at once.',
    },
    {
      id: 'leader-runs',
      shows: { roles: { 'node-14': 'leader' } },
      anchor: { k: 'mark', type: 'job-run' },
      when: { step: 'no-election', told: false },
      caption:
        '03:00. Every instance’s cron fires, but only the leader, {node}, runs the job: one scan of the invoices.',
    },
    {
      id: 'twenty-updates',
      shows: { roles: { 'node-13': 'follower' } },
      anchor: { k: 'write', status: 'accepted', nth: 20 },
      caption:
        'Each of the twenty found the same overdue customers, so the status update ran twenty times in parallel. The rows say reminded_by {node}: whoever came last. The result depends on the order.',
    },
    {
      id: 'twenty-emails',
      shows: {},
      anchor: { k: 'end' },
      when: { step: 'twenty-updates', told: true },
      caption:
        'Every overdue customer has twenty reminder e-mails in the outbox. Running it twenty times is not “more resilient”: some tasks want exclusivity, and it has to be built on purpose.',
    },
    {
      id: 'one-email',
      shows: {},
      anchor: { k: 'end' },
      when: { step: 'twenty-updates', told: false },
      caption:
        'One status update, fenced by the leader’s token: each overdue customer has one e-mail. The leader renews its lease every few seconds; if it dies, the lease expires and another instance takes the job.',
    },
  ],
  adr: ['matrix.lease'],
  expect: { noViolations: ['split-brain', 'stale-write-accepted'] },
  // The fix: an election in the database, by lease (a TTL) and a compare-and-set on the token.
  fix: {
    params: { election: true, casToken: true, leaseTtlS: 15 },
    // The fixed run's own telling, six steps as the story's six: published `step=N&fix=on` links keep
    // their numbers (3 is the claim that wins, 4 the leader's job, 6 the end).
    steps: [
      {
        id: 'twenty-up-elect',
        shows: {},
        anchor: { k: 'start' },
        caption:
          'It is 02:59:50. Twenty identical instances of the billing service are up, each with the same job scheduled for 03:00. With the fix, they first elect one: each reads the leader row in the database.',
      },
      {
        id: 'row-free',
        shows: { message: { type: 'CLAIM' } },
        anchor: { k: 'send', type: 'CLAIM' },
        caption:
          'The row is free (token 0, no node), so each instance sends a claim as soon as its read comes back: twenty claims race for one row.',
      },
      {
        id: 'one-wins',
        shows: { roles: { 'node-14': 'leader' }, tokens: { 'node-14': 1 } },
        anchor: { k: 'role', role: 'leader' },
        caption:
          'With the fix, each instance claims the leader row with UPDATE … SET token=token+1 WHERE token=0. The database runs the claims one after another: {node}’s changes the row (UPDATE 1) and it leads with token {token}; the nineteen others find token 1 and change nothing (UPDATE 0).',
      },
      {
        id: 'leader-runs',
        shows: { roles: { 'node-14': 'leader' } },
        anchor: { k: 'mark', type: 'job-run' },
        caption:
          '03:00. Every instance’s cron fires, but only the leader, {node}, runs the job: one scan of the invoices.',
      },
      {
        id: 'one-update',
        shows: { roles: { 'node-14': 'leader' }, write: { node: 'node-14', status: 'accepted', token: 1 } },
        anchor: { k: 'write', status: 'accepted' },
        caption:
          'The leader’s status update carries its token: the UPDATE applies only while the leader row still holds token {token}. It does, so it runs once, for every overdue customer.',
      },
      {
        id: 'one-email',
        shows: {},
        anchor: { k: 'end' },
        caption:
          'One status update, fenced by the leader’s token: each overdue customer has one e-mail. The leader renews its lease every few seconds; if it dies, the lease expires and another instance takes the job.',
      },
    ],
    expect: { noViolations: ['split-brain', 'stale-write-accepted'] },
  },
  // Try to break it: the job runs twice by itself; with the lease row, can a pause or crashes do it?
  challenge: {
    lockedKnobs: ['election', 'casToken', 'leaseTtlS'],
    goal: 'job-ran-twice',
    budget: { faults: { pause: 1, crash: 2 }, total: 2 },
    fix: 'fix-block',
  },
} satisfies ScenarioInput;
