import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The naive answer to the twenty e-mails: a leadership flag in a table with no expiry. Five instances
 * claim the leader row at boot (`WHERE token=0 AND node IS NULL`, so exactly one wins); node-1 wins
 * and runs the job. The job is scaled down to every 10 s (a nightly job in the sources) so that its
 * absence shows. node-1 dies with the flag set at 12 s: nobody takes over, and the job stops without
 * an error. The alarm on the task itself ("the job has not run for 35 s", jobAlarmMs) fires at last.
 * With `fix` on the row is a lease (TTL 15 s, renewed every 5 s): it expires and node-2 or another
 * instance takes the job over. Same crash in both runs.
 */
/** Elected, the job runs, the leader dies: both runs tell them alike. */
const opening = [
  {
    id: 'flag-set',
    shows: { roles: { 'node-1': 'leader' } },
    anchor: { k: 'role', node: 'node-1', role: 'leader' },
    caption:
      'Five instances read the leader row and claim it. node-1’s UPDATE changes it first: node = node-1. The four others get UPDATE 0 and follow.',
  },
  {
    id: 'job-runs',
    shows: { roles: { 'node-1': 'leader' } },
    anchor: { k: 'mark', node: 'node-1', type: 'job-run' },
    caption:
      'The job is due (every {jobEveryMs} ms here, nightly in real life). Only node-1, the leader, runs it: one scan, one status update, one e-mail per customer.',
  },
  {
    id: 'leader-dies',
    shows: { roles: { 'node-1': 'down' } },
    anchor: { k: 'fault', type: 'crash', node: 'node-1' },
    caption: 'node-1 dies, and the row still says node = node-1.',
  },
] as const;

export default {
  id: 'leader-flag',
  title: 'A leadership flag with no expiry',
  summary:
    'The leader is a row in a table with no expiry. node-1 holds it and dies with the flag still set. Nobody takes over and the job simply stops: no error, only absence, until an alarm on the job itself says it has not run for too long.',
  tagline: 'The leader dies with the flag set: the job stops, and nothing errors.',
  group: 'pitfalls',
  algorithm: 'dbjob',
  nodes: 5,
  seed: 8,
  durationMs: 60_000,
  timeScale: 2,
  params: {
    election: true,
    casToken: true,
    leaseTtlS: 0,
    jobAtMs: 5000,
    jobEveryMs: 10_000,
    jobAlarmMs: 35_000,
  },
  faults: [{ atMs: 12_000, fault: { kind: 'crash', node: 'node-1' } }],
  steps: [
    ...opening,
    {
      id: 'silence',
      shows: { roles: { 'node-1': 'down' }, alarm: 'job-not-running' },
      anchor: { k: 'violation', type: 'job-not-running' },
      caption:
        'The flag never expires: the others keep reading the row and keep finding node-1, a dead leader, in it. The job has stopped and nothing errors. Only the alarm on the job itself fires: it has not run for more than {jobAlarmMs} ms.',
    },
    {
      id: 'job-again',
      shows: { roles: { 'node-4': 'leader' } },
      anchor: { k: 'mark', type: 'job-run' },
      when: { step: 'silence', told: false },
      caption:
        'The row expired, so {node} claimed it and runs the job again. This is the fix: a lease with a TTL and renewals, so a dead leader frees the post by itself.',
    },
    {
      id: 'lesson',
      shows: {},
      anchor: { k: 'end' },
      when: { step: 'silence', told: true },
      caption:
        'In production the discovery comes days later, when someone notices that the reports stopped. Use a lease with a TTL and renewal, always, and monitor the task’s runs, not the leader’s health.',
    },
  ],
  adr: ['matrix.lease', 'consequence.failover-ttl'],
  expect: { violations: ['job-not-running'], noViolations: ['split-brain'] },
  fix: {
    params: { leaseTtlS: 15, renewS: 5 },
    // The fixed run's own telling: steps 4 and 5 are the takeover and the job running again.
    steps: [
      ...opening,
      {
        id: 'row-expires',
        shows: { roles: { 'node-1': 'down', 'node-4': 'leader' }, tokens: { 'node-4': 2 } },
        anchor: { k: 'role', role: 'leader' },
        caption:
          'node-1 renewed the row every {renewS} s; with no renewal its lease runs out {leaseTtlS} s after the last one. {node} finds the row expired, claims it and leads with token {token}.',
      },
      {
        id: 'job-again',
        shows: { roles: { 'node-4': 'leader' } },
        anchor: { k: 'mark', type: 'job-run' },
        caption:
          'The row expired, so {node} claimed it and runs the job again. This is the fix: a lease with a TTL and renewals, so a dead leader frees the post by itself.',
      },
      {
        id: 'lease-lesson',
        shows: {},
        anchor: { k: 'end' },
        caption:
          'The job stopped only until the row’s lease ran out and its next slot came; nobody had to notice. Keep monitoring the task’s runs all the same: that catches what a lease cannot, such as a leader that holds the row but never runs the job.',
      },
    ],
    expect: { noViolations: ['job-not-running', 'split-brain'] },
  },
} satisfies ScenarioInput;
